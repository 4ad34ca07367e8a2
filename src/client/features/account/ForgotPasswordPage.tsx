import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Field, Input } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { useHydrated } from "@client/lib/use-hydrated";
import { AUTH_TEXT } from "@shared/messages";
import { isEmail } from "@shared/validation/auth-rules";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";

export function ForgotPasswordPage() {
  const settings = usePublicSettings();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setError(null);
    const address = email.trim().toLowerCase();
    if (!isEmail(address)) {
      setError(address ? AUTH_TEXT.invalidEmail : "Please enter your email address");
      return;
    }
    setSubmitting(true);
    try {
      await authApi.requestPasswordReset(address);
      setSentTo(address);
    } catch (e) {
      setError(e instanceof ApiRequestError && e.status === 429 ? e.message : AUTH_TEXT.resetEmailFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title="Reset your password"
      subtitle="We will e-mail you a link to choose a new password."
      footer={
        <Link to="/login" className="font-semibold text-primary-800 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <div className="space-y-4">
          <Alert tone="success" title="Check your e-mail">
            If an account exists for {sentTo}, we have sent it a link to reset the password. The link works once and
            expires in 1 hour.
          </Alert>
          {settings?.mode === "embedded" ? (
            <p className="text-sm text-slate-700">
              This copy of LawGuide has no mail server, so it keeps its mail instead of sending it. The person running
              it finds the reset link in the server's log; administrators also read the kept mail in the admin
              dashboard.
            </p>
          ) : null}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Field label="Email">
            {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
          </Field>
          <Button type="submit" className="w-full" loading={submitting} disabled={!hydrated}>
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
