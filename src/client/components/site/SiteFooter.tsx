import { Logo } from "@client/components/brand/Logo";
import { usePublicSettings } from "@client/lib/public-settings";
import { DEFAULT_SITE } from "@shared/site";

const LEGAL_LINKS = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/status", label: "System status" },
] as const;

const linkClass =
  "rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white";

/** Footer: what LawGuide is (and is not), legal links and the support contacts. */
export function SiteFooter() {
  const settings = usePublicSettings();
  const site = settings ?? DEFAULT_SITE;
  return (
    <footer className="bg-primary-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-md space-y-3">
          <Logo light />
          <p className="text-sm font-semibold text-white">{site.siteDescription}</p>
          <p className="text-sm">
            {site.siteName} provides legal information, not legal advice. {site.siteName} is not a law firm, and using
            it does not create an attorney-client relationship.
          </p>
        </div>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-white">
            Legal
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <a href={link.to} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              {settings ? (
                <a href={`mailto:${settings.supportEmail}`} className={linkClass}>
                  {settings.supportEmail}
                </a>
              ) : (
                <span>E-mail support</span>
              )}
            </li>
            <li>
              <a href="/help" className={linkClass}>
                Help centre
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-300">
          © {new Date().getFullYear()} {site.siteName}. Answers are produced by AI and can be wrong; check important
          points with a licensed attorney.
        </p>
      </div>
    </footer>
  );
}
