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
/** The longest search of the cases list. */
export const CASE_SEARCH_MAX_CHARS = 100;

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

const OPENING_FILLER =
  /^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))(?: there)?[,!.]*\s+|(?:i have |i've got |quick |a )?(?:a )?question(?: about| regarding| on)?[:,.!-]*\s+|(?:can|could) you (?:please )?help(?: me)?(?: with| understand)?[:,.!-]*\s+|please help(?: me)?[:,.!-]*\s+)+/i;

/** Words a clause or phrase starts with: a title cut before one ends on a whole phrase. */
const PHRASE_START =
  /^(?:after|before|because|but|and|or|so|since|when|while|although|though|even|which|that|who|if|unless|until|for|with|without|from|in|on|at|to|by|about|during|despite|as)$/i;

/** Words a title must not end on ("…kept my" says nothing). */
const WEAK_END =
  /\s+(?:a|an|the|my|our|his|her|their|your|its|this|that|in|on|at|to|for|of|with|and|or|but|after|before|because|so|if|is|was|are|were|from|by|about|has|have|had|not|still|just|very)$/i;

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(has|have|had|does|did|is|are|was|were|should|could|would) not\b/gi, "$1n't"],
  [/\bdo not\b/gi, "don't"],
  [/\bwill not\b/gi, "won't"],
  [/\bcannot\b|\bcan not\b/gi, "can't"],
  [/\b(really|just|actually|still|already|basically|honestly|very|even|literally) /gi, ""],
];

/** The same words, shorter: contractions, and adverbs that carry no facts dropped. */
function shorten(text: string): string {
  let out = text;
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, " ");
}

/**
 * A case title from the first question: its first sentence without greetings, whole words only
 * and at most `max` characters; a longer one ends on a whole phrase ("My landlord kept my security
 * deposit…", not "…my security…"), marked with "…".
 */
export function titleFromQuestion(text: string, max = 60): string {
  let clean = text.replace(/\s+/g, " ").trim();
  const stripped = clean.replace(OPENING_FILLER, "");
  if (stripped.length >= 10) clean = `${stripped.charAt(0).toUpperCase()}${stripped.slice(1)}`;
  // A sentence ends at ".", "!" or "?" followed by a space ("lease.pdf" and "3.5" are one word).
  const sentences = clean.split(/(?<=[.!?])\s+/).filter(Boolean);
  let title = sentences[0] ?? clean;
  // A first sentence too short to say much ("About my lease.", "Help!") gives way to the question
  // that follows it, or takes the next sentence with it.
  if (title.length < 25 && sentences[1]) title = sentences[1].endsWith("?") ? sentences[1] : `${title} ${sentences[1]}`;
  if (title.length <= max) return title.endsWith("..") ? title : title.replace(/[,;:.]+$/, "");
  // Too long: say the same in fewer letters before cutting, so the words that carry the gist fit.
  title = shorten(title);
  if (title.length <= max) return title.replace(/[,;:.]+$/, "");
  const words = title.slice(0, max + 1).split(" ");
  if (title.charAt(max) !== " " && title.length > max) words.pop();
  // Prefer ending before a phrase that starts in the second half; else at the last whole word.
  let end = words.length;
  for (let i = words.length - 1; i > 0; i--) {
    const kept = words.slice(0, i).join(" ");
    if (kept.length < max / 2) break;
    if (/[,;:]$/.test(words[i - 1] ?? "") || PHRASE_START.test(words[i] ?? "")) {
      end = i;
      break;
    }
  }
  let cut = words.slice(0, end).join(" ");
  if (!cut) cut = title.slice(0, max);
  while (WEAK_END.test(cut)) cut = cut.replace(WEAK_END, "");
  return `${cut.replace(/[\s,.;:!?-]+$/, "")}…`;
}
