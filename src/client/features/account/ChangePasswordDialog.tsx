import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Field } from "@client/components/ui/Field";
import { useToast } from "@client/components/ui/Toast";
import { refusalText } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT } from "@shared/messages";
import { validateChangePassword } from "@shared/validation/auth-rules";
import { useState } from "react";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

const FIELDS = [
  { key: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { key: "newPassword", label: "New password", autoComplete: "new-password" },
  { key: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

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
      setError(refusalText(e, AUTH_TEXT.changePasswordFailedRetry));
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
        {FIELDS.map(({ key, label, autoComplete }) => (
          <Field key={key} label={label} help={key === "newPassword" ? `At least ${minLength} characters.` : undefined}>
            {(p) => <PasswordInput {...p} autoComplete={autoComplete} value={values[key]} onChange={set(key)} />}
          </Field>
        ))}
      </form>
    </Dialog>
  );
}
