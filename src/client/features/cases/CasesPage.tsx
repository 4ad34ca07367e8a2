import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { EmptyState } from "@client/components/ui/EmptyState";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { Lightbulb, MessageSquarePlus, MessagesSquare } from "lucide-react";
import { useState } from "react";
import { CaseCard } from "./CaseCard";
import { useCaseAction, useCasesList } from "./cases-api";
import { ReferralDialog } from "./ReferralDialog";
import { useStartCase } from "./use-start-case";

const TIPS = [
  "Say which state you are in: the law often depends on it.",
  "Give dates, amounts and what was said or written.",
  "Keep one case per problem, so each conversation stays clear.",
  "Ask to be referred to an attorney when a deadline or court date is near.",
];

/** /dashboard/cases: the member's cases, newest activity first, a page at a time. */
export function CasesPage() {
  const list = useCasesList();
  const startCase = useStartCase();
  const archive = useCaseAction("archive");
  const restore = useCaseAction("restore");
  const toast = useToast();
  const [referring, setReferring] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const newChat = (
    <Button
      onClick={() => startCase.start()}
      loading={startCase.pending}
      icon={<MessageSquarePlus className="size-5" aria-hidden />}
    >
      New Chat
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Legal Chats"
        description="Every conversation with the assistant is kept as a case."
        actions={items.length ? newChat : null}
      />
      {list.isPending ? (
        <div className="space-y-3">
          <p role="status" className="sr-only">
            Loading cases…
          </p>
          {["first", "second", "third"].map((key) => (
            <Card key={key} aria-hidden className="space-y-3 p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-1/2" />
            </Card>
          ))}
        </div>
      ) : list.isError ? (
        <Alert tone="danger" title="Your cases could not be loaded">
          Check your connection and{" "}
          <button type="button" className="font-semibold underline" onClick={() => list.refetch()}>
            try again
          </button>
          .
        </Alert>
      ) : items.length === 0 ? (
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
          Describe a legal problem in your own words and the assistant will explain the rules that may apply and your
          options. Each conversation is saved here as a case.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <CaseCard
                item={item}
                busy={archive.isPending || restore.isPending}
                onRefer={() => setReferring(item.id)}
                onArchive={() =>
                  archive.mutate(item.id, {
                    onSuccess: () => toast.success("Case archived. You can restore it at any time."),
                    onError: (e) => toast.error(e.message),
                  })
                }
                onRestore={() =>
                  restore.mutate(item.id, {
                    onSuccess: () => toast.success("Case restored."),
                    onError: (e) => toast.error(e.message),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more cases
          </Button>
        </div>
      ) : null}
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
