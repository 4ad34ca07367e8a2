import { Card } from "@client/components/ui/Card";
import { PageShell } from "@client/components/ui/PageShell";
import type { ReactNode } from "react";

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
    <PageShell width="narrow">
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
    </PageShell>
  );
}
