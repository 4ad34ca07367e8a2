import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Checkbox, Field, Input, Textarea } from "@client/components/ui/Field";
import type { OpenState } from "@client/components/ui/FormDialog";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { failureText } from "@client/features/admin/admin-api";
import { DAY_UNITS, type DayUnit, LAW_EVENTS, LAW_TOPICS, type LawFact, type LawTopic, periodText } from "@shared/law";
import { type LawFactEdit, lawFactEditSchema } from "@shared/schemas/law-library";
import { stateName } from "@shared/us-states";
import { CheckCircle2, ExternalLink, Pencil } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useChangeLawFact, useLawFact } from "./law-library-api";
import { checkedText } from "./law-text";

const EVENT_LABELS = new Map<string, string>(LAW_EVENTS.map((e) => [e.id, e.label]));
const UNIT_LABELS: Record<DayUnit, string> = {
  "calendar-days": "calendar days",
  "business-days": "business days",
  "court-days": "court days",
  hours: "hours",
  months: "months",
  years: "years",
};

/** One fact as it reads: rule, citation, source, when checked, the source's words, notes and deadlines. */
function FactView({ fact, heading }: { fact: LawFact; heading?: string }) {
  return (
    <div className="space-y-3 text-sm">
      {heading ? <h3 className="font-semibold text-slate-900">{heading}</h3> : null}
      <p className="text-base text-slate-900">{fact.rule}</p>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-700">Citation</dt>
        <dd className="break-words">{fact.citation}</dd>
        <dt className="font-semibold text-slate-700">Source</dt>
        <dd className="break-all">
          {fact.sourceUrl ? (
            <a href={fact.sourceUrl} target="_blank" rel="noreferrer" className="text-primary-800 underline">
              {fact.sourceUrl}
              <ExternalLink className="ml-1 inline size-3.5" aria-label="(opens in a new tab)" />
            </a>
          ) : (
            "No page found yet"
          )}
        </dd>
        <dt className="font-semibold text-slate-700">Checked</dt>
        <dd>{fact.checked ? `${checkedText(fact.checked)} by ${fact.checkedBy ?? "LawGuide"}` : "Not verified"}</dd>
        {fact.deadlines.map((d) => (
          <div key={d.event} className="contents">
            <dt className="font-semibold text-slate-700">{EVENT_LABELS.get(d.event) ?? d.event}</dt>
            <dd>
              {d.amount !== null && d.unit ? `${periodText(d.amount, d.unit)} · ` : "No figure to count · "}
              {d.rule ?? ""}
            </dd>
          </div>
        ))}
      </dl>
      {fact.evidence ? (
        <blockquote className="border-l-4 border-slate-300 pl-3 text-slate-700 italic">{fact.evidence}</blockquote>
      ) : null}
      {fact.notes ? <p className="whitespace-pre-line text-slate-700">{fact.notes}</p> : null}
    </div>
  );
}

interface EditValues {
  rule: string;
  citation: string;
  sourceUrl: string;
  notes: string;
  deadlines: Array<{ event: LawFact["deadlines"][number]["event"]; amount: string; unit: DayUnit | "" }>;
  checkedNow: boolean;
}

const toValues = (fact: LawFact): EditValues => ({
  rule: fact.rule,
  citation: fact.citation,
  sourceUrl: fact.sourceUrl ?? "",
  notes: fact.notes ?? "",
  deadlines: fact.deadlines.map((d) => ({
    event: d.event,
    amount: d.amount === null ? "" : String(d.amount),
    unit: d.unit ?? "",
  })),
  checkedNow: false,
});

function toBody(values: EditValues): unknown {
  return {
    rule: values.rule.trim(),
    citation: values.citation.trim(),
    sourceUrl: values.sourceUrl.trim(),
    notes: values.notes.trim(),
    deadlines: values.deadlines.map((d) => ({
      event: d.event,
      amount: d.amount.trim() === "" ? null : Number(d.amount),
      unit: d.unit === "" ? null : d.unit,
    })),
    checkedNow: values.checkedNow,
  };
}

/**
 * One fact of the law library, reviewed by an administrator: read it with its source, mark it
 * checked, correct it (a correction is not verified unless read against the source today), and,
 * when a newer release of a fact they edited has come, see both and keep one.
 */
export function LawFactDialog({ state, topic, ...dialog }: OpenState & { state: string; topic: LawTopic }) {
  const ids = useId();
  const toast = useToast();
  const query = useLawFact(state, topic, dialog.open);
  const change = useChangeLawFact(state, topic);
  const [editing, setEditing] = useState<EditValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const detail = query.data;
  const label = `${stateName(state)} · ${LAW_TOPICS.find((t) => t.id === topic)?.label ?? topic}`;

  const run = (kind: Parameters<typeof change.mutate>[0], done: string) => {
    setFailure(null);
    change.mutate(kind, {
      onSuccess: () => {
        setEditing(null);
        toast.success(done);
      },
      onError: (error) => setFailure(failureText(error, "The fact could not be changed. Please try again.")),
    });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const parsed = lawFactEditSchema.safeParse(toBody(editing));
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? "Please check the form.");
      return;
    }
    run({ kind: "edit", body: parsed.data as LawFactEdit }, `${label}: saved.`);
  };

  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) =>
    setEditing((values) => (values ? { ...values, [key]: value } : values));

  return (
    <Dialog
      {...dialog}
      size="xl"
      title={label}
      description="Read the rule against its source before marking it checked. Legal information, not legal advice."
      footer={
        editing ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" form={`${ids}-form`} loading={change.isPending}>
              Save Fact
            </Button>
          </>
        ) : detail ? (
          <>
            <Button
              variant="secondary"
              icon={<Pencil className="size-4" aria-hidden />}
              onClick={() => {
                setFailure(null);
                setEditing(toValues(detail.fact));
              }}
            >
              Edit
            </Button>
            <Button
              icon={<CheckCircle2 className="size-4" aria-hidden />}
              disabled={!detail.fact.sourceUrl}
              loading={change.isPending}
              onClick={() => run({ kind: "check" }, `${label}: marked checked today.`)}
            >
              Mark Checked Today
            </Button>
          </>
        ) : null
      }
    >
      <div className="space-y-4">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        {query.isError && !detail ? (
          <Alert tone="danger">This fact could not be loaded. Close and try again.</Alert>
        ) : null}
        {!detail ? (
          <div className="space-y-2" aria-hidden>
            <Skeleton className="h-5 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : editing ? (
          <form id={`${ids}-form`} onSubmit={save} noValidate className="space-y-4">
            <Field label="Rule" required help="The rule as a plain sentence, as a member would read it.">
              {(p) => (
                <Textarea
                  {...p}
                  rows={3}
                  maxLength={600}
                  value={editing.rule}
                  onChange={(e) => set("rule", e.target.value)}
                />
              )}
            </Field>
            <Field label="Citation" required>
              {(p) => (
                <Input
                  {...p}
                  maxLength={300}
                  value={editing.citation}
                  onChange={(e) => set("citation", e.target.value)}
                />
              )}
            </Field>
            <Field
              label="Source address"
              help="The page whose text you read: an official code site where there is one."
            >
              {(p) => (
                <Input
                  {...p}
                  type="url"
                  maxLength={500}
                  value={editing.sourceUrl}
                  onChange={(e) => set("sourceUrl", e.target.value)}
                />
              )}
            </Field>
            {editing.deadlines.map((d, index) => (
              <fieldset key={d.event} className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                <legend className="mb-1 text-sm font-semibold text-slate-800">
                  {EVENT_LABELS.get(d.event) ?? d.event}
                </legend>
                <Field label="Number">
                  {(p) => (
                    <Input
                      {...p}
                      inputMode="numeric"
                      value={d.amount}
                      onChange={(e) =>
                        set(
                          "deadlines",
                          editing.deadlines.map((x, i) => (i === index ? { ...x, amount: e.target.value } : x)),
                        )
                      }
                    />
                  )}
                </Field>
                <Field label="Counted in">
                  {(p) => (
                    <select
                      {...p}
                      className="h-11 w-full rounded-[var(--radius-control)] border border-slate-300 bg-white px-3"
                      value={d.unit}
                      onChange={(e) =>
                        set(
                          "deadlines",
                          editing.deadlines.map((x, i) =>
                            i === index ? { ...x, unit: e.target.value as DayUnit | "" } : x,
                          ),
                        )
                      }
                    >
                      <option value="">No figure</option>
                      {DAY_UNITS.map((unit) => (
                        <option key={unit} value={unit}>
                          {UNIT_LABELS[unit]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </fieldset>
            ))}
            <Field label="Notes" help="Exceptions, doubts, changes pending.">
              {(p) => (
                <Textarea
                  {...p}
                  rows={3}
                  maxLength={2000}
                  value={editing.notes}
                  onChange={(e) => set("notes", e.target.value)}
                />
              )}
            </Field>
            <Checkbox
              label="I read this rule against the source today"
              description="Without it, the corrected fact is shown as not verified."
              checked={editing.checkedNow}
              onChange={(e) => set("checkedNow", e.target.checked)}
            />
          </form>
        ) : (
          <>
            {detail.pending ? (
              <section
                aria-labelledby={`${ids}-pending`}
                className="space-y-3 rounded-[var(--radius-control)] border border-premium-300 bg-premium-50 p-4"
              >
                <h3 id={`${ids}-pending`} className="font-semibold text-slate-900">
                  A newer release of this fact (of {checkedText(detail.pending.version)}) differs from the edited one in
                  force
                </h3>
                <div className="grid gap-4 lg:grid-cols-2">
                  <FactView
                    fact={detail.fact}
                    heading={`In force, edited by ${detail.editedBy ?? "an administrator"}`}
                  />
                  <FactView fact={detail.pending.fact} heading="The release" />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    loading={change.isPending}
                    onClick={() =>
                      run({ kind: "release", body: { take: "release" } }, `${label}: the release is in force.`)
                    }
                  >
                    Take the Release
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => run({ kind: "release", body: { take: "mine" } }, `${label}: your version is kept.`)}
                  >
                    Keep Mine
                  </Button>
                </div>
              </section>
            ) : null}
            {detail.pending ? null : <FactView fact={detail.fact} />}
            {detail.editedAt ? (
              <p className="text-xs text-slate-600">
                Edited by {detail.editedBy ?? "an administrator"} on {checkedText(detail.editedAt.slice(0, 10))}.
              </p>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  );
}
