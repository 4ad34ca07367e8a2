import { LAW_TOPICS, type LawFact, type LawTopic, periodText } from "@shared/law";
import type { MessageSources } from "@shared/schemas/cases";
import { stateName } from "@shared/us-states";

/**
 * Grounding an assistant's answer in the law library: which of a state's facts a question is
 * about, how they are put to the model (with their citations, to rely on and cite), and which
 * sources the answer then shows: the facts it was given, and any citation it wrote that the
 * library does not hold, marked as not checked by LawGuide.
 */

/** What a case is about when it is about a home: some words count as a topic only then. */
export const HOUSING =
  /\b(landlord|tenan(t|cy)|lease|rent(al|ed|ing)?|apartment|evict(ion)?|move[ds]? out|moving out|housing)\b/i;

/** What asks for each topic; `needsHousing` patterns count only in a case about a home. */
const TOPIC_RULES: Array<{ topic: LawTopic; pattern: RegExp; needsHousing?: boolean }> = [
  { topic: "security-deposit", pattern: /\bsecurity deposits?\b/i },
  { topic: "security-deposit", pattern: /(?<!direct\s)\bdeposits?\b/i, needsHousing: true },
  {
    topic: "final-paycheck",
    pattern:
      /\b(final|last)\s+(pay\s?checks?|pay|wages?|checks?)\b|\b(quit|fired|resign(ed)?|laid off|let go|terminated)\b[\s\S]{0,80}\b(pa(y|id)|paychecks?|wages?)\b|\b(pa(y|id)|paychecks?|wages?)\b[\s\S]{0,80}\b(quit|fired|resign(ed)?|laid off|let go|terminated)\b/i,
  },
  { topic: "small-claims", pattern: /\bsmall[\s-]claims?\b|\bhow much can (i|we) sue\b/i },
  {
    topic: "month-to-month-notice",
    pattern:
      /\bmonth[\s-]to[\s-]month\b|\bnotice to (vacate|quit|move out|leave)\b|\bhow (much|long|many days?)( of)? notice\b|\b(end|terminate)s?\s+(my|the|our|a)\s+(tenancy|rental)\b|\bwants? (me|us) (out|to (move|leave))\b|\b(told|asked) (me|us) to (move out|leave|vacate)\b/i,
    needsHousing: true,
  },
  {
    topic: "pay-or-quit-notice",
    pattern:
      /\bpay[\s-]or[\s-](quit|leave|vacate)\b|\b(three|five|seven|ten|fourteen|\d{1,2})[\s-]day notice\b|\bnotice to pay\b|\brent demand\b|\b(behind|late) (on|with)( the| my| our)? rent\b|\b(unpaid|back|past[\s-]due) rent\b|\bevict(ed|ion|ing)?\b/i,
    needsHousing: true,
  },
  {
    topic: "eviction-answer",
    pattern:
      /\bunlawful detainer\b|\bforcible (entry|detainer)\b|\b(eviction|possession) (suit|lawsuit|case|complaint|summons|hearing)\b|\bsued (me|us) for (possession|eviction)\b|\banswer (the|an|my) (eviction|complaint|summons|lawsuit)\b/i,
  },
  {
    topic: "eviction-answer",
    pattern: /\b(served|summons|court papers|complaint)\b|\bfiled (an |the )?eviction\b/i,
    needsHousing: true,
  },
  {
    topic: "written-contract-limit",
    pattern:
      /\bstatutes? of limitations?\b|\btime limit to sue\b|\bhow long (do|did) (i|we) have to sue\b|\btoo late to sue\b|\bbreach(ed|es)? (of )?(the |a |my |our )?(written )?(contract|agreement)\b|\b(broke|breached|violated) (the|our|a|my) (written )?(contract|agreement)\b/i,
  },
];

/** The topics a text asks about, in the order the rules list them. */
export function lawTopicsIn(text: string, housing: boolean): LawTopic[] {
  const found: LawTopic[] = [];
  for (const rule of TOPIC_RULES) {
    if (rule.needsHousing && !housing) continue;
    if (rule.pattern.test(text) && !found.includes(rule.topic)) found.push(rule.topic);
  }
  return found;
}

/** At most this many facts go with one question: the ones it asks about, not the whole state. */
export const GROUNDING_FACTS = 3;

/**
 * The facts of the case's state a question is about: the topics the question names, else those
 * the member's earlier messages or the case's own words name. None when nothing names a topic.
 */
export function factsForQuestion(
  facts: readonly LawFact[],
  words: { question: string; earlier: readonly string[]; caseText: string },
): LawFact[] {
  const housing = HOUSING.test([words.question, ...words.earlier, words.caseText].join("\n"));
  let topics = lawTopicsIn(words.question, housing);
  if (topics.length === 0) topics = lawTopicsIn([...words.earlier.slice(-3), words.caseText].join("\n"), housing);
  return topics
    .map((topic) => facts.find((fact) => fact.topic === topic))
    .filter((fact): fact is LawFact => Boolean(fact))
    .slice(0, GROUNDING_FACTS);
}

const TOPIC_LABELS = new Map<string, string>(LAW_TOPICS.map((t) => [t.id, t.label]));

/** "checked 2026-12" or "not verified". */
export function checkedText(fact: Pick<LawFact, "checked">): string {
  return fact.checked ? `checked ${fact.checked.slice(0, 7)}` : "not verified";
}

function factForModel(fact: LawFact): string {
  const lines = [`- ${TOPIC_LABELS.get(fact.topic) ?? fact.topic}: ${fact.rule}`];
  for (const deadline of fact.deadlines) {
    if (deadline.amount === null || deadline.unit === null) continue;
    lines.push(
      `  Counted as ${periodText(deadline.amount, deadline.unit)}${deadline.from ? ` after ${deadline.from}` : ""}.`,
    );
  }
  for (const [name, value] of Object.entries(fact.details)) {
    if (typeof value === "string" && value && !/Rule$/.test(name)) lines.push(`  ${value}`);
  }
  if (fact.notes) lines.push(`  Note: ${fact.notes}`);
  lines.push(
    `  Citation: ${fact.citation} (${fact.checked ? `checked by LawGuide against its source on ${fact.checked}` : "not verified by LawGuide: say so if you rely on it"})`,
  );
  return lines.join("\n");
}

/** The part of the system prompt that puts the library's facts before the model. */
export function groundingPrompt(facts: readonly LawFact[]): string {
  const first = facts[0];
  if (!first) return "";
  return `LawGuide's law library for ${stateName(first.state)} (the state this case is about) holds these facts on what the member asks. Rely on them for these points rather than on memory, and cite each one you use by its citation exactly as written here. Cite no other statute or rule unless you are certain of it: LawGuide shows any citation it does not hold as "not checked by LawGuide".
${facts.map(factForModel).join("\n")}`;
}

// ------------------------------------------------------------------------------------- citations

const NUMBER = String.raw`\d[\dA-Za-z]*(?:[.:\-–/][\dA-Za-z]+)*`;
const SUBSECTIONS = String.raw`(?:\([A-Za-z0-9]+\)(?:[-–]\([A-Za-z0-9]+\))?)*`;
const SECTION_LIST = String.raw`${NUMBER}${SUBSECTIONS}(?:(?:\s*,\s*|\s+and\s+|\s*[-–]\s*)${NUMBER}${SUBSECTIONS})*`;
/** "§ 92.103", "§§ 1946.1(b)-(c), 1946.2(a)", "Section 92.103", "Sec. 8.01-126". */
const MARKED = new RegExp(String.raw`(?:§§?|\b[Ss]ections?\b|\b[Ss]ec\.)\s*(${SECTION_LIST})`, "g");
/** Codes cited without a section mark: "765 ILCS 710/1", "MCL 408.475", "La. R.S. 9:3252", "RCW 59.18.280". */
const UNMARKED = new RegExp(
  String.raw`(?:\b\d+\s+ILCS|\bMCL|\bNRS|\bRCW|\bORS|\bN\.J\.S\.A\.|\bR\.\s?S\.)\s+(${SECTION_LIST})`,
  "g",
);
/** The words before a section mark that name its code: "Tex. Prop. Code", "Cal. Civ. Code", "29 U.S.C.". */
const CODE_WORDS = /((?:(?:[A-Z0-9][\w.&'’]*|of|&|c\.|ch\.|tit\.|Ann\.)[ ,]+){0,7})$/;
const LEAD_WORDS =
  /^(?:(?:Under|See|In|Per|The|According|To|Also|And|Check|Read|Both|Its|This|That|Your|Most|Many|Some)\b[ ,]*)+/;

/** A citation found in a text, and the section numbers it names (subsections left off). */
export interface FoundCitation {
  text: string;
  sections: string[];
}

function sectionsOf(list: string): string[] {
  return [...list.matchAll(new RegExp(NUMBER, "g"))].map((m) => m[0].replace(/–/g, "-").toLowerCase());
}

/** The citations of statutes and court rules a text writes. */
export function citationsIn(text: string): FoundCitation[] {
  const found: Array<FoundCitation & { at: number; end: number }> = [];
  for (const pattern of [UNMARKED, MARKED]) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index;
      const end = at + match[0].length;
      const sections = sectionsOf(match[1] ?? "");
      // "Section 8" is a housing program, not a citation: a section written out as a word counts
      // when its number looks like one (92.103, 8.01-126, 1983).
      if (/^[Ss]ec/.test(match[0]) && sections.every((s) => !/[.:\-/]/.test(s) && s.length < 3)) continue;
      if (found.some((f) => at < f.end && end > f.at)) continue;
      // The code's name before a section mark, never reaching into the citation before it.
      const from = Math.max(0, at - 80, ...found.filter((f) => f.end <= at).map((f) => f.end));
      const before = pattern === MARKED ? (text.slice(from, at).match(CODE_WORDS)?.[1] ?? "") : "";
      const words = `${before}${match[0]}`
        .replace(LEAD_WORDS, "")
        .replace(/[\s,;:.]+$/, "")
        .replace(/\*+/g, "")
        .trim();
      found.push({ text: words, sections, at: at - before.length, end });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ text, sections }) => ({ text, sections }));
}

/** Every section number the library's citations name: what an answer's citation is checked against. */
export function librarySections(facts: readonly LawFact[]): Set<string> {
  return new Set(facts.flatMap((fact) => citationsIn(fact.citation).flatMap((c) => c.sections)));
}

/**
 * What an answer shows as its sources: the library's facts it was given (with their citations and
 * when each was checked), and the citations it wrote that name no section the library holds.
 * Null when there is neither.
 */
export function sourcesOf(
  answer: string,
  given: readonly LawFact[],
  known: ReadonlySet<string>,
): MessageSources | null {
  const unchecked: string[] = [];
  for (const citation of citationsIn(answer)) {
    if (citation.sections.length === 0 || citation.sections.some((s) => known.has(s))) continue;
    if (!unchecked.includes(citation.text)) unchecked.push(citation.text);
  }
  const library = given.map((fact) => ({
    state: fact.state,
    stateName: stateName(fact.state),
    topic: fact.topic,
    topicLabel: TOPIC_LABELS.get(fact.topic) ?? fact.topic,
    citation: fact.citation,
    checked: fact.checked ? fact.checked.slice(0, 7) : null,
    url: fact.sourceUrl,
  }));
  if (library.length === 0 && unchecked.length === 0) return null;
  return { library, unchecked: unchecked.slice(0, 10) };
}
