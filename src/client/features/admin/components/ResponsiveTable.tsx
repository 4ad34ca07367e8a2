import { DataTable, type DataTableProps } from "@client/components/ui/DataTable";
import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";

/** The frame of one card of the narrow-screen list. */
const CARD = "rounded-[var(--radius-control)] border border-slate-200 p-4";

/**
 * An admin list shown two ways: from 768 px wide a table (`columns`), below it one card per row.
 * While `rows` is undefined (loading), both show skeletons, hidden from screen readers; while
 * `dimmed` (the previous page is still shown), both are faded.
 *
 * With `region`, the table sits in a labelled region that scrolls sideways and is reachable by
 * keyboard, at least `region.minWidth` wide.
 */
export function ResponsiveTable<T extends { id: string }>({
  region,
  cards,
  dimmed = false,
  ...table
}: Omit<DataTableProps<T>, "className" | "bodyClassName"> & {
  region?: { label: string; minWidth: string };
  /** The cards: their list's name, one row's card, and the inside of a card while loading. */
  cards: { label?: string; render: (row: T) => ReactNode; skeleton?: ReactNode };
  dimmed?: boolean;
}) {
  const dim = dimmed && "opacity-60";
  const tableElement = (
    <DataTable {...table} className={region ? region.minWidth : "hidden md:table"} bodyClassName={dim || undefined} />
  );
  return (
    <div className="mt-3">
      {table.rows ? (
        <ul aria-label={cards.label} className={cn("space-y-3 md:hidden", dim)}>
          {table.rows.map((row) => (
            <li key={row.id} className={CARD}>
              {cards.render(row)}
            </li>
          ))}
        </ul>
      ) : (
        <ul aria-hidden className="space-y-3 md:hidden">
          {Array.from({ length: 5 }, (_, row) => `card-skeleton-${row}`).map((key) => (
            <li key={key} className={CARD}>
              {cards.skeleton}
            </li>
          ))}
        </ul>
      )}
      {region ? (
        <section
          aria-label={region.label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
          tabIndex={0}
          className="hidden overflow-x-auto rounded-[var(--radius-control)] border border-slate-200 md:block"
        >
          {tableElement}
        </section>
      ) : (
        tableElement
      )}
    </div>
  );
}
