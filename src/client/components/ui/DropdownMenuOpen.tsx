import { cn } from "@client/lib/cn";
import { DropdownMenu as M } from "radix-ui";
import type { DropdownMenuProps } from "./DropdownMenu";

/**
 * The menu itself (Radix: arrow keys move, Escape closes, focus returns to the button), loaded the
 * first time a member opens a menu (`DropdownMenu`).
 */
export function DropdownMenuOpen({
  trigger,
  items,
  label,
  open,
  onOpenChange,
  focusFirstItem = false,
  onFirstItemFocused,
}: DropdownMenuProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened by a key before this code loaded: Radix did not see the key, so the first item is focused here, once. */
  focusFirstItem?: boolean;
  onFirstItemFocused?: () => void;
}) {
  return (
    <M.Root open={open} onOpenChange={onOpenChange}>
      <M.Trigger asChild>{trigger}</M.Trigger>
      <M.Portal>
        <M.Content
          aria-label={label}
          align="end"
          sideOffset={6}
          onFocus={(event) => {
            // Radix focuses the menu itself when it opens; a key opened it, so the first item instead.
            if (!focusFirstItem || event.target !== event.currentTarget) return;
            const first = event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])');
            if (!first) return;
            event.preventDefault();
            first.focus();
            onFirstItemFocused?.();
          }}
          className="z-50 min-w-52 rounded-[var(--radius-card)] border border-slate-200 bg-white p-1 shadow-[var(--shadow-dialog)] animate-fade-in"
        >
          {items.map((item) => (
            <M.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={item.onSelect}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium outline-none",
                "data-[highlighted]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50",
                item.tone === "danger" ? "text-red-800" : "text-slate-800",
              )}
            >
              {item.icon}
              {item.label}
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
