/** Terms worth a closer look (automatic renewal, waivers, arbitration...) and what a document lacks. */
import { stateName } from "@shared/us-states";
import { releasedFact } from "../../law/library";
import type { DeadlineFinding } from "./deadlines";
import { type Duty, dutyLabel } from "./duties";
import { stateInText } from "./jurisdictions";
import type { Kind } from "./kinds";
import { type Quote, quoteAround } from "./quotes";
import type { Document } from "./sentences";

const NO_RULE =
  "LawGuide's law library has no rule for this yet, so check your state's and city's rules (the court's self-help pages or legal aid).";
interface IssueRule {
  id: string;
  title: string;
  patterns: RegExp[];
  explain: string;
}

const ISSUES: IssueRule[] = [
  {
    id: "renewal",
    title: "Automatic renewal",
    patterns: [/\brenew(?:s|ed)?\s+automatically\b|\bautomatic(?:ally)?\s+renew\w*|\bauto-?renew\w*|\bevergreen\b/i],
    explain:
      "It continues for another term on its own unless someone gives notice in time. If you might want out, the notice deadline matters more than the end date.",
  },
  {
    id: "late-fees",
    title: "Late fees or penalties",
    patterns: [/\blate (?:fee|charge|payment (?:fee|charge))s?\b|\bpenalt(?:y|ies)\b|\bliquidated damages\b/i],
    explain:
      "Extra charges apply when a payment or duty is late or missed. Many states limit how large late fees and penalties can be; check the amount and when it starts.",
  },
  {
    id: "jury-waiver",
    title: "Giving up a jury trial",
    patterns: [
      /\bwaive\w*\s+(?:the\s+|any\s+|all\s+|their\s+|its\s+)?(?:rights?\s+to\s+(?:a\s+)?)?(?:trial by )?jury\b|\bjury[- ]trial waiver\b|\bwaiver of (?:a |any )?(?:right to )?(?:a )?(?:trial by )?jury\b/i,
    ],
    explain: `A dispute would be tried by a judge alone, not a jury. This does not send disputes to arbitration: they still go to court. Whether such a waiver holds depends on the state and the kind of case; ${NO_RULE}`,
  },
  {
    id: "entry",
    title: "Entry without notice",
    patterns: [
      /\b(?:enter|entry|access)\b[^.]{0,80}\b(?:at any time|without (?:prior |advance |any )?notice|without notifying)\b|\b(?:at any time|without (?:prior |advance |any )?notice)\b[^.]{0,80}\b(?:enter|entry)\b/i,
    ],
    explain: `The landlord may come in without telling you first. Many states and cities require notice before a landlord enters, except in an emergency; ${NO_RULE}`,
  },
  {
    id: "repairs",
    title: "Repairs put on the tenant",
    patterns: [
      /\btenant\b[^.]{0,60}\b(?:responsible for|shall pay(?: for)?|will pay(?: for)?|pays? for|bear the cost of)\b[^.]{0,60}\b(?:repairs?|replacement|maintenance)\b[^.]{0,60}\b(?:heat\w*|furnace|boiler|plumbing|electrical|wiring|roof|water heater|appliances?)\b|\b(?:repairs?|maintenance) (?:of|to) (?:the )?(?:heat\w*|furnace|boiler|plumbing|electrical|roof|water heater)\b[^.]{0,60}\b(?:tenant['’]s (?:expense|cost)|paid by (?:the )?tenant|at tenant['’]s)\b/i,
    ],
    explain: `The tenant pays for repairs to things the law often leaves to the landlord, such as heat and plumbing. Landlords are generally required to keep a rental fit to live in, so a clause that moves that duty may not hold; ${NO_RULE}`,
  },
  {
    id: "deposit-forfeit",
    title: "Deposit forfeited",
    patterns: [
      /\bdeposit\b[^.]{0,80}\b(?:forfeit\w*|(?:will|shall) be (?:kept|retained) (?:in full|entirely|by (?:the )?landlord))\b|\bforfeit\w*\b[^.]{0,80}\bdeposit\b/i,
    ],
    explain:
      "The whole deposit is kept when something happens (leaving early, say), whatever the actual loss. State deposit laws generally let a landlord keep only what covers unpaid rent and damage, with a list of deductions by a deadline.",
  },
  {
    id: "waiver",
    title: "Giving up rights or claims",
    patterns: [
      /\bwaive[sd]?\b(?![^.]{0,60}\bjury\b)|\bwaiver\b(?![^.]{0,40}\bjury\b)|\brelease[sd]?\b[^.]{0,40}\b(?:all|any)\b[^.]{0,20}\bclaims?\b|\bgives? up\b[^.]{0,30}\bright/i,
    ],
    explain:
      "Someone gives up a right or a legal claim. Once signed, a waiver or release can be hard to undo, so be sure what is given up and what is received in return.",
  },
  {
    id: "non-compete",
    title: "Non-compete or non-solicitation",
    patterns: [/\bnon-?compet\w*|\bnot\s+(?:to\s+)?compete\b|\bnon-?solicit\w*/i],
    explain:
      "It limits the work you can do, or the people you can approach, after the relationship ends. States treat these very differently, and some do not enforce most of them.",
  },
  {
    id: "indemnity",
    title: "Indemnification",
    patterns: [/\bindemnif\w*|\bhold\s+(?:\w+\s+){0,3}harmless\b/i],
    explain:
      "One side promises to cover the other's losses or legal costs in some situations, which can mean paying for claims it did not cause. Check who covers whom, and for what.",
  },
  {
    id: "as-is",
    title: "As-is condition",
    patterns: [
      /["“]as[- ]is["”]|\bAS[- ]IS\b|\bwith all faults\b/,
      /\bas[- ]is,?\s+(?:condition|basis|where[- ]is)\b|\bin (?:its|their) (?:present|current) condition\b/i,
    ],
    explain:
      "The property or item is accepted in its current state, usually without promises about defects. Inspect it carefully, and get any promised repairs in writing, before you commit.",
  },
  {
    id: "arbitration",
    title: "Arbitration or limits on going to court",
    patterns: [/\barbitrat\w*|\bclass[- ]action\b/i],
    explain:
      "Disputes go to a private arbitrator instead of a court, or court options are limited. Arbitration can be faster, but appeals are very limited and it may mean no jury and no class action.",
  },
  {
    id: "confidentiality",
    title: "Confidentiality",
    patterns: [/\bconfidential\w*|\bnon-?disparage\w*/i],
    explain:
      "Certain information must be kept private, sometimes including the agreement itself. Check what is covered, for how long, and whether it makes an exception for talking to a lawyer or a government agency.",
  },
  {
    id: "without-cause",
    title: "Ending without a reason",
    patterns: [
      /\bwithout cause\b|\bfor any reason or no reason\b|\bat[- ]will\b|\bwith or without (?:cause|notice)\b|\bat any time,? (?:and )?for any reason\b/i,
    ],
    explain:
      "One side can end the arrangement without giving a reason, sometimes without notice. Check how much notice is required and what happens to pay or money already paid.",
  },
  {
    id: "non-refundable",
    title: "Non-refundable money",
    patterns: [/\bnon-?refundable\b/i],
    explain:
      "Some money paid will not be returned. Some states limit non-refundable deposits and fees (for example in leases); check yours.",
  },
  {
    id: "legal-fees",
    title: "Paying the other side's legal costs",
    patterns: [/\battorney(?:['’]?s['’]?)?\s+fees\b|\blegal fees\b|\bcosts of collection\b/i],
    explain: `One side may have to pay the other's lawyer fees in a dispute, which can make a disagreement much more expensive. Some states make such a clause work both ways, or limit it, in leases; ${NO_RULE}`,
  },
  {
    id: "liability",
    title: "Personal or shared liability",
    patterns: [/\bpersonal(?:ly)? guarant\w*|\bjointly and severally\b|\bguarantor\b/i],
    explain:
      "A person may be responsible for the whole amount, not just a share. Check who is liable, and for how much.",
  },
  {
    id: "limits",
    title: "Limits on responsibility",
    patterns: [/\blimitation of liability\b|\bshall not be (?:held )?(?:liable|responsible)\b|\bin no event shall\b/i],
    explain:
      "It limits what one side must pay or do if something goes wrong. Check whether the limit runs only one way.",
  },
  {
    id: "blanks",
    title: "Blanks not filled in",
    patterns: [/_{4,}|\[\s*(?:insert|name|date|amount|address)[^\]]*\]|\[\s*\]/i],
    explain:
      "Some blanks (names, dates, amounts or signature lines) are empty, at least in the text read. Make sure every blank that matters is filled in before anyone signs, and keep a copy of the signed version.",
  },
];

/** The deposit return rule of the state the document names, from the law library, with its citation. */
function depositRule(doc: Document): string {
  const state = stateInText(doc.sentences.map((sentence) => sentence.text).join(" "));
  const fact = state ? releasedFact(state, "security-deposit") : undefined;
  if (!state || !fact) return "Which state is the home in? LawGuide's law library has each state's deposit rule.";
  const checked = fact.checked ? `checked ${fact.checked.slice(0, 7)}` : "not verified by LawGuide";
  return `The rule in ${stateName(state)}: ${fact.rule} *(${fact.citation}; ${checked})*`;
}

export interface IssueFinding {
  id: string;
  title: string;
  explain: string;
  quote?: Quote;
}

const SIGNATURE = /\bsign(?:ed|ature|atures|s|ing)?\b|\bexecuted\b|\bwitness(?:es|ed)?\b|\/s\/|\bnotar\w*|_{3,}/i;

export function findIssues(
  doc: Document,
  kind: Kind | null,
  deadlines: DeadlineFinding[],
  hasDates: boolean,
): IssueFinding[] {
  const issues: IssueFinding[] = [];
  for (const rule of ISSUES) {
    for (const pattern of rule.patterns) {
      const found = doc.first(pattern);
      if (!found) continue;
      const quote = quoteAround(found.sentence, found.match.index, found.match.index + found.match[0].length);
      const explain = rule.id === "deposit-forfeit" ? `${rule.explain} ${depositRule(doc)}` : rule.explain;
      issues.push({ id: rule.id, title: rule.title, explain, quote });
      break;
    }
  }
  const short = deadlines.find((d) => d.days !== null && d.days <= 3);
  if (short) {
    const allows =
      short.days !== null && short.days < 1
        ? "It allows less than a day"
        : `It allows only ${short.days} day${short.days === 1 ? "" : "s"}`;
    // Whose time limit it is comes from its own sentence: the reader is not told to act on another's.
    const party = short.duty?.party;
    const whose = party ? `, and it is ${dutyLabel(short.duty as Duty)}` : "";
    issues.push({
      id: "short-deadline",
      title: "A very short deadline",
      explain: `${allows}${whose}. A time limit this short is easy to miss: check exactly when the count starts and whether weekends and holidays count${party ? "" : ", and act early if it is yours"}.`,
      quote: quoteAround(short.sentence, short.start, short.end),
    });
  }
  if (kind?.signed && doc.sentences.length > 0 && !doc.first(SIGNATURE)) {
    issues.push({
      id: "no-signature",
      title: "No signature lines found",
      explain: `A document like this is normally signed${kind.id === "will" || kind.id === "poa" ? ", and witnessed or notarized as your state requires" : ""}. This review found no signature lines in the text read; the scan may have missed them, so check the original.`,
    });
  }
  if (kind?.signed && !hasDates) {
    issues.push({
      id: "no-date",
      title: "No date found",
      explain:
        "This review found no date in the text read. An undated document can make it hard to prove when it was agreed or when deadlines start.",
    });
  }
  return issues;
}
