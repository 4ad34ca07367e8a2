import { type KeyboardEvent, useId, useRef } from "react";

/**
 * The wiring of the ARIA tabs pattern for `count` tabs, `selected` being shown: ids that tie each
 * tab (named by `key`) to its panel, only the selected tab in the Tab order, and on the tablist
 * the arrow keys (and Home / End) selecting the next tab with `select` and moving focus to it
 * (`onKeyDown`, for the element with role="tablist").
 */
export function useTabList(count: number, selected: number, select: (index: number) => void) {
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (key: string) => `${baseId}-tab-${key}`;
  const panelId = (key: string) => `${baseId}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    let next = -1;
    if (event.key === "ArrowRight") next = (selected + 1) % count;
    else if (event.key === "ArrowLeft") next = (selected - 1 + count) % count;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = count - 1;
    if (next < 0 || next >= count) return;
    event.preventDefault();
    select(next);
    tabs.current[next]?.focus();
  };

  /** The props of the tab at `index`; `controls` false when its panel is not rendered. */
  const tabProps = (index: number, key: string, controls = true) => ({
    ref: (element: HTMLButtonElement | null) => {
      tabs.current[index] = element;
    },
    type: "button" as const,
    role: "tab",
    id: tabId(key),
    "aria-selected": index === selected,
    "aria-controls": controls ? panelId(key) : undefined,
    tabIndex: index === selected ? 0 : -1,
  });

  const panelProps = (key: string) => ({ role: "tabpanel", id: panelId(key), "aria-labelledby": tabId(key) });

  return { onKeyDown, tabProps, panelProps };
}
