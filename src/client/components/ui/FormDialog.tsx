import type { FormEvent, ReactNode, Ref } from "react";
import { useId } from "react";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

/** Whether a modal is open, and how it asks to open or close. */
export interface OpenState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A modal holding one form: its fields (`children`) under what went wrong (`error`, read out at
 * once), and Cancel and the submit button in the footer. `after` is shown below the form, inside
 * the modal.
 */
export function FormDialog({
  submitLabel,
  onSubmit,
  pending,
  submitDisabled,
  error,
  formRef,
  after,
  children,
  ...dialog
}: OpenState & {
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** While the form is sent: the submit button spins. */
  pending: boolean;
  submitDisabled?: boolean;
  error: string | null;
  formRef?: Ref<HTMLFormElement>;
  after?: ReactNode;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      {...dialog}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {children}
      </form>
      {after}
    </Dialog>
  );
}
