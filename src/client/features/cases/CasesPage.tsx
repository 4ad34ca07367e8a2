import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { EmptyState } from "@client/components/ui/EmptyState";
import { PagedList } from "@client/components/ui/PagedList";
import { PageHeader } from "@client/components/ui/PageHeader";
import { SearchBox } from "@client/components/ui/SearchBox";
import { useToast } from "@client/components/ui/Toast";
import { CASE_SEARCH_MAX_CHARS } from "@shared/chat";
import { Lightbulb, MessagesSquare, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { type CaseAction, CaseCard } from "./CaseCard";
import { useCaseAction, useCasesList } from "./cases-api";
import { NewChatButton } from "./NewChatButton";
import { ReferralDialog } from "./ReferralDialog";

const TIPS = [
  "Say which state you are in: the law often depends on it.",
  "Give dates, amounts and what was said or written.",
  "Keep one case per problem, so each conversation stays clear.",
  "Ask to be referred to an attorney when a deadline or court date is near.",
];

/** What the member is told once a case is archived or restored. */
const DONE = {
  archive: "Case archived. You can restore it at any time.",
  restore: "Case restored.",
} as const;

/** The search as typed, settled: it changes 300 ms after the member stops typing. */
function useDeferredSearch(value: string): string {
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** /dashboard/cases: the member's cases, newest activity first, a page at a time. */
export function CasesPage() {
  const [search, setSearch] = useState("");
  const query = useDeferredSearch(search);
  const list = useCasesList(query);
  const archive = useCaseAction("archive");
  const restore = useCaseAction("restore");
  const toast = useToast();
  const [referring, setReferring] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const newChat = <NewChatButton />;

  const act = (action: CaseAction, caseId: string) => {
    if (action === "refer") {
      setReferring(caseId);
      return;
    }
    (action === "archive" ? archive : restore).mutate(caseId, {
      onSuccess: () => toast.success(DONE[action]),
      onError: (e) => toast.error(e.message),
    });
  };

  return (
    <>
      <PageHeader
        title="Legal Chats"
        description="Every conversation with the assistant is kept as a case."
        actions={items.length ? newChat : null}
      />
      {items.length > 0 || query ? (
        <SearchBox
          label="Search your cases"
          value={search}
          onChange={setSearch}
          placeholder="Title, description or your messages"
          maxLength={CASE_SEARCH_MAX_CHARS}
          className="mb-4"
        />
      ) : null}
      {query ? (
        <p role="status" className="mb-3 text-sm text-slate-600">
          {list.isPending
            ? "Searching…"
            : items.length === 0
              ? `No cases match “${query}”.`
              : `Cases matching “${query}”`}
        </p>
      ) : null}
      <PagedList
        query={list}
        items={items}
        itemKey={(item) => item.id}
        noun="cases"
        empty={
          query ? (
            <EmptyState icon={<SearchX className="size-6" aria-hidden />} title="No cases found">
              No case has “{query}” in its title or description.{" "}
              <button type="button" className="font-semibold text-primary-800 underline" onClick={() => setSearch("")}>
                Clear search
              </button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<MessagesSquare className="size-6" aria-hidden />}
              title="Welcome to your legal chats"
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  {newChat}
                  <ButtonLink to="/dashboard/home" variant="secondary">
                    See example questions
                  </ButtonLink>
                </div>
              }
            >
              Describe a legal problem in your own words and the assistant will explain the rules that may apply and
              your options. Each conversation is saved here as a case.
            </EmptyState>
          )
        }
        renderItem={(item) => (
          <CaseCard
            item={item}
            busy={archive.isPending || restore.isPending}
            onAction={(action) => act(action, item.id)}
          />
        )}
      />
      <Card className="mt-6 border-primary-200 bg-primary-50 p-5">
        <h2 className="flex items-center gap-2 font-semibold text-primary-950">
          <Lightbulb className="size-5" aria-hidden /> Tips for better answers
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
      {referring ? (
        <ReferralDialog caseId={referring} open onOpenChange={(open) => !open && setReferring(null)} />
      ) : null}
    </>
  );
}
