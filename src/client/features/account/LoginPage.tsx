import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Checkbox, Field, Input } from "@client/components/ui/Field";
import { ApiRequestError } from "@client/lib/api";
import { usePublicSettings } from "@client/lib/public-settings";
import { takeReturnTo } from "@client/lib/return-to";
import { useSession } from "@client/lib/session";
import { useHydrated } from "@client/lib/use-hydrated";
import { AUTH_TEXT } from "@shared/messages";
import { type FormEvent, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";

export function destinationAfterSignIn(isAdmin: boolean, from: unknown): string {
  if (isAdmin) return "/admin/dashboard";
  const remembered = takeReturnTo();
  if (remembered) return remembered;
  if (typeof from === "string" && from.startsWith("/") && !from.startsWith("//")) return from;
  return "/dashboard";
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const settings = usePublicSettings();
  const [error, setError] = useState<string | null>(null);
  // Once this form has signed someone in, it navigates by itself: no second redirect.
  const submitted = useRef(false);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const from = (location.state as { from?: unknown } | null)?.from;

  if (session.user && !submitted.current) {
    return <Navigate to={session.user.isAdmin ? "/admin/dashboard" : "/dashboard"} replace />;
  }

  // Values are read from the form itself: what was typed before the page finished loading counts.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
      rememberMe: data.get("rememberMe") === "on",
    };
    setError(null);
    submitted.current = true;
    if (!values.email.trim() || !values.password) {
      setError(AUTH_TEXT.loginFormMissing);
      return;
    }
    setSubmitting(true);
    try {
      await authApi.signIn({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe });
      const user = await session.refresh();
      if (!user) {
        setError(AUTH_TEXT.loginFailed);
        return;
      }
      navigate(destinationAfterSignIn(user.isAdmin, from), { replace: true });
    } catch (e) {
      setError(e instanceof ApiRequestError && e.status > 0 && e.status < 500 ? e.message : AUTH_TEXT.unexpected);
    } finally {
      setSubmitting(false);
    }
  };

  const fill = (email: string, password: string) => {
    const fields = form.current?.elements;
    const set = (name: string, value: string) => {
      const input = fields?.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    };
    set("email", email);
    set("password", password);
    setError(null);
  };

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to continue with your cases."
      footer={
        <>
          New to LawGuide?{" "}
          <Link to="/register" className="font-semibold text-primary-800 underline-offset-2 hover:underline">
            Create a free account
          </Link>
        </>
      }
    >
      <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Field label="Email">
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
        </Field>
        <Field
          label="Password"
          labelAside={
            <Link
              to="/forgot-password"
              className="text-sm font-semibold text-primary-800 underline-offset-2 hover:underline"
            >
              Forgot password?
            </Link>
          }
        >
          {(p) => <PasswordInput {...p} autoComplete="current-password" name="password" />}
        </Field>
        <Checkbox
          label="Remember me"
          description="Stay signed in on this device. Leave unchecked on a shared computer."
          name="rememberMe"
        />
        <Button type="submit" className="w-full" loading={submitting} disabled={!hydrated}>
          Sign In
        </Button>
      </form>
      {settings && settings.demoAccounts.length > 0 ? (
        <section
          aria-labelledby="demo-accounts"
          className="mt-6 rounded-[var(--radius-card)] border border-dashed border-primary-300 bg-primary-50 p-4"
        >
          <h2 id="demo-accounts" className="text-sm font-bold text-primary-950">
            Demo accounts
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            This copy of LawGuide runs on its built-in database. Try it with one of these:
          </p>
          <ul className="mt-3 space-y-2">
            {settings.demoAccounts.map((account) => (
              <li key={account.email} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <span className="font-semibold text-slate-900">{account.label}</span>
                  <span className="block text-slate-700">
                    {account.email} · {account.password}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => fill(account.email, account.password)}
                  aria-label={`Use the ${account.label} demo account`}
                >
                  Use
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AuthShell>
  );
}
