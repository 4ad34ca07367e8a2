import { Alert } from "@client/components/ui/Alert";
import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { EmptyState } from "@client/components/ui/EmptyState";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { Tabs } from "@client/components/ui/Tabs";
import { useToast } from "@client/components/ui/Toast";
import { apiFetch } from "@client/lib/api";
import { formatDateTime } from "@shared/dates";
import type { MailDeliveryList, MailDeliveryState, MailDeliveryView } from "@shared/schemas/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, RotateCcw } from "lucide-react";
import { useState } from "react";
import { OutboxPanel } from "./OutboxPanel";

type Tab = "all" | "failed" | "outbox";

const STATES: Record<MailDeliveryState, { label: string; tone: BadgeTone }> = {
  queued: { label: "Queued", tone: "slate" },
  sending: { label: "Sending", tone: "indigo" },
  sent: { label: "Sent", tone: "green" },
  retrying: { label: "Will retry", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
  cancelled: { label: "Cancelled", tone: "gray" },
};

const KINDS: Record<MailDeliveryView["kind"], string> = {
  account: "Account",
  welcome: "Welcome",
  "case-update": "Case update",
  "key-date": "Key date reminder",
  "referral-notice": "Referral notice",
  payment: "Payment",
};

const mailKey = (failed: boolean) => ["admin", "mail", failed ? "failed" : "all"] as const;

/**
 * Admin section 'Mail': every mail on its way, newest first (queued, sent, waiting for another try,
 * failed for good), the failed ones with a Retry button; and, while no mail server is configured,
 * the outbox that keeps the mail instead of sending it.
 */
export function MailSection() {
  const [tab, setTab] = useState<Tab>("all");
  const all = useQuery({
    queryKey: mailKey(false),
    queryFn: () => apiFetch<MailDeliveryList>("/api/admin/mail"),
    refetchInterval: 10_000,
  });
  const failedCount = all.data?.failedCount ?? 0;
  const outbox = all.data?.transport === "outbox";
  return (
    <>
      <PageHeader
        title="Mail"
        description="Every mail LawGuide sends goes through a queue: a mail the mail server does not take is tried again later, for about a day. A mail that still fails waits here for you to retry it."
      />
      <Tabs
        label="Mail"
        layout="inline"
        value={tab}
        onChange={setTab}
        keepMounted={false}
        items={[
          { value: "all", label: "All mail", panel: <DeliveriesPanel failed={false} /> },
          {
            value: "failed",
            label: failedCount > 0 ? `Failed (${failedCount})` : "Failed",
            panel: <DeliveriesPanel failed />,
          },
          ...(outbox ? [{ value: "outbox" as const, label: "Outbox", panel: <OutboxPanel /> }] : []),
        ]}
      />
    </>
  );
}

function DeliveriesPanel({ failed }: { failed: boolean }) {
  const query = useQuery({
    queryKey: mailKey(failed),
    queryFn: () => apiFetch<MailDeliveryList>(`/api/admin/mail${failed ? "?failed=1" : ""}`),
    refetchInterval: 10_000,
  });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ delivery: MailDeliveryView }>(`/api/admin/mail/${id}/retry`, { method: "POST" }),
    onSuccess: ({ delivery }) => {
      setProblem(null);
      toast.success(`"${delivery.subject}" is being sent again.`);
      void queryClient.invalidateQueries({ queryKey: ["admin", "mail"] });
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : "The mail could not be retried."),
  });

  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <p className="sr-only">Loading the mail</p>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <Alert tone="danger">The mail could not be loaded. Please try again.</Alert>;
  const { deliveries, transport } = query.data;
  return (
    <div className="space-y-4">
      {!failed && transport === "outbox" ? (
        <Alert tone="info">
          No mail server is configured (SMTP_URL), so mail is kept in the Outbox tab instead of being sent.
        </Alert>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {deliveries.length === 0 ? (
        <EmptyState icon={<Mail className="size-6" aria-hidden />} title={failed ? "No failed mail" : "No mail yet"}>
          {failed
            ? "Every mail was sent or is still being tried."
            : "Mail appears here as LawGuide sends it: welcome mails, password resets, case updates and receipts."}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={failed ? "Failed mail" : "Mail, newest first"}>
          {deliveries.map((delivery) => (
            <li key={delivery.id}>
              <DeliveryCard
                delivery={delivery}
                onRetry={() => retry.mutate(delivery.id)}
                retrying={retry.isPending && retry.variables === delivery.id}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryCard({
  delivery,
  onRetry,
  retrying,
}: {
  delivery: MailDeliveryView;
  onRetry: () => void;
  retrying: boolean;
}) {
  const state = STATES[delivery.state];
  const headingId = `mail-${delivery.id}`;
  return (
    <Card className="p-4">
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
      >
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={state.tone}>{state.label}</Badge>
            <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{KINDS[delivery.kind]}</span>
          </div>
          <h2 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {delivery.subject}
          </h2>
          <p className="text-sm break-all text-slate-700">To {delivery.to}</p>
          <p className="text-sm text-slate-600">{whenText(delivery)}</p>
          {delivery.lastError && delivery.state !== "sent" ? (
            <p className="text-sm break-words text-red-800">Last error: {delivery.lastError}</p>
          ) : null}
        </div>
        {delivery.state === "failed" ? (
          <Button
            variant="secondary"
            icon={RotateCcw}
            onClick={onRetry}
            loading={retrying}
            aria-label={`Retry: ${delivery.subject} to ${delivery.to}`}
            className="shrink-0 self-start"
          >
            Retry
          </Button>
        ) : null}
      </article>
    </Card>
  );
}

/** When the mail was queued and what happened since, in words. */
function whenText(d: MailDeliveryView): string {
  const tries = d.attempts === 1 ? "1 try" : `${d.attempts} tries`;
  switch (d.state) {
    case "sent":
      return `Sent ${formatDateTime(d.sentAt)}${d.attempts > 1 ? ` after ${tries}` : ""}.`;
    case "retrying":
      return `Queued ${formatDateTime(d.queuedAt)}. ${tries} of ${d.maxAttempts} so far; next try ${formatDateTime(d.nextTryAt)}.`;
    case "failed":
      return `Queued ${formatDateTime(d.queuedAt)}. Gave up after ${tries}.`;
    case "sending":
      return `Queued ${formatDateTime(d.queuedAt)}. Being sent now.`;
    case "cancelled":
      return `Queued ${formatDateTime(d.queuedAt)}. Cancelled.`;
    default:
      return `Queued ${formatDateTime(d.queuedAt)}.`;
  }
}
