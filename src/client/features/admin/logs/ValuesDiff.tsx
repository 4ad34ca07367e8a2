import { cn } from "@client/lib/cn";

/** A stored value as text: strings as they are, anything else as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 1) ?? "";
}

export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Every key of either side, in the order they first appear; a key is changed when its values differ. */
export function diffRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): DiffRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const b = before?.[key];
    const a = after?.[key];
    return { key, before: b, after: a, changed: JSON.stringify(b) !== JSON.stringify(a) };
  });
}

/** The table's columns and their widths (and room between them). */
const COLUMNS = [
  ["Field", "w-[28%] pr-2 pl-2"],
  ["Before", "w-[36%] pr-2"],
  ["After", "w-[36%]"],
] as const;

/**
 * An audit row's old and new values side by side: one line per field, the changed ones marked
 * (colour, a bar and the word 'changed' for screen readers). A side that was not recorded (a
 * creation has no old values, a deletion no new ones) reads as such.
 */
export function ValuesDiff({
  before,
  after,
  caption,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  caption: string;
}) {
  const rows = diffRows(before, after);
  if (rows.length === 0) return null;
  const changed = rows.filter((r) => r.changed).length;
  const missing = (side: "before" | "after") =>
    side === "before" ? (before === null ? "Not recorded" : "Not set") : after === null ? "Not recorded" : "Not set";
  return (
    <div className="mt-3">
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="mb-1 text-left text-xs text-slate-600">
          {caption}: {changed} of {rows.length} {rows.length === 1 ? "field" : "fields"} changed
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs text-slate-600">
            {COLUMNS.map(([name, width]) => (
              <th key={name} scope="col" className={cn(width, "py-1 font-semibold")}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={cn(
                "border-b border-slate-100 align-top",
                row.changed ? "bg-primary-50 shadow-[inset_3px_0_0_var(--color-primary-600)]" : "text-slate-600",
              )}
            >
              <th scope="row" className="py-1.5 pr-2 pl-2 font-mono text-xs font-semibold break-all text-slate-800">
                {row.key}
                {row.changed ? <span className="sr-only"> (changed)</span> : null}
              </th>
              <td className="py-1.5 pr-2 font-mono text-xs break-all whitespace-pre-wrap">
                {row.before === undefined ? <span className="italic">{missing("before")}</span> : showValue(row.before)}
              </td>
              <td
                className={cn(
                  "py-1.5 pr-2 font-mono text-xs break-all whitespace-pre-wrap",
                  row.changed && "font-semibold text-slate-900",
                )}
              >
                {row.after === undefined ? <span className="italic">{missing("after")}</span> : showValue(row.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
