import { Markdown } from "@client/components/Markdown";
import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { type Detail, DetailList } from "@client/components/ui/DetailList";
import { Dialog } from "@client/components/ui/Dialog";
import { Input } from "@client/components/ui/Field";
import { SelectField } from "@client/components/ui/SelectField";
import { Skeleton } from "@client/components/ui/Skeleton";
import { answerSourceLabel } from "@client/features/admin/answer-source";
import { ApiRequestError } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { formatDate, formatDateTime } from "@shared/dates";
import { ADMIN_TEXT } from "@shared/messages";
import type { AdminCase, AdminCaseUpdate } from "@shared/schemas/admin-cases";
import { type FormEvent, useEffect, useId, useState } from "react";
import { AttorneyField } from "./AttorneyField";
import { useAdminCase, useAdminCaseMessages, useUpdateAdminCase } from "./admin-cases-api";
import {
  AdminCaseStatusBadge,
  COMPLEXITY_OPTIONS,
  complexityLabel,
  formatEstimatedValue,
  STATUS_LABELS,
  STATUS_OPTIONS,
} from "./case-labels";

const UPDATE_FAILED = "Failed to update case. Please try again.";

/** What went wrong, in the spec's words, with the server's reason when it refused the values. */
function failureOf(error: unknown, text: string) {
  const reason = error instanceof ApiRequestError && error.status === 400 ? error.message : null;
  return { text, reason };
}

type Part = "status" | "complexity" | "value" | "attorney";

/**
 * The case detail modal (spec section 2 'Case detail modal'): the case and its member, the
 * status selector, complexity and estimated value, the assigned attorney, and the messages. Every
 * value shown is the server's: a change appears once the server has confirmed it.
 */
export function CaseDetailDialog({
  open,
  onOpenChange,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: AdminCase;
}) {
  const detail = useAdminCase(initial.id, initial);
  const c = detail.data ?? initial;
  const update = useUpdateAdminCase(c.id);
  const [failure, setFailure] = useState<{ part: Part; text: string; reason: string | null } | null>(null);
  const [saving, setSaving] = useState<Part | null>(null);
  const [valueText, setValueText] = useState(c.estimatedValue === null ? "" : String(c.estimatedValue));
  const [valueError, setValueError] = useState<string | null>(null);
  const ids = useId();

  // The value field follows the server's value once it is confirmed (or read again).
  useEffect(() => {
    setValueText(c.estimatedValue === null ? "" : String(c.estimatedValue));
  }, [c.estimatedValue]);

  const save = (part: Part, body: AdminCaseUpdate, failedText: string) => {
    setFailure(null);
    setSaving(part);
    update.mutate(body, {
      onError: (error) => setFailure({ part, ...failureOf(error, failedText) }),
      onSettled: () => setSaving(null),
    });
  };

  const saveValue = (event: FormEvent) => {
    event.preventDefault();
    const raw = valueText.trim().replace(/[$,\s]/g, "");
    if (raw === "") {
      setValueError(null);
      save("value", { estimatedValue: null }, UPDATE_FAILED);
      return;
    }
    const value = Number(raw);
    if (!/^\d+(\.\d{1,2})?$/.test(raw) || !Number.isFinite(value)) {
      setValueError("Enter an amount in dollars of 0 or more, such as 2500 or 2500.50.");
      return;
    }
    setValueError(null);
    save("value", { estimatedValue: value }, UPDATE_FAILED);
  };

  const busy = saving !== null;
  const statusKnown = c.status in STATUS_LABELS;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={c.title} description={`Case ID: ${c.id}`} size="xl">
      <div className="space-y-6">
        {failure ? (
          <Alert tone="danger" title={failure.text}>
            {failure.reason && failure.reason !== failure.text ? failure.reason : null}
          </Alert>
        ) : null}
        <p role="status" className="sr-only">
          {saving ? "Saving…" : ""}
        </p>

        <DetailList variant="fields" className="grid gap-4 sm:grid-cols-2" items={caseDetails(c)} />

        <section aria-labelledby={`${ids}-manage`} className="space-y-4 rounded-[var(--radius-card)] bg-slate-50 p-4">
          <h3 id={`${ids}-manage`} className="text-base font-semibold text-slate-900">
            Manage case
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Status"
              value={c.status}
              disabled={busy}
              onChange={(status) =>
                save(
                  "status",
                  { status: status as NonNullable<AdminCaseUpdate["status"]> },
                  ADMIN_TEXT.updateCaseStatusFailed,
                )
              }
              options={STATUS_OPTIONS}
            >
              {statusKnown ? null : (
                <option value={c.status} disabled>
                  Unknown
                </option>
              )}
            </SelectField>
            <SelectField
              label="Complexity"
              value={c.complexity ?? ""}
              disabled={busy}
              onChange={(complexity) =>
                save("complexity", { complexity: (complexity || null) as AdminCaseUpdate["complexity"] }, UPDATE_FAILED)
              }
              options={COMPLEXITY_OPTIONS}
            >
              <option value="">Not set</option>
            </SelectField>
          </div>

          <form onSubmit={saveValue} className="space-y-1.5" noValidate>
            <label htmlFor={`${ids}-value`} className="block text-sm font-semibold text-slate-800">
              Estimated value (dollars)
            </label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={`${ids}-value`}
                inputMode="decimal"
                value={valueText}
                onChange={(event) => setValueText(event.target.value)}
                placeholder="Not estimated"
                className="max-w-56"
                aria-invalid={valueError ? true : undefined}
                aria-describedby={valueError ? `${ids}-value-error` : `${ids}-value-help`}
              />
              <Button type="submit" variant="secondary" loading={saving === "value"} disabled={busy}>
                Save Value
              </Button>
            </div>
            {valueError ? (
              <p id={`${ids}-value-error`} className="text-sm font-medium text-red-700">
                {valueError}
              </p>
            ) : (
              <p id={`${ids}-value-help`} className="text-sm text-slate-600">
                Leave it empty to clear the estimate.
              </p>
            )}
          </form>

          <AttorneyField
            current={c.assignedAttorney}
            busy={busy}
            saving={saving === "attorney"}
            onAssign={(body) => save("attorney", body, ADMIN_TEXT.assignAttorneyFailed)}
          />
        </section>

        <CaseMessages caseId={c.id} />
      </div>
    </Dialog>
  );
}

/** The case and its member, as the modal lists them. */
function caseDetails(c: AdminCase): Detail[] {
  const member = (
    <>
      <span className="block font-medium text-slate-900">{c.userName}</span>
      <span className="block break-all text-slate-600">{c.userEmail}</span>
    </>
  );
  const status = <AdminCaseStatusBadge status={c.status} />;
  const description = <span className="whitespace-pre-wrap">{c.description || "No description provided"}</span>;
  return [
    ["User", member],
    ["Status", status],
    ["Description", description, "wide"],
    ["Category", c.category || "Uncategorized"],
    ["Complexity", complexityLabel(c.complexity)],
    ["Estimated Value", formatEstimatedValue(c.estimatedValue)],
    ["Assigned Attorney", c.assignedAttorney || "Not assigned"],
    ["Created", formatDate(c.createdAt)],
    ["Last activity", formatDateTime(c.lastMessageAt ?? c.updatedAt)],
  ];
}

function CaseMessages({ caseId }: { caseId: string }) {
  const messages = useAdminCaseMessages(caseId);
  const ids = useId();
  const items = messages.data?.pages.flatMap((p) => p.messages) ?? [];
  return (
    <section aria-labelledby={`${ids}-messages`} className="space-y-3">
      <h3 id={`${ids}-messages`} className="text-base font-semibold text-slate-900">
        Case Messages
      </h3>
      {messages.isPending ? (
        <div className="space-y-2">
          <p role="status" className="sr-only">
            Loading the messages…
          </p>
          <Skeleton className="h-14 w-3/4" />
          <Skeleton className="ml-auto h-14 w-2/3" />
        </div>
      ) : messages.isError ? (
        <Alert tone="danger" title="The messages could not be loaded">
          <button type="button" className="font-semibold underline" onClick={() => messages.refetch()}>
            Try again
          </button>
        </Alert>
      ) : items.length === 0 ? (
        <p className="rounded-[var(--radius-control)] bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          No messages in this case
        </p>
      ) : (
        <ol className="space-y-3">
          {items.map((m) => (
            <li key={m.id} className={cn("flex", m.isUser ? "justify-end" : "justify-start")}>
              <article
                aria-label={m.isUser ? "Member's message" : "Assistant's message"}
                className={cn(
                  "max-w-[85%] rounded-[var(--radius-card)] px-4 py-3 text-sm",
                  m.isUser ? "bg-primary-900 text-white" : "border border-slate-200 bg-white text-slate-900",
                )}
              >
                {m.isUser ? (
                  <p className="whitespace-pre-wrap break-words">{m.content}</p>
                ) : (
                  // The assistant's answers as the member read them.
                  <Markdown>{m.content}</Markdown>
                )}
                <p className={cn("mt-2 text-xs", m.isUser ? "text-primary-100" : "text-slate-600")}>
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {m.isUser ? " · Member" : null}
                  {!m.isUser && m.aiProvider ? ` · ${answerSourceLabel(m.aiProvider, m.aiModel)}` : null}
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
      {messages.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
            Load more messages
          </Button>
        </div>
      ) : null}
    </section>
  );
}
