import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog, type DialogOpenState } from "@client/components/ui/Dialog";
import { Field, Input } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { useState } from "react";
import { deleteAccount } from "./profile-api";

/** Delete Account: says what goes, asks for the password, then deletes for real. */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DialogOpenState & { onDeleted: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = (next: boolean) => {
    if (!next) {
      setPassword("");
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setError("Please enter your password to confirm.");
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
      onDeleted();
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : "Your account could not be deleted. Please try again.");
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="This cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="delete-account-form" variant="danger" loading={busy}>
            Delete my account
          </Button>
        </>
      }
    >
      <form id="delete-account-form" onSubmit={submit} noValidate className="space-y-4">
        <p className="text-slate-700">
          Your profile, every case and message, your documents and uploaded files, referral requests and your
          subscription record are deleted now. Consider exporting your data first.
        </p>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Field label="Your password">
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
