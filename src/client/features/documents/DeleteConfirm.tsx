import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { useToast } from "@client/components/ui/Toast";
import type { ReactNode } from "react";

/** The part of a delete mutation (useDeleteDocument, useDeleteUpload, useDeleteDraft) the dialog drives. */
export interface DeleteMutation {
  mutate: (key: string, handlers: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * Asks before deleting one of the member's things, deletes it with `remove`, and says how it went:
 * `deleted` as a toast and the dialog closes, or the server's message (else `failed`) while it stays open.
 */
export function DeleteConfirm({
  itemKey,
  remove,
  onClose,
  title,
  confirmLabel,
  cancelLabel,
  deleted,
  failed,
  children,
}: {
  itemKey: string;
  remove: DeleteMutation;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  deleted: string;
  failed: string;
  children: ReactNode;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(itemKey, {
          onSuccess: () => {
            toast.success(deleted);
            onClose();
          },
          onError: (error) => toast.error(error.message || failed),
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
