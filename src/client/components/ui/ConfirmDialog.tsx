import type { ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import type { LabelIcon } from "./label-icon";

/** A question before an action: Cancel, or the action (dangerous ones in red). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  confirmIcon,
  cancelLabel = "Cancel",
  onConfirm,
  pending,
  tone = "danger",
  size = "sm",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  confirmLabel: string;
  confirmIcon?: LabelIcon;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  tone?: "danger" | "primary";
  size?: "sm" | "md";
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      {...(description ? { description } : {})}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending} {...(confirmIcon ? { icon: confirmIcon } : {})}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-slate-700">{children}</div>
    </Dialog>
  );
}
