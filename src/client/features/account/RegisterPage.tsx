import { Alert } from "@client/components/ui/Alert";
import { Checkbox, Field, Input } from "@client/components/ui/Field";
import { refusalText } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { takeReturnTo } from "@client/lib/return-to";
import { useSession } from "@client/lib/session";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT } from "@shared/messages";
import { validateRegistration } from "@shared/validation/auth-rules";
import { useRef } from "react";
import { Navigate, useNavigate } from "react-router";
import { AuthForm, useAuthForm } from "./AuthForm";
import { AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const settings = usePublicSettings();
  // Once this form has signed someone in, it navigates by itself: no second redirect.
  const submitted = useRef(false);
  const minLength = settings?.passwordMinLength ?? PASSWORD_MIN_LENGTH;
  const form = useAuthForm(
    (fields) => {
      const values = {
        email: fields.text("email"),
        firstName: fields.text("firstName"),
        password: fields.text("password"),
        confirmPassword: fields.text("confirmPassword"),
        acceptTerms: fields.checked("acceptTerms"),
        acknowledgeAi: fields.checked("acknowledgeAi"),
      };
      submitted.current = true;
      const problem = validateRegistration(values, minLength);
      if (problem) return problem;
      const email = values.email.trim();
      return async () => {
        await authApi.signUp({
          email,
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: "",
          rememberMe: true,
        });
        let user = await session.refresh();
        if (!user) {
          // No session came back with the sign-up: sign in with the same credentials.
          await authApi.signIn({ email, password: values.password, rememberMe: true });
          user = await session.refresh();
        }
        navigate(user ? (takeReturnTo() ?? "/dashboard") : "/login", { replace: true });
      };
    },
    (e) => refusalText(e, AUTH_TEXT.registrationFailed),
  );

  if (session.user && !submitted.current) return <Navigate to="/dashboard" replace />;

  const closed = settings?.allowRegistration === false;

  return (
    <AuthShell
      title="Create your free account"
      subtitle="Ask legal questions, understand your papers and create documents."
      footer={{ prompt: "Already have an account?", to: "/login", link: "Sign in" }}
    >
      {closed ? (
        <Alert tone="warning" title="Registration is closed">
          {AUTH_TEXT.registrationClosed}
        </Alert>
      ) : (
        <AuthForm form={form} submitLabel="Create Account">
          <Field label="Email" required>
            {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
          </Field>
          <Field label="First name" required>
            {(p) => <Input {...p} autoComplete="given-name" name="firstName" />}
          </Field>
          <Field label="Password" required help={`At least ${minLength} characters.`}>
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="password" />}
          </Field>
          <Field label="Confirm password" required>
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="confirmPassword" />}
          </Field>
          <fieldset className="space-y-3 rounded-[var(--radius-control)] bg-slate-50 p-3">
            <legend className="sr-only">Agreements</legend>
            <Checkbox label="I agree to the Terms of Service and the Privacy Policy." name="acceptTerms" />
            <Checkbox
              label="I understand that LawGuide's AI gives legal information, not legal advice, can be wrong, and does not replace an attorney."
              name="acknowledgeAi"
            />
          </fieldset>
        </AuthForm>
      )}
    </AuthShell>
  );
}
