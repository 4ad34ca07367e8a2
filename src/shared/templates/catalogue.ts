/**
 * The Document Center catalogue (product spec section 3, 'Document-center catalogue'): the
 * documents the Document Center assistant offers, with the fee for a lawyer to review each one.
 */

export type CatalogueItemId = "will" | "living-trust" | "cease-desist" | "residential-lease" | "llc-formation";

export interface CatalogueItem {
  id: CatalogueItemId;
  name: string;
  description: string;
  category: string;
  /** Whether the assistant asks for the user's state before preparing this document. */
  requiresState: boolean;
  /** Fee for a lawyer to review the finished document, in cents. */
  lawyerReviewFeeCents: number;
  isPopular: boolean;
}

export const DOCUMENT_CATALOGUE: readonly CatalogueItem[] = [
  {
    id: "will",
    name: "Last Will and Testament",
    description: "Decide who receives your property, who manages your estate and who cares for your minor children.",
    category: "Estate Planning",
    requiresState: true,
    lawyerReviewFeeCents: 15_000,
    isPopular: true,
  },
  {
    id: "living-trust",
    name: "Revocable Living Trust",
    description: "Hold your property in a trust you control, with a successor trustee to manage and pass it on.",
    category: "Estate Planning",
    requiresState: true,
    lawyerReviewFeeCents: 25_000,
    isPopular: false,
  },
  {
    id: "cease-desist",
    name: "Cease and Desist Letter",
    description: "Ask someone in writing to stop harassment, false statements, infringement or similar conduct.",
    category: "Civil Disputes",
    requiresState: false,
    lawyerReviewFeeCents: 10_000,
    isPopular: true,
  },
  {
    id: "residential-lease",
    name: "Residential Lease Agreement",
    description: "Set the rent, deposit, term and house rules for renting out a home or apartment.",
    category: "Real Estate",
    requiresState: true,
    lawyerReviewFeeCents: 12_500,
    isPopular: true,
  },
  {
    id: "llc-formation",
    name: "LLC Operating Agreement",
    description: "Set out who owns and runs your LLC and how profits are shared.",
    category: "Business Formation",
    requiresState: true,
    lawyerReviewFeeCents: 20_000,
    isPopular: true,
  },
];

const TEMPLATE_IDS: Record<CatalogueItemId, string> = {
  will: "will",
  "living-trust": "living-trust",
  "cease-desist": "cease-desist",
  "residential-lease": "lease",
  "llc-formation": "llc",
};

/** The catalogue item with this id, if any. */
export function getCatalogueItem(id: string): CatalogueItem | undefined {
  return DOCUMENT_CATALOGUE.find((item) => item.id === id);
}

/**
 * The id of the document template that produces a catalogue item: residential-lease → "lease",
 * llc-formation → "llc", every other item → its own id. Unknown ids are returned unchanged.
 */
export function templateIdForCatalogueItem(id: string): string {
  return Object.hasOwn(TEMPLATE_IDS, id) ? (TEMPLATE_IDS[id as CatalogueItemId] ?? id) : id;
}
