import { cn } from "@client/lib/cn";
import type { ReactElement, ReactNode } from "react";
import { Skeleton } from "./Skeleton";

/** One column of a DataTable. */
export interface DataColumn<T> {
  header: string;
  /** What the column shows of a row. */
  cell: (row: T) => ReactNode;
  /** The column's cells' own classes, beside the table's padding. */
  className?: string;
  /** While the rows load: one bar of these classes, or the element given. */
  skeleton?: string | ReactElement;
}

export interface DataTableProps<T extends { id: string }> {
  caption: string;
  columns: readonly DataColumn<T>[];
  /** The rows, each known by its id; undefined while they load. */
  rows: readonly T[] | undefined;
  skeletonRows?: number;
  /** Closer cells (px-3 py-3) for a table that shares its width with other content. */
  compact?: boolean;
  className?: string;
  bodyClassName?: string;
}

/**
 * A table of rows, one column each of `columns`, under a caption only screen readers read; the
 * last column holds a row's actions and is aligned to the end. While `rows` is undefined (loading),
 * `skeletonRows` rows of each column's skeleton stand in, hidden from screen readers.
 */
export function DataTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  skeletonRows = 5,
  compact = false,
  className,
  bodyClassName,
}: DataTableProps<T>) {
  const cellPadding = compact ? "px-3 py-3" : "px-4 py-4";
  const headerPadding = compact ? "px-3 py-3" : "px-4 py-3";
  const last = columns.length - 1;
  return (
    <table className={cn("w-full text-left text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
        <tr>
          {columns.map((column, index) => (
            <th key={column.header} scope="col" className={cn(headerPadding, index === last && "text-right")}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn("divide-y divide-slate-200", bodyClassName)}>
        {rows
          ? rows.map((row) => (
              <tr key={row.id} className="align-top">
                {columns.map((column) => (
                  <td key={column.header} className={cn(column.className, cellPadding)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          : Array.from({ length: skeletonRows }, (_, row) => `skeleton-${row}`).map((key) => (
              <tr key={key} aria-hidden>
                {columns.map(({ header, skeleton }) => (
                  <td key={header} className={cellPadding}>
                    {typeof skeleton === "string" ? <Skeleton className={skeleton} /> : skeleton}
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
