import { FieldList } from "./LogEntry";
import { type FieldContext, fieldLabel, fieldValue, type LogField, orderedKeys } from "./log-fields";

export interface DiffRow {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** What an audit row recorded: a change (both sides), a creation (new values only) or a removal (old values only). */
export type AuditValues =
  | { kind: "change"; changed: DiffRow[]; total: number }
  | { kind: "created" | "removed"; fields: LogField[] }
  | { kind: "none" };

/** Ids whose record another field of the same row names: the attorney's id beside their name. */
const NAMED_BY: Record<string, string> = { attorneyId: "assignedAttorney" };

/**
 * An audit row's values in words. A change keeps the fields whose value differs (the raw record
 * has the rest); a creation or a removal lists every field it recorded. The record's own id, which
 * the entry names already, and an id another field names in words, are left out.
 */
export function auditValues(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  context: FieldContext & { recordId?: string | null },
): AuditValues {
  const own = (values: Record<string, unknown>) => (key: string) => {
    if (key === "id" && values[key] === context.recordId) return false;
    const namedBy = NAMED_BY[key];
    return !(namedBy && namedBy in values);
  };
  if (before && after) {
    const keys = orderedKeys([...new Set([...Object.keys(before), ...Object.keys(after)])], context).filter(
      own({ ...before, ...after }),
    );
    const changed = keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => ({
        key,
        label: fieldLabel(key, context),
        before: key in before ? fieldValue(key, before[key], context) : "Not recorded",
        after: key in after ? fieldValue(key, after[key], context) : "Not recorded",
      }));
    return { kind: "change", changed, total: keys.length };
  }
  const values = after ?? before;
  if (!values) return { kind: "none" };
  const fields = orderedKeys(Object.keys(values), context)
    .filter(own(values))
    .map((key) => ({ key, label: fieldLabel(key, context), value: fieldValue(key, values[key], context) }));
  return fields.length > 0 ? { kind: after ? "created" : "removed", fields } : { kind: "none" };
}

/** The table's columns and their widths. */
const COLUMNS = [
  ["Field", "w-[36%] pr-2 sm:w-[30%]"],
  ["Before", "w-[32%] pr-2 sm:w-[35%]"],
  ["After", "w-[32%] sm:w-[35%]"],
] as const;

/**
 * An audit row's values: what changed, before and after side by side, one line per field; or the
 * values a creation set, or a removal took away, as fields.
 */
export function ValuesDiff({ values }: { values: AuditValues }) {
  if (values.kind === "none") return null;
  if (values.kind !== "change") {
    return (
      <div className="mt-3">
        <p className="text-sm font-semibold text-slate-700">
          {values.kind === "created" ? "Values set" : "Values removed"}
        </p>
        <FieldList fields={values.fields} className="mt-1" />
      </div>
    );
  }
  const { changed, total } = values;
  if (changed.length === 0) return <p className="mt-3 text-sm text-slate-600">No value changed.</p>;
  return (
    <div className="mt-3">
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-slate-700">
          What changed ({changed.length} of {total} {total === 1 ? "field" : "fields"})
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs text-slate-600">
            {COLUMNS.map(([name, width]) => (
              <th key={name} scope="col" className={`${width} py-1 font-semibold`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {changed.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 align-top last:border-b-0">
              <th scope="row" className="py-1.5 pr-2 font-semibold break-words text-slate-700">
                {row.label}
              </th>
              <td className="py-1.5 pr-2 whitespace-pre-line text-slate-600 [overflow-wrap:anywhere]">{row.before}</td>
              <td className="py-1.5 font-medium whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
                {row.after}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
