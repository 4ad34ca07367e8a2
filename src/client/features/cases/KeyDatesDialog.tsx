import { Alert } from "@client/components/ui/Alert";
import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Dialog } from "@client/components/ui/Dialog";
import { Field, Input } from "@client/components/ui/Field";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { refusalText } from "@client/lib/api";
import { formatLongDay } from "@shared/dates";
import {
  KEY_DATE_EVENTS,
  type KeyDateEvent,
  type KeyDateView,
  type KeyDeadline,
  keyDateInputSchema,
} from "@shared/key-dates";
import { type StateCode, US_STATES } from "@shared/us-states";
import { CalendarPlus, CalendarX2, FileText, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { browserTimeZone, keyDateCalendarUrl, useChangeKeyDates, useKeyDates } from "./key-dates-api";

const controlClass =
  "h-11 w-full rounded-[var(--radius-control)] border border-slate-300 bg-white px-3 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700";

/** "December 2026" for a check's day. */
function checkedMonth(day: string): string {
  const [year, month] = day.split("-").map(Number);
  return formatLongDay(year ?? 0, month ?? 1, 1).replace(/ 1,/, "");
}

/** One deadline: the sentence with its day, whether the rule was checked, and what to do once it passes. */
function Deadline({ deadline, caseId }: { deadline: KeyDeadline; caseId: string }) {
  return (
    <li className="space-y-2 rounded-[var(--radius-control)] bg-slate-50 p-3">
      <p className="text-slate-900">{deadline.sentence}</p>
      {deadline.closed ? (
        <p className="text-sm text-slate-700">
          That day is {deadline.closed.why === "Saturday" || deadline.closed.why === "Sunday" ? "a " : ""}
          {deadline.closed.why}. Some rules move a deadline that falls on a weekend or holiday to the next business day
          ({deadline.closed.nextText}); to be safe, act by the earlier day.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {deadline.citation ? (
          deadline.checked ? (
            <Badge tone="green">Rule checked {checkedMonth(deadline.checked)}</Badge>
          ) : (
            <Badge tone="amber">Rule not verified by LawGuide</Badge>
          )
        ) : null}
        {deadline.past ? <Badge tone="slate">Passed</Badge> : null}
      </div>
      {deadline.whatIfPassed ? (
        <p className="text-sm text-slate-700">
          <span className="font-semibold">{deadline.past ? "It has passed: " : "If it passes: "}</span>
          {deadline.whatIfPassed}
        </p>
      ) : null}
      {deadline.document ? (
        <ButtonLink
          variant="secondary"
          size="sm"
          to={`/dashboard/create?tab=templates&template=${encodeURIComponent(deadline.document.templateId)}&from-case=${encodeURIComponent(caseId)}`}
          icon={<FileText className="size-4" aria-hidden />}
        >
          {deadline.document.label}
        </ButtonLink>
      ) : null}
    </li>
  );
}

/** A key date: what happened, when and where, its deadlines, its calendar file and removal. */
function KeyDateCard({
  keyDate,
  caseId,
  onRemove,
  removing,
}: {
  keyDate: KeyDateView;
  caseId: string;
  onRemove: () => void;
  removing: boolean;
}) {
  const ids = useId();
  const hasDay = keyDate.deadlines.some((d) => d.day);
  return (
    <li aria-labelledby={`${ids}-title`} className="space-y-3 rounded-[var(--radius-card)] border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${ids}-title`} className="font-semibold break-words text-slate-900">
            {keyDate.eventLabel}
          </h3>
          <p className="text-sm text-slate-700">
            {keyDate.eventDateText} · {keyDate.stateName}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {hasDay ? (
            <a
              href={keyDateCalendarUrl(caseId, keyDate.id)}
              download
              className="inline-flex h-9 items-center gap-1.5 rounded-[var(--radius-control)] px-3 text-sm font-semibold text-primary-800 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-700"
            >
              <CalendarPlus className="size-4" aria-hidden />
              Add to calendar<span className="sr-only"> (.ics): {keyDate.eventLabel}</span>
            </a>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            loading={removing}
            onClick={onRemove}
            aria-label={`Remove: ${keyDate.eventLabel}, ${keyDate.eventDateText}`}
            icon={<Trash2 className="size-4 text-red-700" aria-hidden />}
          >
            Remove
          </Button>
        </div>
      </div>
      <ul className="space-y-2">
        {keyDate.deadlines.map((deadline) => (
          <Deadline key={deadline.key} deadline={deadline} caseId={caseId} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The case's Key dates: what happened and when, and the deadlines that follow, counted as the
 * state's law says (calendar, business or court days). Each deadline is reminded by mail a week
 * before, a day before and the morning after, and downloads as a calendar event. Legal
 * information, not legal advice.
 */
export function KeyDatesDialog({
  caseId,
  archived,
  open,
  onOpenChange,
}: {
  caseId: string;
  archived: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const toast = useToast();
  const query = useKeyDates(caseId, open);
  const { add, remove } = useChangeKeyDates(caseId);
  const [event, setEvent] = useState<KeyDateEvent>("moved-out");
  const [eventDate, setEventDate] = useState("");
  const [state, setState] = useState<StateCode | "">("");
  const [label, setLabel] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const data = query.data;
  const chosenState = state || data?.caseState || "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const timeZone = browserTimeZone();
    const parsed = keyDateInputSchema.safeParse({
      event,
      eventDate,
      state: chosenState,
      ...(event === "other" ? { label } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message])),
      );
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (created) => {
        toast.success(`Added: ${created.eventLabel}, ${created.eventDateText}.`);
        setEventDate("");
        setLabel("");
      },
      onError: (error) => setFailure(refusalText(error, "The date could not be added. Please try again.")),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Key dates"
      description="Say what happened and when: LawGuide works out the deadlines that follow, as your state's law counts them, and reminds you by e-mail. Legal information, not legal advice: check important dates with the court or a lawyer."
    >
      <div className="space-y-5">
        {query.isError && !data ? (
          <Alert tone="danger">The key dates could not be loaded. Close and try again.</Alert>
        ) : null}
        {!data ? (
          <div className="space-y-2" aria-hidden>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : data.keyDates.length === 0 ? (
          <p className="flex items-center gap-2 text-slate-700">
            <CalendarX2 className="size-5 shrink-0 text-slate-500" aria-hidden />
            No key dates yet.
          </p>
        ) : (
          <ul aria-label="Key dates of this case" className="space-y-3">
            {data.keyDates.map((keyDate) => (
              <KeyDateCard
                key={keyDate.id}
                keyDate={keyDate}
                caseId={caseId}
                removing={remove.isPending && remove.variables === keyDate.id}
                onRemove={() =>
                  remove.mutate(keyDate.id, {
                    onSuccess: () => toast.success(`Removed: ${keyDate.eventLabel}. Its reminders are cancelled.`),
                    onError: (error) => toast.error(refusalText(error, "The date could not be removed.")),
                  })
                }
              />
            ))}
          </ul>
        )}

        {archived ? (
          <Alert tone="info">This case is archived. Restore it to add dates.</Alert>
        ) : (
          <form
            onSubmit={submit}
            noValidate
            aria-labelledby={`${ids}-add`}
            className="space-y-3 border-t border-slate-200 pt-4"
          >
            <h3 id={`${ids}-add`} className="font-semibold text-slate-900">
              Add a date
            </h3>
            {failure ? <Alert tone="danger">{failure}</Alert> : null}
            <Field label="What happened" required error={errors.event}>
              {(p) => (
                <select
                  {...p}
                  className={controlClass}
                  value={event}
                  onChange={(e) => setEvent(e.target.value as KeyDateEvent)}
                >
                  {KEY_DATE_EVENTS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {event === "other" ? (
              <Field label="What the date is" required error={errors.label} help="For example 'Court hearing'.">
                {(p) => <Input {...p} maxLength={80} value={label} onChange={(e) => setLabel(e.target.value)} />}
              </Field>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Date" required error={errors.eventDate}>
                {(p) => <Input {...p} type="date" value={eventDate} onChange={(e) => setEventDate(e.target.value)} />}
              </Field>
              <Field label="State" required error={errors.state}>
                {(p) => (
                  <select
                    {...p}
                    className={controlClass}
                    value={chosenState}
                    onChange={(e) => setState(e.target.value as StateCode | "")}
                  >
                    <option value="">Choose a state</option>
                    {US_STATES.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">
                Reminders come at 9 AM in your time zone. Change them, or get a calendar feed, in your{" "}
                <a href="/dashboard/profile" className="font-semibold text-primary-800 underline">
                  profile
                </a>
                .
              </p>
              <Button type="submit" loading={add.isPending} icon={<CalendarPlus className="size-4" aria-hidden />}>
                Add Date
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
