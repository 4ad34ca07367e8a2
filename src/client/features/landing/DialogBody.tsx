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
