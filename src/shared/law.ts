import type { StateCode } from "./us-states";

/**
 * The law library's vocabulary, shared by the server (which keeps the library and computes
 * deadlines) and the browser (the Key dates panel, the administrators' Law library section).
 * The library is legal information with its sources, not legal advice.
 */

/** The seven facts kept for every state and DC. */
export const LAW_TOPICS = [
  { id: "security-deposit", label: "Security deposit return" },
  { id: "final-paycheck", label: "Final paycheck" },
  { id: "small-claims", label: "Small claims limit" },
  { id: "month-to-month-notice", label: "Notice to end a month-to-month tenancy" },
  { id: "pay-or-quit-notice", label: "Notice to pay rent or leave" },
  { id: "eviction-answer", label: "Answering an eviction lawsuit" },
  { id: "written-contract-limit", label: "Time limit to sue on a written contract" },
] as const;
export type LawTopic = (typeof LAW_TOPICS)[number]["id"];

/** What happened, as a member says it: the events the library's deadlines run from. */
export const LAW_EVENTS = [
  { id: "moved-out", label: "I moved out and returned the keys" },
  { id: "fired", label: "I was fired or let go" },
  { id: "quit", label: "I quit my job" },
  { id: "pay-or-quit-notice", label: "I got a notice to pay rent or leave" },
  { id: "served", label: "I was served with an eviction lawsuit" },
  { id: "contract-breach", label: "The other side broke a written contract" },
] as const;
export type LawEvent = (typeof LAW_EVENTS)[number]["id"];

/** How a rule counts its time. */
export const DAY_UNITS = ["calendar-days", "business-days", "court-days", "hours", "months", "years"] as const;
export type DayUnit = (typeof DAY_UNITS)[number];

/** One deadline a fact sets: `amount` `unit`s after `event` (null: the rule sets no figure to count). */
export interface LawDeadline {
  event: LawEvent;
  amount: number | null;
  unit: DayUnit | null;
  /** What the period runs from, in the rule's words. */
  from: string | null;
  /** The rule for this event as a sentence. */
  rule: string | null;
}

/** One fact of the library: a state's rule on one topic, with its source and when it was checked. */
export interface LawFact {
  state: StateCode;
  topic: LawTopic;
  /** The rule as a plain sentence. */
  rule: string;
  /** The statute or court rule that states it. */
  citation: string;
  /** The page whose text was read, when one was found. */
  sourceUrl: string | null;
  /** When it was read against its source (YYYY-MM-DD); null: not verified. */
  checked: string | null;
  checkedBy: string | null;
  /** The source's own words that state the figure. */
  evidence: string | null;
  /** What a reader should know: exceptions, doubts, changes pending. */
  notes: string | null;
  deadlines: LawDeadline[];
  /** Figures of the topic's own (the small-claims amount, the years of a limit, a penalty, ...). */
  details: Record<string, string | number | boolean | null>;
}

/** "30 calendar days", "14 business days", "4 years", "immediately". */
export function periodText(amount: number, unit: DayUnit): string {
  if (amount === 0) return "immediately";
  const plural = amount === 1 ? "" : "s";
  switch (unit) {
    case "calendar-days":
      return `${amount} day${plural}`;
    case "business-days":
      return `${amount} business day${plural}`;
    case "court-days":
      return `${amount} court day${plural}`;
    case "hours":
      return `${amount} hour${plural}`;
    case "months":
      return `${amount} month${plural}`;
    case "years":
      return `${amount} year${plural}`;
  }
}
