import { Button } from "@client/components/ui/Button";
import { Checkbox, Field, Input } from "@client/components/ui/Field";
import { ApiRequestError, refusalText } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { usePublicSettings } from "@client/lib/public-settings";
import { takeReturnTo } from "@client/lib/return-to";
import { useSession } from "@client/lib/session";
import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import { useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { AuthForm, useAuthForm } from "./AuthForm";
import { AUTH_LINK, AuthShell } from "./AuthShell";
import { authApi } from "./auth-api";
import { PasswordInput } from "./PasswordInput";
import { ResendVerification } from "./ResendVerification";
import { TwoFactorChallenge } from "./TwoFactorChallenge";

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
  // Once this form has signed someone in, it navigates by itself: no second redirect.
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const from = (location.state as { from?: unknown } | null)?.from;
  // Refused until the address is verified: the address, to send its link again.
  const [unverified, setUnverified] = useState<string | null>(null);
  // The password was right and two-factor sign-in is on: the code step.
  const [codeStep, setCodeStep] = useState(false);
  const finish = async () => {
    const user = await session.refresh();
    if (user) navigate(destinationAfterSignIn(user.isAdmin, from), { replace: true });
  };
  const form = useAuthForm(
    (fields) => {
      const email = fields.text("email").trim();
      const password = fields.text("password");
      const rememberMe = fields.checked("rememberMe");
      submitted.current = true;
      setUnverified(null);
      if (!email || !password) return AUTH_TEXT.loginFormMissing;
      return async () => {
        try {
          const answer = await authApi.signIn({ email, password, rememberMe });
          if (answer.twoFactorRedirect) {
            setCodeStep(true);
            return undefined;
          }
        } catch (error) {
          if (error instanceof ApiRequestError && error.code === ERROR_CODES.emailNotVerified) setUnverified(email);
          throw error;
        }
        const user = await session.refresh();
        if (!user) return AUTH_TEXT.loginFailed;
        navigate(destinationAfterSignIn(user.isAdmin, from), { replace: true });
      };
    },
    (e) => refusalText(e, AUTH_TEXT.unexpected),
  );

  if (session.user && !submitted.current) {
    return <Navigate to={session.user.isAdmin ? "/admin/dashboard" : "/dashboard"} replace />;
  }

  const fill = (email: string, password: string) => {
    const fields = formRef.current?.elements;
    const set = (name: string, value: string) => {
      const input = fields?.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    };
    set("email", email);
    set("password", password);
    form.setError(null);
  };

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to continue with your cases."
      footer={{ prompt: "New to LawGuide?", to: "/register", link: "Create a free account" }}
    >
      {codeStep ? (
        <TwoFactorChallenge
          onSignedIn={finish}
          onRestart={() => {
            setCodeStep(false);
            form.reset();
          }}
        />
      ) : (
        <AuthForm form={form} submitLabel="Sign In" formRef={formRef}>
          <Field label="Email">
            {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
          </Field>
          <Field
            label="Password"
            labelAside={
              <Link to="/forgot-password" className={cn("text-sm", AUTH_LINK)}>
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
        </AuthForm>
      )}
      {unverified ? (
        <div className="mt-4">
          <ResendVerification email={unverified} />
        </div>
      ) : null}
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
