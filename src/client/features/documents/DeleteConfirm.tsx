import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { useToast } from "@client/components/ui/Toast";
import type { ReactNode } from "react";

/** The part of a delete mutation (useDeleteDocument, useDeleteUpload, useDeleteDraft) the dialog drives. */
export interface DeleteMutation {
  mutate: (key: string, handlers: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

const PAST = { delete: "deleted", discard: "discarded" } as const;

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Asks before deleting (or discarding) one of the member's things, a `noun` ('file', 'draft'), deletes
 * it with `remove`, and says how it went: 'File deleted.' as a toast and the dialog closes, or the
 * server's message (else 'The file could not be deleted.') while it stays open.
 */
export function DeleteConfirm({
  itemKey,
  remove,
  onClose,
  noun,
  verb = "delete",
  cancelLabel,
  children,
}: {
  itemKey: string;
  remove: DeleteMutation;
  onClose: () => void;
  noun: string;
  verb?: keyof typeof PAST;
  cancelLabel?: string;
  children: ReactNode;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${capitalized(verb)} this ${noun}?`}
      confirmLabel={`${capitalized(verb)} ${noun}`}
      cancelLabel={cancelLabel}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(itemKey, {
          onSuccess: () => {
            toast.success(`${capitalized(noun)} ${PAST[verb]}.`);
            onClose();
          },
          onError: (error) => toast.error(error.message || `The ${noun} could not be ${PAST[verb]}. Please try again.`),
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
