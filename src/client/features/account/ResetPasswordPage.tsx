import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Field } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT } from "@shared/messages";
import { passwordLengthError } from "@shared/validation/auth-rules";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const settings = usePublicSettings();
  const minLength = settings?.passwordMinLength ?? PASSWORD_MIN_LENGTH;
  const [error, setError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(!token);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      password: String(data.get("password") ?? ""),
      confirmPassword: String(data.get("confirmPassword") ?? ""),
    };
    setError(null);
    if (!values.password || !values.confirmPassword) return setError(AUTH_TEXT.fillAllRequired);
    if (values.password !== values.confirmPassword) return setError(AUTH_TEXT.passwordsDoNotMatch);
    const tooShort = passwordLengthError(values.password, minLength, false);
    if (tooShort) return setError(tooShort);
    setSubmitting(true);
    try {
      await authApi.resetPassword(token ?? "", values.password);
      setDone(true);
    } catch (e) {
      if (e instanceof ApiRequestError && e.code === "INVALID_TOKEN") setInvalidLink(true);
      else setError(e instanceof ApiRequestError && e.status === 400 ? e.message : AUTH_TEXT.resetFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title="Choose a new password"
      footer={
        <Link to="/login" className="font-semibold text-primary-800 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {done ? (
        <div className="space-y-4">
          <Alert tone="success" title="Your password has been changed">
            You can now sign in with your new password. For your security, other devices were signed out.
          </Alert>
          <ButtonLink to="/login" className="w-full">
            Sign In
          </ButtonLink>
        </div>
      ) : invalidLink ? (
        <div className="space-y-4">
          <Alert tone="danger">{AUTH_TEXT.resetLinkInvalid}</Alert>
          <ButtonLink to="/forgot-password" variant="secondary" className="w-full">
            Request a new link
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Field label="New password" help={`At least ${minLength} characters.`}>
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="password" />}
          </Field>
          <Field label="Confirm new password">
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="confirmPassword" />}
          </Field>
          <Button type="submit" className="w-full" loading={submitting}>
            Reset Password
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
