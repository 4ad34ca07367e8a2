import { Logo } from "@client/components/brand/Logo";
import { AnchorButton } from "@client/components/ui/Button";
import { Menu, X } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { SECTIONS, sectionLinkHandler } from "./sections";

/**
 * The public site's sticky header: links to the landing page's sections (behind a Menu button
 * below 768 px), and Sign In / Register Free, or Dashboard when signed in. On the landing page the
 * links scroll to its sections; on another public page (`home`: the landing page's address) they
 * lead there. While the session is not known yet (`signedIn` null) neither is offered.
 */
export function SiteHeader({ signedIn, home }: { signedIn: boolean | null; home?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The compact menu closes on Escape (focus goes back to its button) and on a click elsewhere.
  // A layout effect, so the listeners are there as soon as the menu shows: the landing page runs
  // on Preact, whose plain effects wait for the next frame, and an Escape pressed before it (a
  // quick hand, a busy machine) would otherwise leave the menu open.
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [menuOpen]);

  const linkClass =
    "rounded-[var(--radius-control)] px-3 py-2 text-sm font-semibold text-slate-700 transition-colors duration-150 hover:bg-slate-100 hover:text-primary-900";

  return (
    <header ref={headerRef} className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <a href="/welcome" className="shrink-0 rounded-md" aria-label="LawGuide home">
          <Logo />
        </a>
        <nav aria-label="Page sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`${home ?? ""}#${section.id}`}
                  onClick={home ? undefined : sectionLinkHandler(section.id)}
                  className={linkClass}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {signedIn === null ? null : signedIn ? (
            <AnchorButton href="/dashboard" size="sm">
              Dashboard
            </AnchorButton>
          ) : (
            <>
              <span className="hidden sm:contents">
                <AnchorButton href="/login" variant="ghost" size="sm">
                  Sign In
                </AnchorButton>
              </span>
              <AnchorButton href="/register" size="sm">
                Register Free
              </AnchorButton>
            </>
          )}
          <button
            ref={buttonRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-[var(--radius-control)] text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      <div
        id={menuId}
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-slate-200 bg-white px-4 pt-2 pb-4 shadow-[var(--shadow-dialog)] md:hidden"
      >
        <nav aria-label="Page sections">
          <ul className="grid gap-1">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`${home ?? ""}#${section.id}`}
                  onClick={home ? undefined : sectionLinkHandler(section.id, () => setMenuOpen(false))}
                  className="flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-base font-semibold text-slate-800 hover:bg-slate-100"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {signedIn === false ? (
          <AnchorButton href="/login" variant="secondary" className="mt-3 w-full sm:hidden">
            Sign In
          </AnchorButton>
        ) : null}
      </div>
    </header>
  );
}
