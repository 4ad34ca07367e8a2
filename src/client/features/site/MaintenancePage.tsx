import { LogoMark } from "@client/components/brand/Logo";
import { AnchorButton, Button } from "@client/components/ui/Button";
import { MAINTENANCE_TEXT } from "@shared/messages";
import type { PublicSettings } from "@shared/schemas/settings";
import { pageTitle } from "@shared/site";
import { Wrench } from "lucide-react";
import { useEffect } from "react";

/**
 * What visitors and members see while an administrator has the site in maintenance mode: the
 * site's name, what is going on, and where to write. Administrators sign in as usual.
 */
export function MaintenancePage({
  settings,
  signedIn,
}: {
  settings: Pick<PublicSettings, "siteName" | "siteDescription" | "supportEmail">;
  signedIn: boolean;
}) {
  useEffect(() => {
    document.title = pageTitle(settings, "Down for maintenance");
  }, [settings]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-lg rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 text-center shadow-[var(--shadow-card)] sm:p-10">
        <p className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-primary-950">
          <LogoMark />
          {settings.siteName}
        </p>
        <span className="mx-auto mt-8 flex size-14 items-center justify-center rounded-full bg-premium-100 text-premium-900">
          <Wrench className="size-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {MAINTENANCE_TEXT.title(settings.siteName)}
        </h1>
        <p className="mt-3 text-base text-slate-700">{MAINTENANCE_TEXT.body}</p>
        <p className="mt-3 text-base text-slate-700">
          Questions? Write to{" "}
          <a href={`mailto:${settings.supportEmail}`} className="font-semibold break-words text-primary-800 underline">
            {settings.supportEmail}
          </a>
          .
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Try again</Button>
          {signedIn ? null : (
            <AnchorButton href="/login" variant="secondary">
              Administrator sign-in
            </AnchorButton>
          )}
        </div>
      </div>
    </main>
  );
}
