import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Field } from "@client/components/ui/Field";
import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT } from "@shared/messages";
import { validateChangePassword } from "@shared/validation/auth-rules";
import { useState } from "react";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The Change Password modal (spec section 5): the button stays disabled until all three are filled. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = usePublicSettings();
  const toast = useToast();
  const minLength = settings?.passwordMinLength ?? PASSWORD_MIN_LENGTH;
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const complete = Boolean(values.currentPassword && values.newPassword && values.confirmPassword);

  const close = (next: boolean) => {
    if (!next) {
      setValues(EMPTY);
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = validateChangePassword(values, minLength);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      await authApi.changePassword(values.currentPassword, values.newPassword);
      toast.success(AUTH_TEXT.passwordChanged);
      close(false);
    } catch (e) {
      setError(
        e instanceof ApiRequestError && e.status > 0 && e.status < 500
          ? e.message
          : AUTH_TEXT.changePasswordFailedRetry,
      );
    } finally {
      setSaving(false);
    }
  };

  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Change Password"
      description="For your security, other devices will be signed out."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="change-password-form" disabled={!complete} loading={saving}>
            Change Password
          </Button>
        </>
      }
    >
      <form id="change-password-form" onSubmit={submit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Field label="Current password">
          {(p) => (
            <PasswordInput
              {...p}
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set("currentPassword")}
            />
          )}
        </Field>
        <Field label="New password" help={`At least ${minLength} characters.`}>
          {(p) => (
            <PasswordInput
              {...p}
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set("newPassword")}
            />
          )}
        </Field>
        <Field label="Confirm new password">
          {(p) => (
            <PasswordInput
              {...p}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set("confirmPassword")}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
