/**
 * Who owes a duty. A duty belongs to the party that is the grammatical subject of its clause
 * ("Landlord shall give…", "Tenant must…", "the Employer will…"). The analysis restates it in the
 * third person, naming that party, so that it never turns one party's duty into advice to the
 * reader; where the words name no one ("rent is due", "notice shall be given"), it says so rather
 * than guessing. The document's "you" is the person it is addressed to, who may or may not be the
 * member reading the analysis.
 */
import type { Party } from "./parties";
import { plainPiece } from "./quotes";
import type { Sentence } from "./sentences";

export type Force = "must" | "must not" | "may" | "may not" | "will" | "will not" | "does" | "asked" | "unknown";

export interface Duty {
  /** The party bound, in the third person ("the landlord", "either party"); null when the words do not say. */
  party: string | null;
  force: Force;
  /** The clause makes it depend on something happening ("If rent is not received within 5 days, …"). */
  condition: boolean;
  /** The clause restated in the third person, Markdown-safe, its time limit in bold; no final stop. */
  statement: string;
  /** What follows the statement's location: "; it does not say who must do this", or nothing. */
  after: string;
}

/** What tells the parties apart: the document's names and defined roles, and the member's own "my …". */
export interface Speakers {
  names: string[];
  roles: string[];
  /** The one person the document names as the one it is addressed to ("Dear Maria Lopez", "To: John Doe"). */
  addressee?: string;
  /** Roles the member calls theirs ("my landlord"): said "your landlord". */
  mine?: Set<string>;
  /** What the document is, for "the person the notice is addressed to". */
  noun?: string;
}

const ROLE_WORDS = new Set(
  "landlord tenant lessor lessee sublessor sublessee resident occupant owner manager management agent employer employee company corporation buyer seller purchaser borrower lender guarantor testator testatrix executor executrix trustee beneficiary principal contractor subcontractor client consultant customer vendor supplier provider licensor licensee franchisor franchisee member partner shareholder plaintiff defendant claimant respondent petitioner debtor creditor collector insurer insured recipient sender party undersigned association".split(
    " ",
  ),
);
const DETERMINERS = new Set("the a an each either both any all such said neither every".split(" "));
const CONNECTORS = new Set(["or", "and", "and/or", "of"]);
const OPENERS = new Set(
  "then thereafter however also additionally further furthermore finally otherwise accordingly please that so upon".split(
    " ",
  ),
);
const PRONOUNS = new Set(["you", "You", "we", "We", "I", "they", "They", "it", "It", "he", "He", "she", "She"]);

const MODAL =
  /\b(shall|must|will|may|can(?:not)?|agrees? to|(?:is|are) (?:required|obligated) to|ha(?:s|ve) to|(?:is|are) responsible for)(\s+not)?\b/gi;
const SUBORDINATOR = /\b(?:if|unless|when|whenever|in the event|provided that|should|once|in case)\b/i;
const PASSIVE =
  /^\s*(?:not\s+)?be\s+(?:\w+ly\s+)?(?!entitled|required|obligated|permitted|allowed|responsible|liable)(?:\w+(?:ed|en)|paid|made|sent|held|kept|done|told|sold|put|set|brought|left|met)\b/i;
const IMPERATIVE =
  /^(please\s+)?(call|contact|return|pay|sign|send|respond|reply|vacate|move|deliver|submit|provide|notify|complete|remove|arrange|give|bring|leave|mail|email|e-mail|keep|allow|inform|tell|take|read|review|note|make|let|surrender|quit|cure|correct|fix)\b(?![-:’'])(?!\s+(?:of|is|are|was|were|will|shall|must|date|address|policy|period)\b)/i;
/** Words after "you" or "we" that are not its verb ("we also give": "give" is). */
const NOT_VERBS = new Set("also then only still already not never hereby each all both just now".split(" "));

function singular(word: string): string {
  const w = word.replace(/['’]s?$/, "").toLowerCase();
  if (w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  return w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w;
}

function isRole(word: string, speakers: Speakers): boolean {
  const w = singular(word);
  return ROLE_WORDS.has(w) || speakers.roles.includes(w);
}

/** How far back a subject is looked for: a noun phrase of a dozen words at most. */
const SUBJECT_WINDOW = 160;

/** The noun phrase that ends just before `at` (the subject of a verb there), or null. */
function subjectBefore(text: string, at: number): { np: string; start: number } | null {
  const from = Math.max(0, at - SUBJECT_WINDOW);
  const tokens = [...text.slice(from, at).matchAll(/\S+/g)].map((t) => ({ 0: t[0], index: from + t.index }));
  // A window that starts inside a word does not count that part-word.
  if (from > 0 && /\S/.test(text.charAt(from - 1))) tokens.shift();
  let first = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const word = (tokens[i] as { 0: string })[0];
    if (/[,;:!?)\]]$/.test(word) || (/\.$/.test(word) && !/(?:\b[A-Z]|Inc|Co|Corp|Ltd|Jr|Sr)\.$/.test(word))) break;
    if (PRONOUNS.has(word)) {
      if (i === tokens.length - 1) first = i;
      break;
    }
    const bare = word.replace(/['’]s$/, "").toLowerCase();
    if (!(/^[A-Z]/.test(word) || ROLE_WORDS.has(singular(word)) || DETERMINERS.has(bare) || CONNECTORS.has(bare)))
      break;
    first = i;
  }
  while (first >= 0 && first < tokens.length) {
    const word = (tokens[first] as { 0: string })[0].toLowerCase();
    if (!CONNECTORS.has(word) && !OPENERS.has(word)) break;
    first++;
  }
  if (first < 0 || first >= tokens.length) return null;
  const last = (tokens.at(-1) as { 0: string })[0].toLowerCase();
  if (DETERMINERS.has(last) || CONNECTORS.has(last)) return null;
  const start = (tokens[first] as { index: number }).index;
  return { np: text.slice(start, at).trim(), start };
}

/** The party a noun phrase names, in the third person; null when it names none ("Rent", "The deposit"). */
export function partyOf(np: string, speakers: Speakers): string | null {
  const addressee = speakers.addressee ?? `the person the ${speakers.noun ?? "document"} is addressed to`;
  if (/^you$/i.test(np)) return addressee;
  if (/^we$/i.test(np)) return "the sender";
  if (np === "I") return "the writer";
  if (PRONOUNS.has(np)) return null;
  const bare = np.replace(/^(?:the|this)\s+/i, "");
  const named = speakers.names.find((name) => {
    const a = name.toLowerCase();
    const b = bare.toLowerCase();
    return a === b || a.startsWith(`${b} `) || a.startsWith(`${b},`) || b.startsWith(`${a} `);
  });
  if (named) return bare;
  const words = np.split(" ");
  if (!words.some((w) => isRole(w, speakers))) return null;
  const out = words.map((w) =>
    isRole(w, speakers) || DETERMINERS.has(w.toLowerCase()) || CONNECTORS.has(w.toLowerCase()) ? w.toLowerCase() : w,
  );
  const head = out[0] ?? "";
  if (head === "the" && out[1] && speakers.mine?.has(singular(out[1]))) out[0] = "your";
  else if (!DETERMINERS.has(head) && isRole(head, speakers))
    out.unshift(speakers.mine?.has(singular(head)) ? "your" : "the");
  return out.join(" ");
}

interface Span {
  start: number;
  end: number;
}

/** The document's words from `from` to `to`, Markdown-safe, with the spans that lie inside in bold. */
function render(text: string, from: number, to: number, spans: Span[]): string {
  let out = "";
  let at = from;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at || span.end > to || span.end <= span.start) continue;
    out += `${plainPiece(text.slice(at, span.start))}**${plainPiece(text.slice(span.start, span.end)).trim()}**`;
    at = span.end;
  }
  return out + plainPiece(text.slice(at, to));
}

function tidy(statement: string): string {
  const text = statement
    .replace(/\s+/g, " ")
    .replace(/[\s,;:.]+$/, "")
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "you have" said of the person addressed: "has". */
function thirdPerson(verb: string): string {
  const irregular: Record<string, string> = { have: "has", are: "is", am: "is", were: "was", do: "does", go: "goes" };
  if (irregular[verb]) return irregular[verb];
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  return /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}

function forceOf(modal: string, negated: boolean): Force {
  const m = modal.toLowerCase();
  if (m === "cannot") return "may not";
  if (m === "will") return negated ? "will not" : "will";
  if (m === "may" || m === "can") return negated ? "may not" : "may";
  return negated ? "must not" : "must";
}

function modalWords(modal: string, negated: boolean, np: string): string {
  const m = modal.toLowerCase().replace(/\s+/g, " ");
  const responsible = m.match(/^(is|are) responsible for$/);
  if (responsible) return `${/^you$/i.test(np) ? "is" : responsible[1]} responsible for${negated ? " not" : ""}`;
  return forceOf(modal, negated);
}

/**
 * Whose duty the clause around `at` is, restated: `at` is a time limit (shown in bold) or the duty's
 * own word ("shall", with `bold` false).
 */
export function dutyAt(
  sentence: Sentence,
  at: Span,
  speakers: Speakers,
  options: { bold?: boolean; alsoBold?: Span[] } = {},
): Duty {
  const text = sentence.text;
  const clauseStart = text.lastIndexOf(";", at.start - 1) + 1;
  const semicolon = text.indexOf(";", at.end);
  const clauseEnd = semicolon === -1 ? text.length : semicolon;
  const modals = [...text.slice(clauseStart, clauseEnd).matchAll(MODAL)].map((m) => ({
    start: clauseStart + m.index,
    end: clauseStart + m.index + m[0].length,
    word: m[1] ?? "",
    negated: Boolean(m[2]),
  }));
  const bold = options.bold !== false && at.end > at.start ? [at, ...(options.alsoBold ?? [])] : [];
  // The duty word before the time limit governs it ("Landlord shall give … 24 hours notice"), else
  // the one after a time limit that opens the clause ("Within 3 days …, you must pay"). One with no
  // subject of its own shares the subject before it ("Tenant shall pay rent and shall give …").
  const before = modals.filter((m) => m.start <= at.start).reverse();
  const after = modals.find((m) => m.start >= at.end);
  const governing = before[0];
  const unknown = (): Duty => {
    const said = render(text, clauseStart, clauseEnd, bold).trim();
    const lower =
      /^[A-Z][a-z]/.test(said) && !speakers.names.some((n) => said.startsWith(n))
        ? said.charAt(0).toLowerCase() + said.slice(1)
        : said;
    return {
      party: null,
      force: "unknown",
      condition: SUBORDINATOR.test(text.slice(clauseStart, at.start)),
      statement: tidy(`The document says that ${lower}`),
      after: "; it does not say who must do this",
    };
  };

  for (const modal of [...before, ...(after ? [after] : [])]) {
    const subject = subjectBefore(text, modal.start);
    if (!subject || subject.start < clauseStart) continue;
    if (governing && modal !== governing && modal !== after && !/\b(?:and|or)\s+$/.test(text.slice(0, governing.start)))
      continue;
    const party = partyOf(subject.np, speakers);
    if (!party || PASSIVE.test(text.slice(modal.end, clauseEnd))) return unknown();
    // What the party must do is said from the governing duty word on; a subject shared with an
    // earlier one ("Tenant shall pay rent and shall give…") is said once, before the first.
    const verb = modal === after ? after : (governing ?? modal);
    const between = modal === after ? text.slice(clauseStart, at.start) : text.slice(verb.end, at.start);
    const prefixKept =
      (bold.length > 0 && at.end <= subject.start) || SUBORDINATOR.test(text.slice(clauseStart, subject.start));
    const prefix = prefixKept ? render(text, clauseStart, subject.start, bold) : "";
    const predicate = render(text, modal.end, clauseEnd, bold);
    return {
      party,
      force: forceOf(verb.word, verb.negated),
      condition: SUBORDINATOR.test(between),
      statement: tidy(`${prefix}${party} ${modalWords(modal.word, modal.negated, subject.np)}${predicate}`),
      after: "",
    };
  }

  // No duty word: a request to the person addressed ("please call … within 2 days"), or a party doing something.
  const lastComma = text.lastIndexOf(", ", at.start - 1);
  const mainStart = Math.max(clauseStart, lastComma === -1 ? clauseStart : lastComma + 2);
  const main = text.slice(mainStart, clauseEnd);
  const imperative = main.match(IMPERATIVE);
  if (imperative) {
    const party = partyOf("you", speakers) as string;
    const condition = text.slice(clauseStart, mainStart).replace(/[\s,]+$/, "");
    const verbAt = mainStart + (imperative[1]?.length ?? 0);
    return {
      party,
      force: "asked",
      // A condition on the request ("If the time is not convenient, please call…"), not on its time limit.
      condition: false,
      statement: tidy(
        `${condition ? `${render(text, clauseStart, mainStart, bold).replace(/[\s,]+$/, "")}, ` : ""}${party} is asked to ${render(
          text,
          verbAt,
          clauseEnd,
          bold,
        )
          .trim()
          .replace(/^\w/, (c) => c.toLowerCase())}`,
      ),
      after: "",
    };
  }
  // The party's verb stands just before the time limit ("unless either party gives 60 days' notice").
  const near = Math.max(clauseStart, at.start - SUBJECT_WINDOW);
  const tokens = [...text.slice(near, at.start).matchAll(/\b[a-z][a-z'’-]*\b/g)];
  if (near > clauseStart && /\S/.test(text.charAt(near - 1))) tokens.shift();
  for (const token of tokens.reverse()) {
    const verbAt = near + token.index;
    const subject = subjectBefore(text, verbAt);
    if (!subject || subject.start < clauseStart) continue;
    const party = partyOf(subject.np, speakers);
    const verb = token[0];
    // "you have", "we give": said of the person addressed or the sender, "has", "gives".
    const plainSubject = /^(?:you|we|I)$/i.test(subject.np);
    if (plainSubject ? NOT_VERBS.has(verb) || /ly$/.test(verb) : !/[^su]s$/.test(verb)) continue;
    if (!party) continue;
    const lead = text.slice(clauseStart, subject.start);
    const spoken = plainSubject ? thirdPerson(verb) : verb;
    const unless = /\bunless\s+$/i.test(lead);
    return {
      party,
      force: unless ? "may" : "does",
      condition: !unless && SUBORDINATOR.test(lead),
      statement: tidy(
        `${render(text, clauseStart, subject.start, bold)}${party} ${spoken}${render(text, verbAt + verb.length, clauseEnd, bold)}`,
      ),
      after: "",
    };
  }
  return unknown();
}

/** A short label for a list: whose duty, option or promise it is. */
export function dutyLabel(duty: Duty): string {
  const party = duty.party;
  let label: string;
  if (!party) label = "the document does not say who";
  else if (duty.force === "must") label = `a duty of ${party}`;
  else if (duty.force === "must not" || duty.force === "may not") label = `a limit on ${party}`;
  else if (duty.force === "may") label = `an option for ${party}`;
  else if (duty.force === "will") label = `what ${party} will do`;
  else if (duty.force === "will not") label = `what ${party} will not do`;
  else if (duty.force === "asked") label = `a request to ${party}`;
  else label = `about ${party}`;
  return duty.condition && party ? `a condition; then ${label}` : label;
}

/** The speakers of a document: the parties it names, with their roles. */
export function speakersOf(parties: Party[], noun?: string, mine?: Set<string>): Speakers {
  const recipients = parties.filter((p) => p.role === "Recipient");
  return {
    names: parties.map((p) => p.name),
    ...(recipients.length === 1 && recipients[0] ? { addressee: recipients[0].name } : {}),
    roles: parties.flatMap((p) => (p.role ? [singular(p.role)] : [])).filter((r) => !r.includes(" ")),
    ...(mine ? { mine } : {}),
    ...(noun ? { noun } : {}),
  };
}
