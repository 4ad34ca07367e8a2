import { DOCUMENT_CATALOGUE, templateIdForCatalogueItem } from "@shared/templates/catalogue";
import type { DocumentTemplate } from "@shared/templates/types";
import { Building2, FileText, House, Landmark, type LucideIcon, OctagonX, ScrollText } from "lucide-react";

const ICONS: Record<string, LucideIcon> = { ScrollText, House, Building2, Landmark, OctagonX };

/** The lucide icon a template names, or a plain document icon. */
export function templateIcon(template: DocumentTemplate): LucideIcon {
  return ICONS[template.icon] ?? FileText;
}

/** A template's price in dollars as shown on its card: 49.99 → "$49.99". */
export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
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
