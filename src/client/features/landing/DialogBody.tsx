import { AnchorButton, Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import type { ReactNode } from "react";

export interface LandingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where "start" goes: /dashboard/cases when signed in, else /register. */
  startTo: string;
}

/** The content of a landing modal, named for assistive technology. (The dialog's body itself takes focus to scroll.) */
export function DialogBody({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="rounded-[var(--radius-control)]">
      {children}
    </section>
  );
}

/** A landing modal: examples in a named section, Close, and the way in (`startLabel` → `startTo`). */
export function LandingDialog({
  startTo,
  startLabel,
  bodyLabel,
  children,
  ...dialog
}: LandingDialogProps & {
  size: "lg" | "xl";
  title: string;
  description: string;
  startLabel: string;
  bodyLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
            Close
          </Button>
          <AnchorButton href={startTo}>{startLabel}</AnchorButton>
        </>
      }
    >
      <DialogBody label={bodyLabel}>{children}</DialogBody>
    </Dialog>
  );
}
