import type { MouseEvent } from "react";

/** The landing page's sections, in page order: the header links to each by its id. */
export const SECTIONS = [
  { id: "features", label: "Features" },
  { id: "how-it-works", label: "How it works" },
  { id: "pricing", label: "Pricing" },
  { id: "testimonials", label: "Testimonials" },
  { id: "faq", label: "FAQ" },
] as const;

/**
 * Scroll to a section of the landing page and move focus there, so keyboard and screen-reader
 * users continue from the section they chose. The address gets the #hash without a router
 * navigation (the router's own scroll handling would fight the smooth scroll).
 */
export function goToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, "", `#${id}`);
}

/** onClick for an in-page anchor: plain clicks scroll smoothly; modified clicks keep the browser's behaviour. */
export function sectionLinkHandler(id: string, after?: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    after?.();
    goToSection(id);
  };
}
