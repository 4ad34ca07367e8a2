import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Field, Input } from "@client/components/ui/Field";
import { refusalText } from "@client/lib/api";
import { useSession } from "@client/lib/session";
import { AUTH_TEXT } from "@shared/messages";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AuthForm, AuthOutcome, useAuthForm } from "./AuthForm";
import { AuthShell, BACK_TO_SIGN_IN } from "./AuthShell";
import { authApi } from "./auth-api";

/** What a verification link that did not work says, by the account system's reason. */
const LINK_PROBLEMS: Record<string, string> = {
  TOKEN_EXPIRED: "This verification link has expired: links work for 24 hours.",
  USER_NOT_FOUND: "There is no account for this verification link any more.",
};
const LINK_INVALID = "This verification link does not work. It may be incomplete, or it was replaced by a newer one.";

/**
 * Where a verification link lands (`/verify-email`, `?error=` when it did not work). A followed
 * link has signed the member in: the page says so and leads on. A link that did not work asks for
 * the address and sends a new one.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const session = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(
    (fields) => {
      const email = fields.text("email").trim();
      if (!email) return AUTH_TEXT.invalidEmail;
      return async () => {
        await authApi.sendVerification(email);
        setSentTo(email);
        return undefined;
      };
    },
    (e) => refusalText(e, AUTH_TEXT.unexpected),
  );

  if (!error) {
    const user = session.user;
    return (
      <AuthShell title="Your email address is verified" footer={BACK_TO_SIGN_IN}>
        <AuthOutcome
          tone="success"
          next={
            <ButtonLink to={user?.isAdmin ? "/admin/dashboard" : user ? "/dashboard" : "/login"} className="w-full">
              {user ? "Continue to LawGuide" : "Sign In"}
            </ButtonLink>
          }
        >
          {user ? `Thank you, ${user.firstName || user.email}: your account is ready.` : "You can now sign in."}
        </AuthOutcome>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Verify your email" footer={BACK_TO_SIGN_IN}>
      {sentTo ? (
        <AuthOutcome tone="success" title="Check your email">
          If {sentTo} has an account waiting for verification, a new link is on its way. It works for 24 hours.
        </AuthOutcome>
      ) : (
        <div className="space-y-4">
          <AuthOutcome tone="danger">{LINK_PROBLEMS[error] ?? LINK_INVALID}</AuthOutcome>
          <AuthForm form={form} submitLabel="Send a New Link">
            <Field label="Email">
              {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" name="email" />}
            </Field>
          </AuthForm>
        </div>
      )}
    </AuthShell>
  );
}
