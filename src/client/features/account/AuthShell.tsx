import { Logo } from "@client/components/brand/Logo";
import { Card } from "@client/components/ui/Card";
import type { ReactNode } from "react";
import { Link } from "react-router";

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
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-50 to-slate-50">
      <header className="px-4 py-4">
        <div className="mx-auto max-w-md">
          <Link to="/welcome" className="inline-block rounded-md" aria-label="LawGuide home">
            <Logo />
          </Link>
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:pt-10">
        <div className="w-full max-w-md space-y-4">
          <Card className="p-6 sm:p-8">
            <div className="mb-6 space-y-1 text-center">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
              {subtitle ? <p className="text-slate-600">{subtitle}</p> : null}
            </div>
            {children}
          </Card>
          {footer ? <div className="text-center text-sm text-slate-700">{footer}</div> : null}
          <p className="text-center text-xs text-slate-600">
            LawGuide gives legal information, not legal advice. It is not a law firm.
          </p>
        </div>
      </main>
    </div>
  );
}
