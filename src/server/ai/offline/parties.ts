/** The people and companies a document names, and the roles it gives them. */
import type { Kind } from "./kinds";
import { plain, type Quote, quoteAround } from "./quotes";
import type { Document, Sentence } from "./sentences";

export interface Party {
  name: string;
  role?: string;
  sentence: Sentence;
  start: number;
  end: number;
}

const NAME_WORD = "[A-Z][A-Za-z'’.&-]*";
// A name starts a word: never in the middle of one.
const NAME = String.raw`(?<![A-Za-z'’&.-])${NAME_WORD}(?:\s+(?:(?:of|and|&|de|del|la|van|von|der|du)\s+)?${NAME_WORD}){0,5}(?:,?\s+(?:Inc|LLC|L\.L\.C|Corp|Co|Ltd|LP|LLP|PC|PLLC)\.?)?`;
const ROLE = String.raw`([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})`;
export const TAGGED = new RegExp(
  String.raw`(${NAME})\s*,?\s*(?:\((?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?|referred\s+to\s+as\s+(?:the\s+)?)?["“']${ROLE}["”']\)|,?\s*(?:hereinafter|herein)\s+(?:referred\s+to\s+as|called)\s+(?:the\s+)?["“]${ROLE}["”])`,
  "g",
);
const LABELS = [
  "Landlord",
  "Tenant",
  "Lessor",
  "Lessee",
  "Employer",
  "Employee",
  "Company",
  "Buyer",
  "Seller",
  "Purchaser",
  "Borrower",
  "Lender",
  "Testator",
  "Testatrix",
  "Principal",
  "Agent",
  "Attorney-in-Fact",
  "Executor",
  "Executrix",
  "Disclosing Party",
  "Receiving Party",
  "Member",
  "Manager",
  "Owner",
  "Contractor",
  "Client",
  "Consultant",
  "Guarantor",
  "Resident",
  "Recipient",
  "Sender",
  "From",
  "To",
];
/** "Landlord: Jane Smith", and as printed forms write them: "LESSOR: ROBERT KANE", "Tenant(s): Maria Lopez". */
export const LABELLED = new RegExp(
  String.raw`\b(${[...LABELS, ...LABELS.map((label) => label.toUpperCase())].join("|")})(?:\(s\)|\(S\))?(?:'s)?(?:\s+(?:Name|NAME))?\s*:\s*(${NAME})`,
  "g",
);
const TITLE_LABEL = new Map(LABELS.map((label) => [label.toUpperCase(), label]));
const ROLE_FIRST = new RegExp(
  String.raw`\b(Landlord|Tenant|Lessor|Lessee|Employer|Employee|Buyer|Seller|Purchaser|Borrower|Lender|Principal|Agent|Executor|Guarantor|Contractor|Client|Owner),\s+(${NAME})\s*[,(]`,
  "g",
);
const BETWEEN = new RegExp(
  String.raw`\bbetween\s+(?:the\s+undersigned,?\s+)?(${NAME})(?:\s*,\s*(?:an?|the)\s[^,]{1,80},)?\s+and\s+(${NAME})`,
  "g",
);
const I_NAME = new RegExp(String.raw`(?:^|\s)I,\s+(${NAME}),`, "g");
// Case matters in names, so the words around them spell out both cases instead of using the i flag.
const APPOINT = new RegExp(
  String.raw`\b(?:[Aa]ppoint|[Nn]ominate|[Dd]esignate|[Nn]ame)s?\s+(?:my\s+[a-z-]+(?:\s+[a-z-]+)?,?\s+)?(${NAME}),?\s+(?:of\s+[A-Z][^,]{0,40},\s+)?as\s+(?:my\s+|the\s+)?((?:sole\s+|first\s+|alternate\s+|successor\s+|independent\s+)?(?:[Ee]xecut(?:or|rix)|[Pp]ersonal [Rr]epresentative|[Gg]uardian|[Tt]rustee|[Aa]gent|[Aa]ttorney-in-[Ff]act))\b`,
  "g",
);
const GIFT_TO = new RegExp(String.raw`\bto my\s+([a-z]+(?:-in-law)?),?\s+(${NAME})`, "g");
const DEAR = new RegExp(String.raw`^Dear\s+((?:(?:Mr|Mrs|Ms|Mx|Dr)\.?\s+)?${NAME})\s*[,:]?$`);
const SIGN_OFF =
  /^(?:sincerely|regards|best regards|kind regards|yours truly|very truly yours|respectfully)(?: yours)?,?$/i;
const NAME_ALONE = new RegExp(`^(${NAME})$`);
const EMPLOYED_WITH = new RegExp(String.raw`\b(?:employment|position|job|work)\s+with\s+(${NAME})`, "g");

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const NOT_A_NAME = new RegExp(
  `^(?:the|this|that|these|those|a|an|any|each|all|such|said|your|you|our|we|us|i|it|he|she|they|his|her|their|my|if|in|on|at|by|for|to|of|and|or|no|not|please|dear|agreement|lease|contract|notice|page|section|date|signature|name|${MONTHS})$`,
  "i",
);
const ROLE_WORDS = new Set(
  "landlord tenant lessor lessee employer employee company buyer seller purchaser borrower lender testator testatrix principal agent executor executrix member manager owner contractor client consultant guarantor resident recipient sender party parties".split(
    " ",
  ),
);

function cleanName(raw: string): string | null {
  let name = raw
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:The|This)\s+/, "")
    .replace(/[,'’-]+$/, "");
  // A full stop ends the name unless it ends an abbreviation that belongs to it.
  if (name.endsWith(".") && !/\b(?:Inc|Corp|Co|Ltd|Jr|Sr|L\.L\.C|[A-Z])\.$/.test(name)) name = name.slice(0, -1);
  if (name.length < 2 || name.length > 60) return null;
  const words = name.split(" ");
  if (words.every((w) => NOT_A_NAME.test(w) || ROLE_WORDS.has(w.toLowerCase()))) return null;
  if (NOT_A_NAME.test(words[0] ?? "")) return null;
  return name;
}

export function findParties(doc: Document, kind: Kind | null): Party[] {
  const parties: Party[] = [];
  const add = (raw: string, role: string | undefined, sentence: Sentence, at: { index: number; 0: string }) => {
    const name = cleanName(raw);
    if (!name) return;
    const existing = parties.find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      if (!existing.role && role) existing.role = role;
      return;
    }
    if (parties.length >= 8) return;
    parties.push({ name, ...(role ? { role } : {}), sentence, start: at.index, end: at.index + at[0].length });
  };
  for (const { sentence, match } of doc.matches(TAGGED)) {
    const role = (match[2] ?? match[3] ?? "").trim();
    if (role && !NOT_A_NAME.test(role)) add(match[1] ?? "", role, sentence, match);
  }
  for (const { sentence, match } of doc.matches(LABELLED)) {
    const label = TITLE_LABEL.get((match[1] ?? "").toUpperCase()) ?? "";
    add(match[2] ?? "", label === "From" ? "Sender" : label === "To" ? "Recipient" : label, sentence, match);
  }
  for (const { sentence, match } of doc.matches(ROLE_FIRST)) add(match[2] ?? "", match[1], sentence, match);
  for (const { sentence, match } of doc.matches(BETWEEN)) {
    add(match[1] ?? "", undefined, sentence, match);
    add(match[2] ?? "", undefined, sentence, match);
  }
  const selfRole =
    kind?.id === "will" ? "Testator, the person making the will" : kind?.id === "poa" ? "Principal" : undefined;
  for (const { sentence, match } of doc.matches(I_NAME)) add(match[1] ?? "", selfRole ?? "the writer", sentence, match);
  for (const { sentence, match } of doc.matches(APPOINT)) {
    const role = (match[2] ?? "").replace(/\s+/g, " ");
    add(match[1] ?? "", role.charAt(0).toUpperCase() + role.slice(1), sentence, match);
  }
  if (kind?.id === "will") {
    for (const { sentence, match } of doc.matches(GIFT_TO))
      add(match[2] ?? "", `beneficiary, ${match[1]}`, sentence, match);
  }
  for (const { sentence, match } of doc.matches(EMPLOYED_WITH)) add(match[1] ?? "", "Employer", sentence, match);
  doc.sentences.forEach((sentence, index) => {
    const dear = sentence.text.match(DEAR);
    if (dear?.[1]) add(dear[1], "Recipient", sentence, { index: 0, 0: dear[0] });
    const next = doc.sentences[index + 1];
    if (SIGN_OFF.test(sentence.text) && next) {
      const alone = next.text.match(NAME_ALONE);
      if (alone?.[1] && alone[1].split(" ").length <= 4) add(alone[1], "Sender", next, { index: 0, 0: alone[0] });
    }
  });
  return parties;
}

/** Roles the document speaks of (the Employer, the Tenant) when it names no one. */
export function findRoles(doc: Document): { roles: string[]; quote?: Quote } {
  const roles: string[] = [];
  let quote: Quote | undefined;
  const pattern =
    /\b(?:the\s+)?(Landlord|Tenant|Lessor|Lessee|Employer|Employee|Company|Buyer|Seller|Borrower|Lender|Testator|Principal|Agent|Executor|Disclosing Party|Receiving Party|Contractor|Client)\b/g;
  for (const { sentence, match } of doc.matches(pattern)) {
    const role = match[1] ?? "";
    if (!roles.includes(role)) roles.push(role);
    quote ??= quoteAround(sentence, match.index, match.index + match[0].length);
    if (roles.length >= 4) break;
  }
  return { roles, ...(quote ? { quote } : {}) };
}

export function partyText(party: Party): string {
  return party.role ? `${plain(party.name)} (${plain(party.role)})` : plain(party.name);
}
