import type { KeyDateEvent, KeyDeadline } from "@shared/key-dates";
import { type LawEvent, type LawFact, type LawTopic, periodText } from "@shared/law";
import { type StateCode, stateName } from "@shared/us-states";
import { countDeadline, longDay } from "./deadlines";

/** What each event's deadline means for the member, in words, and what to do once it has passed. */
const MEANING: Record<
  LawEvent,
  {
    topic: LawTopic;
    /** The sentence with the day ("by Thursday, April 2, 2026"). */
    sentence: (by: string) => string;
    /** Without a figure to count: the rule is said instead. */
    withoutFigure: string;
    /** The event, for "30 days after …" when the rule names no event of its own. */
    after: string;
    whatIfPassed: string;
    document: KeyDeadline["document"];
  }
> = {
  "moved-out": {
    topic: "security-deposit",
    sentence: (by) => `Your landlord must return your deposit or send a list of deductions by ${by}`,
    withoutFigure: "When your landlord must return your deposit",
    after: "you moved out",
    whatIfPassed:
      "If the day passes without your deposit or a list of deductions, write to your landlord asking for it by a date, and keep a copy; you may be able to sue in small claims court.",
    document: { templateId: "cease-desist", label: "Prepare a demand letter" },
  },
  fired: {
    topic: "final-paycheck",
    sentence: (by) => `Your employer must pay your final paycheck by ${by}`,
    withoutFigure: "When your employer must pay your final paycheck",
    after: "you were let go",
    whatIfPassed:
      "If your final pay has not come by then, ask your employer for it in writing; you can also file a wage claim with your state's labor department.",
    document: null,
  },
  quit: {
    topic: "final-paycheck",
    sentence: (by) => `Your employer must pay your final paycheck by ${by}`,
    withoutFigure: "When your employer must pay your final paycheck",
    after: "you quit",
    whatIfPassed:
      "If your final pay has not come by then, ask your employer for it in writing; you can also file a wage claim with your state's labor department.",
    document: null,
  },
  "pay-or-quit-notice": {
    topic: "pay-or-quit-notice",
    sentence: (by) => `The time your notice gives you to pay the rent or move out runs out on ${by}`,
    withoutFigure: "What a notice to pay rent or leave gives you",
    after: "you got the notice",
    whatIfPassed:
      "After this day your landlord may file an eviction case in court. Only a court can order you out: your landlord may not change the locks or remove your things. Read any court papers you get at once; they have their own short deadline.",
    document: null,
  },
  served: {
    topic: "eviction-answer",
    sentence: (by) => `Your answer to the eviction lawsuit is due at the court by ${by}`,
    withoutFigure: "How you answer the eviction lawsuit",
    after: "you were served",
    whatIfPassed:
      "If you do not answer or appear in time, the court may decide against you without hearing your side (a default judgment). Call the court or a legal aid office at once.",
    document: null,
  },
  "contract-breach": {
    topic: "written-contract-limit",
    sentence: (by) => `The time to sue on the written contract ends on ${by}`,
    withoutFigure: "The time limit to sue on a written contract",
    after: "the contract was broken",
    whatIfPassed: "After this day a court will usually refuse the case because it was filed too late.",
    document: null,
  },
};

/**
 * The citation a sentence carries: the provision that sets the deadline, without the others a fact
 * names ("Tex. Prop. Code § 92.103(a) (deadline); § 92.107 (...)" → "Tex. Prop. Code § 92.103(a)").
 */
export function mainCitation(citation: string): string {
  const first = citation.split(";")[0] ?? citation;
  return first.replace(/\s*\((deadline|deadlines|penalty|penalties|fired|quit)\)\s*$/i, "").trim();
}

/** "LawGuide has no rule for this in Ohio yet; check with the court or a lawyer." */
export const noRuleText = (state: StateCode) =>
  `LawGuide has no rule for this in ${stateName(state)} yet; check with the court or a lawyer.`;

/**
 * The deadlines that follow from what happened on `eventDay` in `state`, as the library in force
 * says (`facts`: that state's). A rule with a figure gives a day, counted as the rule counts
 * (calendar, business or court days, hours, months, years); one without says the rule; an event
 * the library has no rule for in the state says so. An "other" date is the member's own day.
 */
export function keyDeadlines(
  input: { event: KeyDateEvent; eventDay: string; state: StateCode; label: string | null },
  facts: readonly LawFact[],
  today: string,
): KeyDeadline[] {
  if (input.event === "other") {
    const label = input.label?.trim() || "Your date";
    return [
      {
        key: "own",
        topic: null,
        day: input.eventDay,
        dayText: longDay(input.eventDay),
        sentence: `${label}: ${longDay(input.eventDay)}.`,
        citation: null,
        rule: null,
        checked: null,
        sourceUrl: null,
        closed: null,
        whatIfPassed: null,
        document: null,
        past: input.eventDay < today,
      },
    ];
  }
  const meaning = MEANING[input.event];
  const fact = facts.find((f) => f.topic === meaning.topic);
  const deadline = fact?.deadlines.find((d) => d.event === input.event);
  const base = {
    key: meaning.topic,
    topic: meaning.topic,
    citation: fact?.citation ?? null,
    checked: fact?.checked ?? null,
    sourceUrl: fact?.sourceUrl ?? null,
    whatIfPassed: meaning.whatIfPassed,
    document: meaning.document,
  };
  if (!fact) {
    return [
      {
        ...base,
        day: null,
        dayText: null,
        sentence: noRuleText(input.state),
        rule: null,
        closed: null,
        past: false,
        whatIfPassed: null,
        document: null,
      },
    ];
  }
  const rule = deadline?.rule ?? fact.rule;
  if (!deadline || deadline.amount === null || deadline.unit === null) {
    return [
      {
        ...base,
        day: null,
        dayText: null,
        sentence: `${meaning.withoutFigure}: ${rule}`,
        rule,
        closed: null,
        past: false,
      },
    ];
  }
  const counted = countDeadline(input.eventDay, deadline.amount, deadline.unit, input.state);
  const dayText = longDay(counted.day);
  const after = deadline.from ? deadline.from : meaning.after;
  const period =
    deadline.amount === 0
      ? `due when ${meaning.after.replace(/^you /, "you ")}`
      : `${periodText(deadline.amount, deadline.unit)} after ${after}`;
  return [
    {
      ...base,
      day: counted.day,
      dayText,
      sentence: `${meaning.sentence(dayText)} (${mainCitation(fact.citation)}: ${period}).`,
      rule,
      closed: counted.nextBusinessDay
        ? {
            why: counted.closedBecause ?? "a closed day",
            nextBusinessDay: counted.nextBusinessDay,
            nextText: longDay(counted.nextBusinessDay),
          }
        : null,
      past: counted.day < today,
    },
  ];
}
