/**
 * The document templates each plan includes, and what the others cost: one rule, kept beside the
 * plans, that the template catalogue, the Premium page, Help, the Terms and the server all read.
 *
 * - Every plan includes the basic templates (Simple and Moderate).
 * - A Complex template is included with Premium; anyone else can buy it once, at its price,
 *   through the same checkout as the plans (Stripe's one-off payment mode, or the demo checkout).
 *   A bought template stays the member's whatever their plan later becomes.
 *
 * The templates themselves (`templates/templates/*.ts`) take their name, complexity and price from
 * here, so a price is written once.
 */
import { PLANS, type PlanId } from "./plans";
import type { TemplateComplexity } from "./templates/types";

export interface TemplateOffer {
  id: string;
  name: string;
  complexity: TemplateComplexity;
  /** What the template is sold for when a plan does not include it, in cents. */
  priceCents: number;
}

export const TEMPLATE_OFFERS = {
  "cease-desist": { id: "cease-desist", name: "Cease and Desist Letter", complexity: "Simple", priceCents: 2999 },
  lease: { id: "lease", name: "Residential Lease Agreement", complexity: "Simple", priceCents: 2999 },
  will: { id: "will", name: "Last Will and Testament", complexity: "Moderate", priceCents: 4999 },
  "living-trust": { id: "living-trust", name: "Revocable Living Trust", complexity: "Complex", priceCents: 6999 },
  llc: { id: "llc", name: "LLC Operating Agreement", complexity: "Complex", priceCents: 7999 },
} as const satisfies Record<string, TemplateOffer>;

export type TemplateOfferId = keyof typeof TEMPLATE_OFFERS;

/** The complexities every plan includes: the basic templates. */
export const BASIC_COMPLEXITIES: readonly TemplateComplexity[] = ["Simple", "Moderate"];

/** The offer of a template id, or null for an id LawGuide does not have. */
export function templateOffer(templateId: string): TemplateOffer | null {
  return Object.hasOwn(TEMPLATE_OFFERS, templateId) ? TEMPLATE_OFFERS[templateId as TemplateOfferId] : null;
}

/** Whether a template is a basic one (Simple or Moderate), which every plan includes. */
export function isBasicTemplate(offer: Pick<TemplateOffer, "complexity">): boolean {
  return BASIC_COMPLEXITIES.includes(offer.complexity);
}

/** The templates a plan does not include, in catalogue order: those that can be bought once. */
export function templatesForSale(): TemplateOffer[] {
  return Object.values(TEMPLATE_OFFERS).filter((offer) => !isBasicTemplate(offer));
}

/**
 * What a member may do with a template: use it because their plan includes it, use it because
 * they bought it, or buy it first.
 */
export type TemplateAccess = "included" | "purchased" | "for-sale";

export function templateAccess(plan: PlanId, offer: TemplateOffer, purchased: boolean): TemplateAccess {
  if (isBasicTemplate(offer) || PLANS[plan].entitlements.allTemplates) return "included";
  return purchased ? "purchased" : "for-sale";
}

/** '$69.99' (always with cents, as prices are shown on the catalogue). */
export function formatTemplatePrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** 'Revocable Living Trust ($69.99) and LLC Operating Agreement ($79.99)'. */
export function templatesForSaleText(): string {
  const items = templatesForSale().map((offer) => `${offer.name} (${formatTemplatePrice(offer.priceCents)})`);
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The rule in one paragraph, as Help and the Terms say it. */
export function templateRuleText(): string {
  return (
    `Every plan includes the basic document templates (${BASIC_COMPLEXITIES.join(" and ")}). ` +
    `${PLANS.premium.name} also includes the Complex templates: ${templatesForSaleText()}. ` +
    "Without Premium you can buy a Complex template once, at the price shown, and keep using it whatever your plan."
  );
}

/** The Document Center's templates, where a template is bought (and where a cancelled checkout returns). */
export const TEMPLATES_PAGE = "/dashboard/create?tab=templates";

/** Where a template opens in the Document Center (the generator on its first question). */
export function templateLink(templateId: string): string {
  return `${TEMPLATES_PAGE}&template=${encodeURIComponent(templateId)}`;
}
