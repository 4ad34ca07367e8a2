import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Checkbox, Field, Input } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { takeReturnTo } from "@client/lib/return-to";
import { useSession } from "@client/lib/session";
import { useHydrated } from "@client/lib/use-hydrated";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { AUTH_TEXT } from "@shared/messages";
import { validateRegistration } from "@shared/validation/auth-rules";
import { type FormEvent, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const settings = usePublicSettings();
  const [error, setError] = useState<string | null>(null);
  // Once this form has signed someone in, it navigates by itself: no second redirect.
  const submitted = useRef(false);
  const hydrated = useHydrated();
  const [submitting, setSubmitting] = useState(false);
  const minLength = settings?.passwordMinLength ?? PASSWORD_MIN_LENGTH;

  if (session.user && !submitted.current) return <Navigate to="/dashboard" replace />;

  // Values are read from the form itself: what was typed before the page finished loading counts.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const values = {
      email: text("email"),
      firstName: text("firstName"),
      password: text("password"),
      confirmPassword: text("confirmPassword"),
      acceptTerms: data.get("acceptTerms") === "on",
      acknowledgeAi: data.get("acknowledgeAi") === "on",
    };
    setError(null);
    submitted.current = true;
    const problem = validateRegistration(values, minLength);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    try {
      await authApi.signUp({
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: "",
        rememberMe: true,
      });
      let user = await session.refresh();
      if (!user) {
        // No session came back with the sign-up: sign in with the same credentials.
        await authApi.signIn({ email: values.email.trim(), password: values.password, rememberMe: true });
        user = await session.refresh();
      }
      navigate(user ? (takeReturnTo() ?? "/dashboard") : "/login", { replace: true });
    } catch (e) {
      setSubmitting(false);
      setError(
        e instanceof ApiRequestError && e.status > 0 && e.status < 500 ? e.message : AUTH_TEXT.registrationFailed,
      );
    }
  };

  const closed = settings?.allowRegistration === false;

  return (
    <AuthShell
      title="Create your free account"
      subtitle="Ask legal questions, understand your papers and create documents."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-primary-800 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {closed ? (
        <Alert tone="warning" title="Registration is closed">
          {AUTH_TEXT.registrationClosed}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
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
          <Button type="submit" className="w-full" loading={submitting} disabled={!hydrated}>
            Create Account
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
