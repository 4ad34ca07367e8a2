import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";

/**
 * A list's table for wide screens (from md; hidden below, where the list shows cards): a labelled
 * region that scrolls sideways and is reachable by keyboard. The last column holds the row's
 * actions and is aligned to the end.
 */
export function ScrollTable({
  label,
  caption,
  columns,
  minWidthClassName,
  className,
  bodyClassName,
  children,
}: {
  label: string;
  caption: string;
  columns: readonly string[];
  /** The table's least width, e.g. 'min-w-[720px]'. */
  minWidthClassName: string;
  className?: string;
  bodyClassName?: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className={cn(
        className,
        "hidden overflow-x-auto rounded-[var(--radius-control)] border border-slate-200 md:block",
      )}
    >
      <table className={cn("w-full text-left text-sm", minWidthClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={cn("px-4 py-3", index === columns.length - 1 && "text-right")}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-slate-200", bodyClassName)}>{children}</tbody>
      </table>
    </section>
  );
}

/** Rows standing in for a table's rows while they load (hidden from screen readers). */
export function SkeletonRows({ count, children }: { count: number /** One row's cells. */; children: ReactNode }) {
  return Array.from({ length: count }, (_, row) => `skeleton-${row}`).map((key) => (
    <tr key={key} aria-hidden>
      {children}
    </tr>
  ));
}
