/**
 * The offline assistant's answer to a question in a case: it recognises the topic (the case
 * categories of the landing page and the law library's seven topics), and the state named
 * anywhere in the case, and answers with that state's facts from the law library in force, each
 * with its citation and whether LawGuide checked it. It asks for the state only when the case has
 * not named one, and says plainly when it knows nothing specific.
 */
import { classifyCase } from "@shared/chat";
import { LAW_TOPICS, type LawFact, type LawTopic } from "@shared/law";
import { stateName } from "@shared/us-states";
import { HOUSING, lawTopicsIn } from "../../law/grounding";
import { LIBRARY_FACTS } from "../../law/library";
import { OFFLINE_ANSWERS } from "../offline-answers";
import { type StateCode, stateOfCase } from "./jurisdictions";

export interface CaseWords {
  /** The member's newest message. */
  question: string;
  /** The member's earlier messages in the case, oldest first. */
  earlier: readonly string[];
  /** The case's title and description. */
  caseText: string;
  /** The law library in force for the case's state, when the caller read it (else the release's). */
  library?: readonly LawFact[] | undefined;
  /** The assistant's earlier answers in the case: a block already given is not given again. */
  answered?: readonly string[] | undefined;
}

/** A landlord forcing a tenant out without a court: answered as the notices and the court case. */
const LOCKOUT =
  /\b(chang(e|ed|es|ing) (the |my |our )?locks?|lock(ed|s)? (me|us) out|throw (out )?(my|our) (stuff|things|belongings)|(put|throw|threw|thrown) (my|our) (stuff|things|belongings) out|shut (off|down) (my |our |the )?(utilities|water|power|electricity|heat|gas))\b/i;

const TOPIC_LABELS = new Map<string, string>(LAW_TOPICS.map((t) => [t.id, t.label]));

/** Places outside the table that members name: said plainly rather than answered as a state. */
const ELSEWHERE =
  /\b(Puerto Rico|Guam|U\.?S\.? Virgin Islands|American Samoa|Northern Mariana Islands|Canada|Ontario|British Columbia|Quebec|Mexico|England|Scotland|Wales|United Kingdom|UK|Ireland|Australia|India|Germany|France)\b/;

/** Facts that usually matter for a case's category when the member has named a state. */
const RELATED: Record<string, LawTopic[]> = {
  "Housing & Tenancy": ["security-deposit", "month-to-month-notice", "small-claims"],
  Employment: ["final-paycheck", "small-claims"],
  "Consumer & Debt": ["small-claims"],
  Contracts: ["written-contract-limit", "small-claims"],
  "Personal Injury": ["small-claims"],
};

/** General guidance that goes with each topic (no figures of its own, so no source needed). */
const GUIDANCE: Record<LawTopic, string> = {
  "security-deposit":
    "Normal wear and tear usually cannot be deducted. Give the landlord your forwarding address in writing, keep your move-in and move-out photos, and ask for the deposit back in a short dated letter that names the deadline.",
  "final-paycheck":
    "Ask for the final pay in writing and keep your pay stubs and time records. If it is late, your state labor department takes wage claims without a lawyer, and unpaid wages can also be claimed in court.",
  "small-claims":
    "Small claims court is built for people without lawyers: the forms are short, the fees are modest and the clerk's office or the court's self-help page explains each step. Ask for the amount you can prove with papers and photos.",
  "month-to-month-notice":
    "Notice usually has to be in writing and delivered the way the law or the lease says; a lease for a fixed term ends on its own date instead. A landlord still needs a court order to remove a tenant who stays.",
  "pay-or-quit-notice":
    "A notice to pay or leave is not an eviction: it starts the clock before a landlord may file an eviction case, and only a court can order you out. Keep the notice and note the day you got it, pay in a way you can prove (a receipt, a money-order copy) if you can, and if you cannot, contact legal aid or the court's self-help center now.",
  "eviction-answer":
    "Once you are served, the time to respond is short, and missing it usually means losing by default. File your answer with the court clerk in time, go to every hearing, and bring your lease, receipts, photos and the notice. Legal aid and the court's self-help center help tenants for free in many places.",
  "written-contract-limit":
    "The time limit usually runs from the day the contract was broken. Write that date down, keep the contract and every message about it, and if the limit is close, talk to a lawyer or the court's self-help center soon: a claim filed late is usually dismissed.",
};

const TOPIC_OF_FACT: Record<LawTopic, string> = {
  "security-deposit": "returning a security deposit",
  "final-paycheck": "a final paycheck",
  "small-claims": "small claims court",
  "month-to-month-notice": "ending a month-to-month tenancy",
  "pay-or-quit-notice": "a notice to pay rent or leave",
  "eviction-answer": "answering an eviction lawsuit",
  "written-contract-limit": "the time limit to sue on a written contract",
};

/** What to ask when the state is unknown, per topic. */
const ASK_STATE: Record<LawTopic, string> = {
  "security-deposit":
    "Which state is the home in? Tell me and I will give you that state's deadline and the law that sets it.",
  "final-paycheck":
    "Which state did you work in? Tell me and I will give you that state's deadlines and the law that sets them.",
  "small-claims":
    "Which state would you file in? Tell me and I will give you that state's limit and the law that sets it.",
  "month-to-month-notice":
    "Which state is the home in? Tell me and I will give you that state's notice period and the law that sets it.",
  "pay-or-quit-notice":
    "Which state is the home in? Tell me and I will give you that state's notice and the law that sets it.",
  "eviction-answer":
    "Which state is the court in? Tell me and I will give you that state's time to respond and the rule that sets it.",
  "written-contract-limit":
    "Which state's law governs the contract? Tell me and I will give you that state's time limit and the law that sets it.",
};

const HEADLINES: Record<LawTopic, string> = {
  "security-deposit": "Every state sets its own deadline for returning a security deposit (or a list of deductions).",
  "final-paycheck":
    "Every state sets its own rules for when a final paycheck is due, and they often differ for quitting and being fired.",
  "small-claims": "Each state sets the most you can ask for in small claims court.",
  "month-to-month-notice": "Each state sets how much notice a landlord must give to end a month-to-month tenancy.",
  "pay-or-quit-notice": "Each state sets the notice a landlord must give for unpaid rent before filing for eviction.",
  "eviction-answer": "Each state sets how soon a tenant must respond once served with an eviction lawsuit.",
  "written-contract-limit": "Each state sets how long you have to sue over a broken written contract.",
};

const FOOTER =
  '*From LawGuide\'s law library: each rule with its citation, "checked" with the month LawGuide read it against its source, or "not verified" where it has not yet. Laws change: confirm with the cited law or the state\'s official site before you rely on a date or an amount.*';

function list(lines: string[]): string {
  return lines.map((line) => `- ${line}`).join("\n");
}

/** A state's facts: the library in force the caller read, or the release's. */
function factsOf(code: StateCode, library: readonly LawFact[] | undefined): readonly LawFact[] {
  if (library?.length && library.every((fact) => fact.state === code)) return library;
  return LIBRARY_FACTS.filter((fact) => fact.state === code);
}

/** One fact as a Markdown list item ending with its citation and whether LawGuide checked it. */
function factLine(fact: LawFact): string {
  const penalty =
    fact.topic === "security-deposit" && typeof fact.details.penalty === "string"
      ? ` Penalty: ${fact.details.penalty}`
      : "";
  const rule = /[.!?]$/.test(fact.rule) ? fact.rule : `${fact.rule}.`;
  const checked = fact.checked ? `checked ${fact.checked.slice(0, 7)}` : "not verified by LawGuide";
  return `**${TOPIC_LABELS.get(fact.topic)} in ${stateName(fact.state)}:** ${rule}${penalty} *(${fact.citation}; ${checked})*`;
}

function linesFor(facts: readonly LawFact[], topics: readonly LawTopic[]): string[] {
  return topics.flatMap((topic) => {
    const fact = facts.find((f) => f.topic === topic);
    return fact ? [factLine(fact)] : [];
  });
}

function factAnswer(
  topics: LawTopic[],
  code: StateCode | null,
  elsewhere: string | null,
  library: readonly LawFact[] | undefined,
  lead: string | null,
): string {
  const about = topics.map((topic) => TOPIC_OF_FACT[topic]);
  const aboutText = about.length > 1 ? `${about.slice(0, -1).join(", ")} and ${about[about.length - 1]}` : about[0];
  const guidance = topics.map((topic) => GUIDANCE[topic]).join(" ");
  const opening = lead ? `${lead}\n\n` : "";
  if (code) {
    // The facts asked for, then small claims as the usual next step for money owed.
    const extra: LawTopic[] =
      !topics.includes("small-claims") && topics.some((t) => t === "security-deposit" || t === "final-paycheck")
        ? ["small-claims"]
        : [];
    const lines = linesFor(factsOf(code, library), [...topics, ...extra]);
    return `${opening}**Here is what ${stateName(code)} law says about ${aboutText}.**

${list(lines)}

**Next steps:** ${guidance}

${FOOTER}`;
  }
  const headline = elsewhere
    ? `**LawGuide's law library covers the 50 U.S. states and DC only, so I cannot give you the rule for ${elsewhere}.** Its law or a local lawyer will have the answer; here is how it works in the U.S. for comparison.`
    : `**${topics.map((topic) => HEADLINES[topic]).join(" ")}**`;
  const sample = topics.flatMap((topic) =>
    (["CA", "TX"] as StateCode[]).flatMap((state) => linesFor(factsOf(state, undefined), [topic])),
  );
  const ask = elsewhere ? "" : `\n\n${topics.map((topic) => ASK_STATE[topic])[0]}`;
  return `${opening}${headline}

For example:

${list(sample)}

**Next steps:** ${guidance}${ask}

${FOOTER}`;
}

function topicAnswer(
  category: string,
  code: StateCode | null,
  library: readonly LawFact[] | undefined,
  random: () => number,
): string {
  const answers = OFFLINE_ANSWERS[category] ?? OFFLINE_ANSWERS.General ?? [""];
  const body = answers[Math.floor(random() * answers.length) % answers.length] ?? "";
  if (!code) return body;
  const name = stateName(code);
  const related = RELATED[category];
  const [head, next] = splitNextSteps(body);
  if (!related) {
    return `${head}

I do not have ${name} rules on this topic in LawGuide's law library, so this is the general picture; the ${name} courts' self-help pages and the state bar's lawyer referral service can point you to the rules that apply there.${next}`;
  }
  return `${head}

**What I know for ${name}:**

${list(linesFor(factsOf(code, library), related))}${next}

${FOOTER}`;
}

/** A canned answer split before its "Next steps" paragraph (kept with its leading blank line). */
function splitNextSteps(body: string): [string, string] {
  const at = body.indexOf("\n\n**Next steps:**");
  return at === -1 ? [body, ""] : [body.slice(0, at), body.slice(at)];
}

/** A question whether something is allowed ("Is the $150 late fee legal in Chicago?"). */
const LEGALITY =
  /\b(legal|illegal|lawful|unlawful|allowed|enforceable|unenforceable|permitted|valid)\b|\bcan (?:he|she|they|the landlord|my landlord|my employer|the employer|it) (?:legally )?(?:charge|keep|do|make|enter|change|take|deduct)\b/i;

/**
 * The answer to a question whether what a document says is allowed: the state's rule from the
 * law library where it has one on the point, else a plain sentence that it has none (never the
 * document's own words restated as if they answered it). Null for any other question.
 */
export function legalityRuling(words: CaseWords): string | null {
  if (!LEGALITY.test(words.question)) return null;
  const everything = [words.caseText, ...words.earlier, words.question].join("\n");
  const code = stateOfCase({ messages: [...words.earlier, words.question], caseText: words.caseText });
  const topics = lawTopicsIn(words.question, HOUSING.test(everything));
  const lines = code ? linesFor(factsOf(code, words.library), topics.slice(0, 2)) : [];
  if (code && lines.length > 0) {
    return `**What ${stateName(code)} law says on this:**\n\n${list(lines)}\n\nCompare the document's words with the rule; where they differ, the law usually wins. ${FOOTER}`;
  }
  const where = code ? stateName(code) : null;
  return `**Is it allowed?** LawGuide's law library has no rule on this point for ${where ?? "your state"} yet, so I cannot tell you whether it is allowed: the words above are what your document says, not a ruling on them. ${where ? `${where}'s` : "Your state's"} court self-help pages, legal aid or a lawyer can tell you whether it holds.${where ? "" : " Which state is this in? Tell me and I will give you any rule LawGuide has for it."}`;
}

/** Whether an earlier answer already gave this one's headline (the same facts, word for word). */
function alreadyGiven(answer: string, answered: readonly string[] | undefined): boolean {
  const headline = answer.split("\n", 1)[0] ?? "";
  return Boolean(headline) && (answered ?? []).some((earlier) => earlier.includes(headline));
}

/** A follow-up the facts already given answer as far as the offline assistant can: no block repeated. */
function followUp(topics: LawTopic[], code: StateCode | null): string {
  const about = topics.map((topic) => TOPIC_OF_FACT[topic]).join(" and ");
  const where = code ? ` for ${stateName(code)}` : "";
  return `**The rule LawGuide's law library has on ${about}${where} is in my answer above, with its citation; I cannot answer this follow-up more specifically offline.**

What usually helps next: write down the dates and amounts that matter, keep every letter, notice and receipt, and put your request in a short dated letter so there is a record. If a deadline is close or a court case has started, a lawyer or legal aid office can look at your own facts; the court's self-help center can explain the forms.`;
}

/** The answer, without the closing disclaimer. */
export function offlineLegalAnswer(words: CaseWords, random: () => number = Math.random): string {
  const everything = [words.caseText, ...words.earlier, words.question].join("\n");
  // "My deposit" with nothing else to go on is a security deposit, the one members ask about.
  const housing = HOUSING.test(everything) || classifyCase(everything) === "General";
  const code = stateOfCase({ messages: [...words.earlier, words.question], caseText: words.caseText });
  const elsewhere = code ? null : (words.question.match(ELSEWHERE)?.[1] ?? null);
  const ownCategory = classifyCase(words.question);
  // A landlord changing the locks or putting a tenant's things out: the notices and the court case.
  if (LOCKOUT.test(words.question)) {
    return factAnswer(
      ["pay-or-quit-notice", "eviction-answer"],
      code,
      elsewhere,
      words.library,
      '**Changing the locks, removing a tenant\'s belongings or cutting off utilities to force a tenant out (a "self-help" eviction) is not allowed in most states: a landlord generally needs a court order, which comes only after an eviction case the tenant can answer.** If it has happened, write down what and when, take photos, and call the police non-emergency line or legal aid.',
    );
  }
  let topics = lawTopicsIn(words.question, housing);
  // A follow-up with no topic of its own ("Is there a deadline?") is about what the case asked before.
  if (!topics.length && ownCategory === "General") {
    for (const text of [...[...words.earlier].reverse(), words.caseText]) {
      topics = lawTopicsIn(text, housing);
      if (topics.length) break;
    }
  }
  if (topics.length) {
    const answer = factAnswer(topics.slice(0, 3), code, elsewhere, words.library, null);
    return alreadyGiven(answer, words.answered) ? followUp(topics.slice(0, 3), code) : answer;
  }
  const category = ownCategory !== "General" ? ownCategory : classifyCase(everything);
  return topicAnswer(category, code, words.library, random);
}
