import { templateForSaleText } from "@shared/messages";
import type { TemplateAccessItem } from "@shared/schemas/documents";
import { formatTemplatePrice, isBasicTemplate, templateOffer } from "@shared/template-offers";
import { DOCUMENT_CATALOGUE, templateIdForCatalogueItem } from "@shared/templates/catalogue";
import { getTemplate } from "@shared/templates/template-list";
import type { DocumentTemplate } from "@shared/templates/types";
import { Building2, FileText, House, Landmark, type LucideIcon, OctagonX, ScrollText } from "lucide-react";

const ICONS: Record<string, LucideIcon> = { ScrollText, House, Building2, Landmark, OctagonX };

/** The lucide icon a template names, or a plain document icon. */
export function templateIcon(template: DocumentTemplate): LucideIcon {
  return ICONS[template.icon] ?? FileText;
}

/** A fee in whole cents: 15000 → "$150", 12550 → "$125.50". */
export function formatFee(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars.toLocaleString("en-US")}` : `$${dollars.toFixed(2)}`;
}

/** The catalogue's fee (in cents) for an attorney to review a document made from this template. */
export function reviewFeeCents(templateId: string | null | undefined): number | null {
  if (!templateId) return null;
  const item = DOCUMENT_CATALOGUE.find((entry) => templateIdForCatalogueItem(entry.id) === templateId);
  return item ? item.lawyerReviewFeeCents : null;
}

/**
 * What a template costs the member, as its card says it (`template-offers.ts` is the rule; the
 * server's access list says which side of it the member is on):
 * - `included`: a basic template, which every plan includes;
 * - `premium`: a Complex template their Premium plan includes;
 * - `purchased`: a Complex template they bought once;
 * - `for-sale`: a Complex template they may buy once, at `priceCents`;
 * - `checking`: not known yet (the access list is loading), or `unknown` (it could not be read).
 */
export type TemplateStanding =
  | { kind: "included" | "premium" | "purchased" | "checking" | "unknown" }
  | { kind: "for-sale"; priceCents: number };

/** The access list by template id. */
export type AccessById = ReadonlyMap<string, TemplateAccessItem>;

export function accessById(items: readonly TemplateAccessItem[] | undefined): AccessById | undefined {
  return items ? new Map(items.map((item) => [item.templateId, item])) : undefined;
}

/**
 * A template's standing for the member. A basic template is included without waiting for the list;
 * a Complex one is as the list says (`failed`: the list could not be read).
 */
export function templateStanding(templateId: string, access: AccessById | undefined, failed = false): TemplateStanding {
  const offer = templateOffer(templateId);
  const item = access?.get(templateId);
  if (item?.access === "for-sale") return { kind: "for-sale", priceCents: item.priceCents };
  if (item?.access === "purchased") return { kind: "purchased" };
  if (!offer || isBasicTemplate(offer)) return { kind: "included" };
  if (item?.access === "included") return { kind: "premium" };
  return { kind: access || failed ? "unknown" : "checking" };
}

/** Whether the member may open the template's form now (a template still being checked may not). */
export const mayUse = (standing: TemplateStanding) =>
  standing.kind === "included" || standing.kind === "premium" || standing.kind === "purchased";

/** What the card says a template costs the member. */
export function standingText(standing: TemplateStanding): string {
  switch (standing.kind) {
    case "included":
      return "Included in your plan";
    case "premium":
      return `Included with ${PREMIUM_SHORT_NAME}`;
    case "purchased":
      return "Purchased";
    case "for-sale":
      return `${formatTemplatePrice(standing.priceCents)}, one-time`;
    case "checking":
      return "Checking…";
    case "unknown":
      return "Could not be checked";
  }
}

/** Premium as members call it on the cards ('Included with Premium'). */
export const PREMIUM_SHORT_NAME = "Premium";

/**
 * What the Document Center says of a template the member may not use yet: the server's words when
 * it refused (402), else the same words built here.
 */
export function forSaleMessage(templateId: string, priceCents?: number): string {
  const offer = templateOffer(templateId);
  const name = getTemplate(templateId)?.name ?? offer?.name ?? "This template";
  return templateForSaleText(name, formatTemplatePrice(priceCents ?? offer?.priceCents ?? 0));
}
