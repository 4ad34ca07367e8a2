import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";

/** One detail: its term, its value, and whether it takes a whole row of a grid ('wide'). */
export type Detail = readonly [term: string, value: ReactNode, span?: "wide"];

/**
 * How a list shows its details: `inline`, the value after its term; `facts`, the value (stressed)
 * under its term; `fields`, the value under its term (stressed), as a form's field reads.
 */
const VARIANTS = {
  inline: { item: "flex flex-wrap gap-x-1", term: "text-slate-600", value: "font-medium text-slate-800" },
  facts: { item: undefined, term: "text-slate-600", value: "font-medium text-slate-900" },
  fields: { item: "space-y-1 text-sm", term: "font-semibold text-slate-600", value: "text-slate-800" },
} as const;

/** A description list of `items`; `className` lays the list out (a grid, say). */
export function DetailList({
  items,
  variant,
  className,
}: {
  items: readonly Detail[];
  variant: keyof typeof VARIANTS;
  className?: string;
}) {
  const look = VARIANTS[variant];
  return (
    <dl className={className}>
      {items.map(([term, value, span]) => (
        <div key={term} className={cn(look.item, span === "wide" && "sm:col-span-2") || undefined}>
          <dt className={look.term}>{term}</dt>
          <dd className={look.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
