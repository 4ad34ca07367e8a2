import { cn } from "@client/lib/cn";
import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef } from "react";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  trigger?: ReactNode;
}

/** Whether a dialog is open, and how it asks to open or close. */
export type DialogOpenState = Pick<DialogProps, "open" | "onOpenChange">;

const SIZES = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/** Modal dialog: focus is trapped inside, Escape and the close button close it, focus returns. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = "md",
  trigger,
}: DialogProps) {
  // The element that had focus when the dialog opened gets it back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <D.Trigger asChild>{trigger}</D.Trigger> : null}
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-950/50 animate-fade-in" />
        <D.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-[var(--radius-dialog)] bg-white shadow-[var(--shadow-dialog)] animate-pop-in focus:outline-none",
            SIZES[size],
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0 space-y-1">
              <D.Title className="text-lg font-bold text-slate-900">{title}</D.Title>
              {description ? <D.Description className="text-sm text-slate-600">{description}</D.Description> : null}
            </div>
            <D.Close
              className="-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </D.Close>
          </div>
          {/* The body scrolls on small screens: it takes focus so the keyboard can scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-offset-[-3px]">
            {children}
          </div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-4">{footer}</div>
          ) : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
