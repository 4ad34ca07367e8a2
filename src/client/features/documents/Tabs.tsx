import { cn } from "@client/lib/cn";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabItem<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs as the ARIA pattern describes them: a tablist whose arrow keys (and Home / End) move to
 * and select the next tab; only the selected tab is in the Tab order; every panel stays mounted
 * (hidden when not selected) so what happens in one tab survives a visit to the other.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (v: T) => `${baseId}-tab-${v}`;
  const panelId = (v: T) => `${baseId}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === "ArrowRight") next = (current + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (current - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    const target = items[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="space-y-5">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid grid-cols-2 gap-1 rounded-[var(--radius-card)] bg-slate-200/70 p-1"
      >
        {items.map((item, index) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={cn(
                "flex min-h-11 items-center justify-center gap-2 rounded-[var(--radius-control)] px-3 text-sm font-semibold transition-colors duration-150 ease-out sm:text-base",
                selected
                  ? "bg-white text-primary-900 shadow-sm"
                  : "text-slate-700 hover:bg-white/60 hover:text-slate-900",
              )}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={panelId(item.value)}
          aria-labelledby={tabId(item.value)}
          hidden={item.value !== value}
          className="focus-visible:outline-offset-4"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
