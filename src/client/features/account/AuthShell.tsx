import { Card } from "@client/components/ui/Card";
import { PageShell } from "@client/components/ui/PageShell";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The look of the links on the account pages. */
export const AUTH_LINK = "font-semibold text-primary-800 underline-offset-2 hover:underline";

/** The line under an account page's card: a link to another account page, after an optional question. */
export interface AuthFooter {
  prompt?: string;
  to: string;
  link: string;
}

/** The footer of the password pages. */
export const BACK_TO_SIGN_IN: AuthFooter = { to: "/login", link: "Back to sign in" };

/** The frame of the sign-in, registration and password pages. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer: AuthFooter;
}) {
  return (
    <PageShell width="narrow">
      <div className="w-full max-w-md space-y-4">
        <Card className="p-6 sm:p-8">
          <div className="mb-6 space-y-1 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle ? <p className="text-slate-600">{subtitle}</p> : null}
          </div>
          {children}
        </Card>
        <div className="text-center text-sm text-slate-700">
          {footer.prompt ? `${footer.prompt} ` : null}
          <Link to={footer.to} className={AUTH_LINK}>
            {footer.link}
          </Link>
        </div>
        <p className="text-center text-xs text-slate-600">
          LawGuide gives legal information, not legal advice. It is not a law firm.
        </p>
      </div>
    </PageShell>
  );
}
