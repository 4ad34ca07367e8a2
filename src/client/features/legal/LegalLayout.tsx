import { Logo } from "@client/components/brand/Logo";
import { SkipLink } from "@client/components/ui/SkipLink";
import { usePublicSettings } from "@client/lib/public-settings";
import { ArrowLeft } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";

/** The date shown on both legal pages. */
export const LAST_UPDATED = "November 22, 2026";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The support address from the public settings, as a mailto link (plain text until it loads). */
export function SupportEmail() {
  const settings = usePublicSettings();
  if (!settings) return <>our support e-mail address</>;
  return (
    <a href={`mailto:${settings.supportEmail}`} className="font-semibold text-primary-800 underline">
      {settings.supportEmail}
    </a>
  );
}

/** Table-of-contents clicks scroll to the section and move focus there, without a router navigation. */
function onTocClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, "", `#${id}`);
}

const FOOTER_LINKS = [
  { to: "/welcome", label: "Home" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/status", label: "System status" },
] as const;

/**
 * A legal page: header with the way back to /welcome, title, last-updated date, a table of
 * contents of anchor links, and the numbered sections in a readable measure.
 */
export function LegalLayout({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/welcome" className="rounded-md" aria-label="LawGuide home">
            <Logo />
          </Link>
          <Link
            to="/welcome"
            className="inline-flex h-11 items-center gap-2 rounded-[var(--radius-control)] px-3 text-sm font-semibold text-primary-900 hover:bg-slate-100"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to home
          </Link>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none sm:py-14">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">
            Last updated: <time dateTime="2026-11-22">{LAST_UPDATED}</time>
          </p>
          <div className="mt-6 rounded-[var(--radius-card)] border border-primary-200 bg-primary-50 p-4 text-primary-950">
            {summary}
          </div>
        </div>

        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]">
              <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
                On this page
              </h2>
              <ol className="mt-3 space-y-1 text-sm">
                {sections.map((section, i) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      onClick={(event) => onTocClick(event, section.id)}
                      className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-primary-900"
                    >
                      <span className="w-5 shrink-0 text-right text-slate-600 tabular-nums">{i + 1}.</span>
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>

          <div className="max-w-3xl space-y-4">
            {sections.map((section, i) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                tabIndex={-1}
                className="scroll-mt-20 focus:outline-none rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
              >
                <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
                  {i + 1}. {section.title}
                </h2>
                <div className="mt-3 space-y-3 text-slate-700 [&_a]:break-words [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
                  {section.body}
                </div>
              </section>
            ))}
            <p className="pt-4">
              <Link to="/welcome" className="inline-flex items-center gap-2 font-semibold text-primary-800 underline">
                <ArrowLeft className="size-4" aria-hidden />
                Back to the LawGuide home page
              </Link>
            </p>
          </div>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>LawGuide provides legal information, not legal advice. LawGuide is not a law firm.</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="font-medium text-slate-700 underline-offset-4 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
