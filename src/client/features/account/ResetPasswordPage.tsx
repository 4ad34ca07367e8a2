import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Field } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { AUTH_TEXT } from "@shared/messages";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { passwordLengthError } from "@shared/validation/auth-rules";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AuthForm, AuthOutcome, useAuthForm } from "./AuthForm";
import { AuthShell, BACK_TO_SIGN_IN } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const settings = usePublicSettings();
  const minLength = settings?.passwordMinLength ?? SETTINGS_DEFAULTS.security.passwordMinLength;
  const [invalidLink, setInvalidLink] = useState(!token);
  const [done, setDone] = useState(false);
  const form = useAuthForm(
    (fields) => {
      const password = fields.text("password");
      const confirmPassword = fields.text("confirmPassword");
      if (!password || !confirmPassword) return AUTH_TEXT.fillAllRequired;
      if (password !== confirmPassword) return AUTH_TEXT.passwordsDoNotMatch;
      const tooShort = passwordLengthError(password, minLength, false);
      if (tooShort) return tooShort;
      return async () => {
        await authApi.resetPassword(token ?? "", password);
        setDone(true);
      };
    },
    (e) => {
      if (e instanceof ApiRequestError && e.code === "INVALID_TOKEN") {
        setInvalidLink(true);
        return null;
      }
      return e instanceof ApiRequestError && e.status === 400 ? e.message : AUTH_TEXT.resetFailed;
    },
  );

  return (
    <AuthShell title="Choose a new password" footer={BACK_TO_SIGN_IN}>
      {done ? (
        <AuthOutcome
          tone="success"
          title="Your password has been changed"
          next={
            <ButtonLink to="/login" className="w-full">
              Sign In
            </ButtonLink>
          }
        >
          You can now sign in with your new password. For your security, other devices were signed out.
        </AuthOutcome>
      ) : invalidLink ? (
        <AuthOutcome
          tone="danger"
          next={
            <ButtonLink to="/forgot-password" variant="secondary" className="w-full">
              Request a new link
            </ButtonLink>
          }
        >
          {AUTH_TEXT.resetLinkInvalid}
        </AuthOutcome>
      ) : (
        <AuthForm form={form} submitLabel="Reset Password">
          <Field label="New password" help={`At least ${minLength} characters.`}>
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="password" />}
          </Field>
          <Field label="Confirm new password">
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="confirmPassword" />}
          </Field>
        </AuthForm>
      )}
    </AuthShell>
  );
}
