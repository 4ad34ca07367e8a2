/**
 * The offline assistant's answer to a question in a case: it recognises the topic (the case
 * categories of the landing page and the Document Center's keywords), the four figures of the
 * state-law table a member may be asking for, and the state named anywhere in the case, and
 * answers with that state's figures, each with its source. It asks for the state only when the
 * case has not named one, and says plainly when it knows nothing specific.
 */
import { classifyCase } from "@shared/chat";
import type { LawTopic } from "@shared/law";
import { HOUSING, lawTopicsIn } from "../../law/grounding";
import { OFFLINE_ANSWERS } from "../offline-answers";
import { type StateCode, stateOfCase } from "./jurisdictions";
import { checkedMonth, depositDeadlineSpread, factLines, type LawFact, type StateLaw, stateLaw } from "./state-law";

export interface CaseWords {
  /** The member's newest message. */
  question: string;
  /** The member's earlier messages in the case, oldest first. */
  earlier: readonly string[];
  /** The case's title and description. */
  caseText: string;
}

/** The library's topics the offline assistant's table of state law answers. */
const FACT_OF_TOPIC: Partial<Record<LawTopic, LawFact>> = {
  "security-deposit": "securityDeposit",
  "final-paycheck": "finalPaycheck",
  "small-claims": "smallClaims",
  "month-to-month-notice": "monthToMonthNotice",
};

/** The figures a text asks for (the law library's topic rules), in the order the rules list them. */
function factsIn(text: string, housing: boolean): LawFact[] {
  return lawTopicsIn(text, housing)
    .map((topic) => FACT_OF_TOPIC[topic])
    .filter((fact): fact is LawFact => Boolean(fact));
}

/** Places outside the table that members name: said plainly rather than answered as a state. */
const ELSEWHERE =
  /\b(Puerto Rico|Guam|U\.?S\.? Virgin Islands|American Samoa|Northern Mariana Islands|Canada|Ontario|British Columbia|Quebec|Mexico|England|Scotland|Wales|United Kingdom|UK|Ireland|Australia|India|Germany|France)\b/;

/** Figures that usually matter for a topic when the member has named a state. */
const RELATED: Record<string, LawFact[]> = {
  "Housing & Tenancy": ["securityDeposit", "monthToMonthNotice", "smallClaims"],
  Employment: ["finalPaycheck", "smallClaims"],
  "Consumer & Debt": ["smallClaims"],
  Contracts: ["smallClaims"],
  "Personal Injury": ["smallClaims"],
};

/** General guidance that goes with each figure (no figures of its own, so no source needed). */
const GUIDANCE: Record<LawFact, string> = {
  securityDeposit:
    "Normal wear and tear usually cannot be deducted. Give the landlord your forwarding address in writing, keep your move-in and move-out photos, and ask for the deposit back in a short dated letter that names the deadline.",
  finalPaycheck:
    "Ask for the final pay in writing and keep your pay stubs and time records. If it is late, your state labor department takes wage claims without a lawyer, and unpaid wages can also be claimed in court.",
  smallClaims:
    "Small claims court is built for people without lawyers: the forms are short, the fees are modest and the clerk's office or the court's self-help page explains each step. Ask for the amount you can prove with papers and photos.",
  monthToMonthNotice:
    "Notice usually has to be in writing and delivered the way the law or the lease says; a lease for a fixed term ends on its own date instead. A landlord still needs a court order to remove a tenant who stays.",
};

const TOPIC_OF_FACT: Record<LawFact, string> = {
  securityDeposit: "returning a security deposit",
  finalPaycheck: "a final paycheck",
  smallClaims: "small claims court",
  monthToMonthNotice: "ending a month-to-month tenancy",
};

/** What to ask when the state is unknown, per figure. */
const ASK_STATE: Record<LawFact, string> = {
  securityDeposit:
    "Which state is the home in? Tell me and I will give you that state's deadline and the law that sets it.",
  finalPaycheck:
    "Which state did you work in? Tell me and I will give you that state's deadlines and the law that sets them.",
  smallClaims:
    "Which state would you file in? Tell me and I will give you that state's limit and the law that sets it.",
  monthToMonthNotice:
    "Which state is the home in? Tell me and I will give you that state's notice period and the law that sets it.",
};

function footer(row: StateLaw): string {
  return `*Figures from LawGuide's table of state law, as of ${checkedMonth(row)}. Laws change: confirm with the cited law or the state's official site before you rely on a date or an amount.*`;
}

function list(lines: string[]): string {
  return lines.map((line) => `- ${line}`).join("\n");
}

/** Examples from two states for a member who has not named one. */
function examples(fact: LawFact): string[] {
  if (fact === "securityDeposit") {
    const spread = depositDeadlineSpread();
    if (spread) {
      return [
        `Deadlines run from ${spread.shortest.securityDeposit.days} days in ${spread.shortest.name} to ${spread.longest.securityDeposit.days} days in ${spread.longest.name}; ${spread.commonDays} days is the most common.`,
        ...factLines(spread.shortest, fact),
        ...factLines(spread.longest, fact),
      ];
    }
  }
  return (["CA", "TX"] as StateCode[]).flatMap((code) => {
    const row = stateLaw(code);
    return row ? factLines(row, fact) : [];
  });
}

const FACT_HEADLINES: Record<LawFact, string> = {
  securityDeposit: "Every state sets its own deadline for returning a security deposit (or a list of deductions).",
  finalPaycheck:
    "Every state sets its own rules for when a final paycheck is due, and they often differ for quitting and being fired.",
  smallClaims: "Each state sets the most you can ask for in small claims court.",
  monthToMonthNotice: "Each state sets how much notice a landlord must give to end a month-to-month tenancy.",
};

function factAnswer(facts: LawFact[], code: StateCode | null, elsewhere: string | null): string {
  const row = code ? stateLaw(code) : undefined;
  const about = facts.map((fact) => TOPIC_OF_FACT[fact]);
  const aboutText = about.length > 1 ? `${about.slice(0, -1).join(", ")} and ${about[about.length - 1]}` : about[0];
  const guidance = facts.map((fact) => GUIDANCE[fact]).join(" ");
  if (row) {
    // The figures asked for, then small claims as the usual next step for money owed.
    const extra: LawFact[] =
      !facts.includes("smallClaims") && facts.some((fact) => fact === "securityDeposit" || fact === "finalPaycheck")
        ? ["smallClaims"]
        : [];
    const lines = [...facts, ...extra].flatMap((fact) => factLines(row, fact));
    return `**Here is what ${row.name} law says about ${aboutText}.**

${list(lines)}

**Next steps:** ${guidance}

${footer(row)}`;
  }
  const lead = elsewhere
    ? `**LawGuide's offline assistant has figures for the 50 U.S. states and DC only, so I cannot give you the rule for ${elsewhere}.** Its law or a local lawyer will have the answer; here is how it works in the U.S. for comparison.`
    : `**${facts.map((fact) => FACT_HEADLINES[fact]).join(" ")}**`;
  const sample = facts.flatMap((fact) => examples(fact));
  const first = stateLaw("CA");
  const ask = elsewhere ? "" : `\n\n${facts.map((fact) => ASK_STATE[fact])[0]}`;
  return `${lead}

For example:

${list(sample)}

**Next steps:** ${guidance}${ask}${first ? `\n\n${footer(first)}` : ""}`;
}

function topicAnswer(category: string, code: StateCode | null, random: () => number): string {
  const answers = OFFLINE_ANSWERS[category] ?? OFFLINE_ANSWERS.General ?? [""];
  const body = answers[Math.floor(random() * answers.length) % answers.length] ?? "";
  const row = code ? stateLaw(code) : undefined;
  if (!row) return body;
  const related = RELATED[category];
  const [head, next] = splitNextSteps(body);
  if (!related) {
    return `${head}

I do not have ${row.name} figures on this topic in my offline table, so this is the general picture; the ${row.name} courts' self-help pages and the state bar's lawyer referral service can point you to the rules that apply there.${next}`;
  }
  return `${head}

**What I know for ${row.name}:**

${list(related.flatMap((fact) => factLines(row, fact)))}${next}

${footer(row)}`;
}

/** A canned answer split before its "Next steps" paragraph (kept with its leading blank line). */
function splitNextSteps(body: string): [string, string] {
  const at = body.indexOf("\n\n**Next steps:**");
  return at === -1 ? [body, ""] : [body.slice(0, at), body.slice(at)];
}

/** The answer, without the closing disclaimer. */
export function offlineLegalAnswer(words: CaseWords, random: () => number = Math.random): string {
  const everything = [words.caseText, ...words.earlier, words.question].join("\n");
  // "My deposit" with nothing else to go on is a security deposit, the one members ask about.
  const housing = HOUSING.test(everything) || classifyCase(everything) === "General";
  const code = stateOfCase({ messages: [...words.earlier, words.question], caseText: words.caseText });
  const elsewhere = code ? null : (words.question.match(ELSEWHERE)?.[1] ?? null);
  const ownCategory = classifyCase(words.question);
  let facts = factsIn(words.question, housing);
  // A follow-up with no topic of its own ("Is there a deadline?") is about what the case asked before.
  if (!facts.length && ownCategory === "General") {
    for (const text of [...[...words.earlier].reverse(), words.caseText]) {
      facts = factsIn(text, housing);
      if (facts.length) break;
    }
  }
  if (facts.length) return factAnswer(facts, code, elsewhere);
  const category = ownCategory !== "General" ? ownCategory : classifyCase(everything);
  return topicAnswer(category, code, random);
}
