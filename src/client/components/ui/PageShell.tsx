import { Logo } from "@client/components/brand/Logo";
import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The frame of a page outside the dashboard (sign-in and the other account pages, System Status,
 * the Debug Console): the logo back home on top and the page's main content, narrow (forms) or wide.
 */
export function PageShell({ width, children }: { width: "narrow" | "wide"; children: ReactNode }) {
  const narrow = width === "narrow";
  return (
    <div
      className={cn("flex min-h-dvh flex-col", narrow ? "bg-gradient-to-b from-primary-50 to-slate-50" : "bg-slate-50")}
    >
      <header className={narrow ? "px-4 py-4" : "border-b border-slate-200 bg-white"}>
        <div className={cn("mx-auto flex items-center", narrow ? "max-w-md" : "h-16 max-w-4xl px-4")}>
          <Link to="/welcome" className="inline-block rounded-md" aria-label="LawGuide home">
            <Logo />
          </Link>
        </div>
      </header>
      <main
        id="main"
        className={cn(
          "w-full flex-1",
          narrow ? "flex items-start justify-center px-4 pt-4 pb-12 sm:pt-10" : "mx-auto max-w-4xl space-y-6 px-4 py-8",
        )}
      >
        {children}
      </main>
    </div>
  );
}
