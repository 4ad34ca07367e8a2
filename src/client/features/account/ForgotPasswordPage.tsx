import { Field, Input } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { AUTH_TEXT } from "@shared/messages";
import { isEmail } from "@shared/validation/auth-rules";
import { useState } from "react";
import { AuthForm, AuthOutcome, useAuthForm } from "./AuthForm";
import { AuthShell, BACK_TO_SIGN_IN } from "./AuthShell";
import { authApi } from "./auth-api";

export function ForgotPasswordPage() {
  const settings = usePublicSettings();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(
    (fields) => {
      const address = fields.text("email").trim().toLowerCase();
      if (!isEmail(address)) return address ? AUTH_TEXT.invalidEmail : "Please enter your email address";
      return async () => {
        await authApi.requestPasswordReset(address);
        setSentTo(address);
      };
    },
    (e) => (e instanceof ApiRequestError && e.status === 429 ? e.message : AUTH_TEXT.resetEmailFailed),
  );

  return (
    <AuthShell
      title="Reset your password"
      subtitle="We will e-mail you a link to choose a new password."
      footer={BACK_TO_SIGN_IN}
    >
      {sentTo ? (
        <AuthOutcome
          tone="success"
          title="Check your e-mail"
          next={
            settings?.mode === "embedded" ? (
              <p className="text-sm text-slate-700">
                This copy of LawGuide has no mail server, so it keeps its mail instead of sending it. An administrator
                finds the reset link in the admin dashboard, under Mail, Outbox.
              </p>
            ) : null
          }
        >
          If an account exists for {sentTo}, we have sent it a link to reset the password. The link works once and
          expires in 1 hour.
        </AuthOutcome>
      ) : (
        <AuthForm form={form} submitLabel="Send Reset Link">
          <Field label="Email">
            {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
          </Field>
        </AuthForm>
      )}
    </AuthShell>
  );
}
