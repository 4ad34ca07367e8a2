import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";
import { useTabList } from "./use-tab-list";

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
  /** Shown after the label (a mark for unsaved changes); give it its own accessible text. */
  aside?: ReactNode;
  panel: ReactNode;
}

const LAYOUTS = {
  /** Tabs of equal width in a grid (columns set by listClassName). */
  grid: {
    list: "grid",
    tab: "flex items-center justify-center gap-2 px-3 sm:text-base",
  },
  /** Tabs sharing the full width on phones, as wide as their labels from the sm breakpoint. */
  inline: {
    list: "inline-flex w-full sm:w-auto",
    tab: "flex-1 px-4 sm:flex-none",
  },
} as const;

/**
 * Tabs as the ARIA pattern describes them: a tablist whose arrow keys (and Home / End) move to
 * and select the next tab; only the selected tab is in the Tab order. By default every panel stays
 * mounted (hidden when not selected) so what happens in one tab survives a visit to the other;
 * with `keepMounted={false}` only the selected panel is rendered (and only its tab names it in
 * aria-controls).
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  layout = "grid",
  listClassName = layout === "grid" ? "grid-cols-2" : undefined,
  keepMounted = true,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  layout?: keyof typeof LAYOUTS;
  /** More classes for the tablist (two grid columns by default). */
  listClassName?: string;
  keepMounted?: boolean;
}) {
  const selected = items.findIndex((item) => item.value === value);
  const tabList = useTabList(items.length, selected, (index) => {
    const target = items[index];
    if (target) onChange(target.value);
  });

  return (
    <div className="space-y-5">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={tabList.onKeyDown}
        className={cn(LAYOUTS[layout].list, "gap-1 rounded-[var(--radius-card)] bg-slate-200/70 p-1", listClassName)}
      >
        {items.map((item, index) => (
          <button
            key={item.value}
            {...tabList.tabProps(index, item.value, keepMounted || index === selected)}
            onClick={() => onChange(item.value)}
            className={cn(
              "min-h-11 rounded-[var(--radius-control)] text-sm font-semibold transition-colors duration-150 ease-out",
              LAYOUTS[layout].tab,
              index === selected
                ? "bg-white text-primary-900 shadow-sm"
                : "text-slate-700 hover:bg-white/60 hover:text-slate-900",
            )}
          >
            {item.icon}
            {item.label}
            {item.aside}
          </button>
        ))}
      </div>
      {items.map((item) =>
        keepMounted || item.value === value ? (
          <div
            key={item.value}
            {...tabList.panelProps(item.value)}
            hidden={item.value !== value}
            className="focus-visible:outline-offset-4"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
