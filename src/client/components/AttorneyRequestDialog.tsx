import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import type { DialogOpenState } from "@client/components/ui/Dialog";
import { useToast } from "@client/components/ui/Toast";
import { Scale } from "lucide-react";
import type { ReactNode } from "react";

/** Sends a request to our API, calling back as TanStack Query's `mutate` does. */
export type SendRequest<R> = (handlers: { onSuccess: (result: R) => void; onError: (error: Error) => void }) => void;

/**
 * Asks before sending a request for an attorney (a case referral, a document review), after the
 * dialog's text (`children`) says what that means. Once sent, the server's message (else `sent`) is
 * shown and the dialog closes; a failure is told as `failed(error)` says, and the dialog stays open.
 */
export function AttorneyRequestDialog<R extends { message?: string }>({
  send,
  pending,
  sent,
  failed,
  onSent,
  children,
  ...dialog
}: DialogOpenState & {
  title: string;
  description?: string;
  confirmLabel: string;
  send: SendRequest<R>;
  pending: boolean;
  sent: string;
  failed: (error: Error) => string;
  onSent?: (result: R) => void;
  children: ReactNode;
}) {
  const toast = useToast();
  const confirm = () =>
    send({
      onSuccess: (result) => {
        toast.success(result.message || sent);
        onSent?.(result);
        dialog.onOpenChange(false);
      },
      onError: (error) => toast.error(failed(error)),
    });
  return (
    <ConfirmDialog {...dialog} size="md" tone="primary" confirmIcon={Scale} onConfirm={confirm} pending={pending}>
      {children}
    </ConfirmDialog>
  );
}
