import { PageHeader } from "@client/components/ui/PageHeader";
import { Tabs } from "@client/components/ui/Tabs";
import type { DocumentDraft } from "@shared/schemas/documents";
import type { Answers } from "@shared/templates/types";
import { Bot, FileText } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AssistantChat } from "./AssistantChat";
import { DocumentGenerator } from "./DocumentGenerator";
import { useDrafts } from "./documents-api";
import { useGeneratorController } from "./generator-state";
import { DraftsInProgress, MyDocuments } from "./MyDocuments";

type CenterTab = "assistant" | "templates";

const NO_DRAFTS: readonly DocumentDraft[] = [];

/** /dashboard/create: the assistant, the generator, and the member's documents and drafts. */
export function DocumentCenterPage() {
  const [params, setParams] = useSearchParams();
  // The tab changes at once (focus may move into it in the same update); the address follows.
  const [tab, setTabState] = useState<CenterTab>(params.get("tab") === "templates" ? "templates" : "assistant");
  const drafts = useDrafts();
  const draftItems = drafts.data ?? NO_DRAFTS;
  const generator = useGeneratorController(drafts.data);

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
              panel: <AssistantChat onOpenTemplate={openFromAssistant} onShowTemplates={() => setTab("templates")} />,
            },
            {
              value: "templates",
              label: "Document Templates",
              icon: <FileText className="size-5" aria-hidden />,
              panel: <DocumentGenerator controller={generator} drafts={draftItems} />,
            },
          ]}
        />
        <MyDocuments />
        <DraftsInProgress drafts={draftItems} onResume={resume} />
      </div>
    </>
  );
}
