import { PageHeader } from "@client/components/ui/PageHeader";
import { Tabs } from "@client/components/ui/Tabs";
import { useSession } from "@client/lib/session";
import type { DocumentDraft } from "@shared/schemas/documents";
import { getTemplate } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import { Bot, FileText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { AssistantChat } from "./AssistantChat";
import { DocumentGenerator } from "./DocumentGenerator";
import { useDrafts, useTemplateStandings } from "./documents-api";
import { useGeneratorController } from "./generator-state";
import { takeKeptAnswers } from "./kept-answers";
import { DraftsInProgress, MyDocuments } from "./MyDocuments";
import { forSaleMessage } from "./template-info";

type CenterTab = "assistant" | "templates";

const NO_DRAFTS: readonly DocumentDraft[] = [];

/**
 * /dashboard/create: the assistant, the generator, and the member's documents and drafts.
 * `?tab=templates&template=<id>` (`templateLink`: the payment success page, the receipt mail) opens
 * that template's generator on its first question once the member's drafts and what they may use
 * are known, or the notice that it is for sale.
 */
export function DocumentCenterPage() {
  const [params, setParams] = useSearchParams();
  const linked = params.get("template");
  // The tab changes at once (focus may move into it in the same update); the address follows.
  const [tab, setTabState] = useState<CenterTab>(
    params.get("tab") === "templates" || linked ? "templates" : "assistant",
  );
  const userId = useSession().user?.id ?? null;
  const drafts = useDrafts();
  const draftItems = drafts.data ?? NO_DRAFTS;
  const standings = useTemplateStandings();
  const generator = useGeneratorController(drafts.data, standings.standingOf);
  const ready = !drafts.isPending && standings.settled;
  const handledLink = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link, when it can be followed
  useEffect(() => {
    if (!linked) {
      handledLink.current = null;
      return;
    }
    if (!ready || handledLink.current === linked) return;
    handledLink.current = linked;
    setTabState("templates");
    // The link is followed once: the address keeps the tab, not the template.
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete("template");
        copy.set("tab", "templates");
        return copy;
      },
      { replace: true },
    );
    if (!getTemplate(linked)) return;
    // Answers typed before buying it come back with it, over any older draft.
    const kept = userId ? takeKeptAnswers(userId, linked) : null;
    generator.openTemplate(linked, kept ?? {}, { kept: kept !== null });
  }, [linked, ready]);

  const setTab = (next: CenterTab) => {
    setTabState(next);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === "templates") copy.set("tab", "templates");
        else copy.delete("tab");
        return copy;
      },
      { replace: true },
    );
  };

  const openFromAssistant = (templateId: string, answers: Answers) => {
    setTab("templates");
    generator.openTemplate(templateId, answers);
  };

  const resume = (draft: DocumentDraft) => {
    setTab("templates");
    generator.resumeDraft(draft);
  };

  return (
    <>
      <PageHeader
        title="Document Center"
        description="Create a legal document from plain questions, or upload one to have it explained in plain words."
      />
      <div className="space-y-10">
        <Tabs<CenterTab>
          label="Ways to create a document"
          value={tab}
          onChange={setTab}
          items={[
            {
              value: "assistant",
              label: "AI Assistant",
              icon: <Bot className="size-5" aria-hidden />,
              panel: (
                <AssistantChat
                  onOpenTemplate={openFromAssistant}
                  onShowTemplates={() => setTab("templates")}
                  forSaleText={(templateId) => {
                    const standing = standings.standingOf(templateId);
                    return standing.kind === "for-sale" ? forSaleMessage(templateId, standing.priceCents) : null;
                  }}
                />
              ),
            },
            {
              value: "templates",
              label: "Document Templates",
              icon: <FileText className="size-5" aria-hidden />,
              panel: <DocumentGenerator controller={generator} drafts={draftItems} userId={userId} />,
            },
          ]}
        />
        <MyDocuments />
        <DraftsInProgress drafts={draftItems} standingOf={standings.standingOf} onResume={resume} />
      </div>
    </>
  );
}
