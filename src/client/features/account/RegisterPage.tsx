import { Alert } from "@client/components/ui/Alert";
import { Checkbox, Field, Input } from "@client/components/ui/Field";
import { refusalText } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { takeReturnTo } from "@client/lib/return-to";
import { useSession } from "@client/lib/session";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT } from "@shared/messages";
import { registrationProblem } from "@shared/validation/auth-rules";
import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { AuthForm, AuthOutcome, useAuthForm } from "./AuthForm";
import { AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";
import { ResendVerification } from "./ResendVerification";

/** A link in a checkbox's label that opens beside the form, which keeps what was typed. */
function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-semibold text-primary-800 underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const settings = usePublicSettings();
  // Once this form has signed someone in, it navigates by itself: no second redirect.
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The field the last problem concerns: its message beside it, marked invalid, and focused.
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  // Verification required: the address the link was sent to (no session until it is followed).
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  useEffect(() => {
    if (!invalid) return;
    const control = formRef.current?.elements.namedItem(invalid.field);
    if (control instanceof HTMLElement) control.focus();
  }, [invalid]);
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
      const problem = registrationProblem(values, minLength);
      setInvalid(problem);
      if (problem) return problem.message;
      const email = values.email.trim();
      return async () => {
        const created = await authApi.signUp({
          email,
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: "",
          // Both boxes were ticked (registrationProblem): the server requires and records them.
          acceptTerms: true,
          acknowledgeAi: true,
          rememberMe: true,
        });
        if (created.token === null) {
          // E-mail verification is required: the account waits for its link (no session yet).
          setCheckEmail(email);
          return undefined;
        }
        const user = await session.refresh();
        navigate(user ? (takeReturnTo() ?? "/dashboard") : "/login", { replace: true });
      };
    },
    (e) => refusalText(e, AUTH_TEXT.registrationFailed),
  );

  if (session.user && !submitted.current) {
    return <Navigate to={session.user.isAdmin ? "/admin/dashboard" : "/dashboard"} replace />;
  }
  const errorOf = (field: string) => (invalid?.field === field ? invalid.message : null);

  const closed = settings?.allowRegistration === false;

  return (
    <AuthShell
      title="Create your free account"
      subtitle="Ask legal questions, understand your papers and create documents."
      footer={{ prompt: "Already have an account?", to: "/login", link: "Sign in" }}
    >
      {checkEmail ? (
        <AuthOutcome tone="success" title="Check your email" next={<ResendVerification email={checkEmail} />}>
          {AUTH_TEXT.checkEmailToContinue} It went to {checkEmail} and works for 24 hours.
        </AuthOutcome>
      ) : closed ? (
        <Alert tone="warning" title="Registration is closed">
          {AUTH_TEXT.registrationClosed}
        </Alert>
      ) : (
        <AuthForm form={form} submitLabel="Create Account" formRef={formRef}>
          <Field label="Email" required error={errorOf("email")}>
            {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
          </Field>
          <Field label="First name" required error={errorOf("firstName")}>
            {(p) => <Input {...p} autoComplete="given-name" name="firstName" />}
          </Field>
          <Field label="Password" required help={`At least ${minLength} characters.`} error={errorOf("password")}>
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="password" />}
          </Field>
          <Field label="Confirm password" required error={errorOf("confirmPassword")}>
            {(p) => <PasswordInput {...p} autoComplete="new-password" name="confirmPassword" />}
          </Field>
          <fieldset className="space-y-3 rounded-[var(--radius-control)] bg-slate-50 p-3">
            <legend className="sr-only">Agreements</legend>
            <Checkbox
              label={
                <>
                  I agree to the <NewTabLink href="/terms">Terms of Service</NewTabLink> and the{" "}
                  <NewTabLink href="/privacy">Privacy Policy</NewTabLink>.
                </>
              }
              name="acceptTerms"
              error={errorOf("acceptTerms")}
            />
            <Checkbox
              label="I understand that LawGuide's AI gives legal information, not legal advice, can be wrong, and does not replace an attorney."
              name="acknowledgeAi"
              error={errorOf("acknowledgeAi")}
            />
          </fieldset>
        </AuthForm>
      )}
    </AuthShell>
  );
}
