/**
 * Chat rules shared by the browser and the server (spec sections 4 and 5): when a message opens
 * the comparison, when the document offer follows, the example chats and their auto-send, and how
 * a case gets its category.
 */

import type { CompareAnswers } from "./session";

export const MESSAGE_MAX_CHARS = 8000;
export const COMPARISON_MIN_CHARS = 100;
export const MESSAGES_PAGE_SIZE = 30;
export const CASES_PAGE_SIZE = 20;

/**
 * Spec section 5 'Comparison rule': over 100 characters, or any message from a Premium member.
 * A Premium member may choose long questions only, or never (their `compareAnswers` preference).
 */
export function opensComparison(
  text: string,
  isPremium: boolean,
  comparisonEnabled = true,
  compareAnswers: CompareAnswers = "every",
): boolean {
  if (!comparisonEnabled) return false;
  const long = text.trim().length > COMPARISON_MIN_CHARS;
  if (!isPremium) return long;
  return compareAnswers === "every" || (compareAnswers === "long" && long);
}

/**
 * Spec section 4 'Auto document offer' keywords. 'will' counts only as the document ("my will",
 * "a will", "will and testament"), not the verb.
 */
export const DOCUMENT_OFFER_KEYWORDS = [
  "will",
  "testament",
  "estate",
  "inheritance",
  "divorce",
  "separation",
  "custody",
  "alimony",
  "lease",
  "rental",
  "landlord",
  "tenant",
  "contract",
  "agreement",
  "terms",
  "llc",
  "corporation",
  "business formation",
  "cease and desist",
  "stop",
  "harassment",
  "power of attorney",
  "medical directive",
  "employment",
  "termination",
  "severance",
] as const;

const WILL_AS_DOCUMENT =
  /\b(?:a|my|the|his|her|their|your|our|living|last)\s+will\b|\bwill\s+and\s+testament\b|\bwills\b/i;

export function matchesDocumentOffer(text: string): boolean {
  const lower = text.toLowerCase();
  return DOCUMENT_OFFER_KEYWORDS.some((keyword) => {
    if (keyword === "will") return WILL_AS_DOCUMENT.test(text);
    const pattern = new RegExp(`\\b${keyword.replace(/\s+/g, "\\s+")}\\b`, "i");
    return pattern.test(lower);
  });
}

export const DOCUMENT_OFFER_TEXT =
  "It sounds like a document could help with this. LawGuide's Document Center can prepare a will, a residential lease, an LLC operating agreement, a living trust or a cease and desist letter from a few guided questions. [Open the Document Center](/dashboard/create) whenever you are ready.";

export interface ExampleChat {
  id: string;
  title: string;
  question: string;
}

/** The six example chats of the dashboard home. */
export const EXAMPLE_CHATS: readonly ExampleChat[] = [
  {
    id: "deposit",
    title: "My landlord kept my security deposit",
    question:
      "I moved out of my apartment five weeks ago and my landlord still hasn't returned my security deposit or sent a list of deductions. What are my options?",
  },
  {
    id: "will",
    title: "Writing a simple will",
    question: "I'm married with two young children. What should a simple will cover, and do I need witnesses?",
  },
  {
    id: "llc",
    title: "Forming an LLC",
    question:
      "I want to turn my freelance design work into an LLC. What are the steps and what does an operating agreement do?",
  },
  {
    id: "fired",
    title: "Fired without warning",
    question: "I was fired without warning after complaining about unpaid overtime. Is that legal, and what can I do?",
  },
  {
    id: "custody",
    title: "Custody after separation",
    question: "My partner and I are separating. How is custody of our 6-year-old usually decided?",
  },
  {
    id: "contract",
    title: "Before I sign a contract",
    question: "A client sent me a services contract to sign. Which clauses should I look at carefully before signing?",
  },
];

/** The description of a case started from an example chat (spec section 4 'Auto-send'). */
export function exampleCaseDescription(example: ExampleChat): string {
  return `User selected the example "${example.title}". They need help with: ${example.question}`;
}

/**
 * A case's description as a member reads it: a case started from an example chat keeps the
 * spec's description for the question it sends by itself, and shows the example's title instead.
 */
export function shownCaseDescription(description: string): string {
  const example = description.match(/^User selected the example "(.+?)"\. They need help with:/);
  return example ? `Started from the example "${example[1]}"` : description;
}

/** The question to send by itself for a new case made from an example chat, if any. */
export function autoSendQuestion(description: string | null | undefined): string | null {
  if (!description?.includes("User selected")) return null;
  const match = description.match(/help with:\s*([\s\S]+)$/);
  const question = match?.[1]?.trim();
  return question ? question : null;
}

const CATEGORY_RULES: Array<[string, RegExp]> = [
  ["Housing & Tenancy", /\b(landlord|tenant|lease|rent(al)?|evict(ion)?|security deposit|apartment|housing)\b/i],
  [
    "Estate Planning",
    /\b(will and testament|my will|a will|testament|estate|inheritance|probate|trust|power of attorney)\b/i,
  ],
  ["Family Law", /\b(divorce|custody|alimony|child support|separat(ion|ing)|marriage|prenup)\b/i],
  ["Employment", /\b(employer|employee|fired|termination|wages?|overtime|severance|workplace|discriminat)/i],
  ["Business", /\b(llc|corporation|business|partnership|startup|trademark|freelanc)/i],
  ["Contracts", /\b(contract|agreement|clause|breach)\b/i],
  ["Personal Injury", /\b(injur(y|ed)|accident|medical bills|negligence)\b/i],
  ["Consumer & Debt", /\b(debt|collector|credit|refund|scam|warranty)\b/i],
];

/** A case's category from what the member wrote (the first message decides). */
export function classifyCase(text: string): string {
  for (const [category, pattern] of CATEGORY_RULES) if (pattern.test(text)) return category;
  return "General";
}

/** A case title from the first question: its first 50 characters, cut at a word. */
export function titleFromQuestion(text: string, max = 50): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}
