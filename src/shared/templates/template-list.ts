/**
 * Every document template LawGuide offers, most popular first: the list, lookup by id and the
 * 'Popular' badge. The templates themselves live in `templates/`; the Document Center's catalogue
 * (with review fees) is `catalogue.ts`.
 */

import { ceaseDesistTemplate } from "./templates/cease-desist";
import { leaseTemplate } from "./templates/lease";
import { livingTrustTemplate } from "./templates/living-trust";
import { llcTemplate } from "./templates/llc";
import { willTemplate } from "./templates/will";
import type { DocumentTemplate } from "./types";

/** Every template, most popular first (spec section 4: templates are listed in popularity order). */
export const TEMPLATES: readonly DocumentTemplate[] = [
  willTemplate,
  leaseTemplate,
  llcTemplate,
  livingTrustTemplate,
  ceaseDesistTemplate,
].sort((a, b) => a.popularityRank - b.popularityRank);

/** How many of the most popular templates carry the 'Popular' badge. */
export const POPULAR_BADGE_COUNT = 3;

/** Ids of the templates with the 'Popular' badge: the top 3 by popularity rank. */
export const POPULAR_TEMPLATE_IDS: readonly string[] = TEMPLATES.slice(0, POPULAR_BADGE_COUNT).map(
  (template) => template.id,
);

/** The template with this id, if any. */
export function getTemplate(id: string): DocumentTemplate | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

/**
 * What tells a generated document from others of its kind, from its answers: "12 Oak Street ·
 * Tenant: Sam Lee", "Will of Maria Lopez". Null when the template is unknown or the answers are empty.
 */
export function documentAbout(templateId: string | null, answers: Record<string, unknown> | null): string | null {
  const template = templateId ? getTemplate(templateId) : undefined;
  if (!template || !answers) return null;
  const parts: string[] = [];
  for (const { field, label } of template.aboutFields) {
    const raw = answers[field];
    const value = (Array.isArray(raw) ? raw.join(", ") : typeof raw === "string" ? raw : "")
      .replace(/\s+/g, " ")
      .trim();
    if (value) parts.push(label ? `${label} ${value}` : value);
  }
  const about = parts.join(" · ");
  return about ? (about.length > 120 ? `${about.slice(0, 119).trimEnd()}…` : about) : null;
}
