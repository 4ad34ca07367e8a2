import { z } from "zod";
import { LAW_EVENTS, type LawEvent, type LawTopic } from "./law";
import { text } from "./schemas/text";
import { STATE_CODES, type StateCode } from "./us-states";

/**
 * A case's key dates (the Key dates panel): what happened and when, in which state, and the
 * deadlines that follow from the law library. Legal information, not legal advice.
 */

/** The events of the library, and a date of the member's own. */
export type KeyDateEvent = LawEvent | "other";
export const KEY_DATE_EVENTS: ReadonlyArray<{ id: KeyDateEvent; label: string }> = [
  ...LAW_EVENTS,
  { id: "other", label: "Other (a date of your own)" },
];

/** How far back and ahead a key date may be. */
export const KEY_DATE_YEARS_BACK = 20;
export const KEY_DATE_YEARS_AHEAD = 2;

export const KEY_DATE_TEXT = {
  event: "Please choose what happened.",
  date: "Please enter the date as YYYY-MM-DD.",
  tooOld: `Please enter a date within the last ${KEY_DATE_YEARS_BACK} years.`,
  tooFar: `Please enter a date within the next ${KEY_DATE_YEARS_AHEAD} years.`,
  state: "Please choose the state.",
  label: "Please say what the date is (for example 'Court hearing').",
  labelTooLong: "The name can be up to 80 characters.",
  notFound: "This date no longer exists. Reload the case.",
  caseArchived: "This case is archived. Restore it to add dates.",
  tooMany: "A case can have up to 50 key dates. Remove one first.",
  timeZone: "Please choose a time zone from the list.",
} as const;

/** The most key dates one case keeps. */
export const KEY_DATES_PER_CASE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day within the allowed range (relative to `today`, YYYY-MM-DD). */
export function keyDateProblem(day: string, today: string): string | null {
  if (!DAY.test(day)) return KEY_DATE_TEXT.date;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return KEY_DATE_TEXT.date;
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const earliest = `${String(y - KEY_DATE_YEARS_BACK).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const latest = `${String(y + KEY_DATE_YEARS_AHEAD).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  if (day < earliest) return KEY_DATE_TEXT.tooOld;
  if (day > latest) return KEY_DATE_TEXT.tooFar;
  return null;
}

export const keyDateInputSchema = z
  .object({
    event: z.enum(KEY_DATE_EVENTS.map((e) => e.id) as [KeyDateEvent, ...KeyDateEvent[]], {
      error: KEY_DATE_TEXT.event,
    }),
    eventDate: z.string({ error: KEY_DATE_TEXT.date }).max(10, KEY_DATE_TEXT.date),
    state: z.enum(STATE_CODES as [StateCode, ...StateCode[]], { error: KEY_DATE_TEXT.state }),
    label: text({ max: 80, tooLong: KEY_DATE_TEXT.labelTooLong }).optional(),
    /** The browser's time zone: kept for a member who has none set yet (reminders come at 9 AM there). */
    timeZone: z
      .string()
      .max(64)
      .regex(/^[A-Za-z_+\-/0-9]+$/)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const problem = keyDateProblem(value.eventDate, new Date().toISOString().slice(0, 10));
    if (problem) ctx.addIssue({ code: "custom", path: ["eventDate"], message: problem });
    if (value.event === "other" && !value.label?.trim()) {
      ctx.addIssue({ code: "custom", path: ["label"], message: KEY_DATE_TEXT.label });
    }
  });
export type KeyDateInput = z.infer<typeof keyDateInputSchema>;

/** One deadline that follows from a key date. */
export interface KeyDeadline {
  /** The deadline's topic, or "own" for a date of the member's own. */
  key: string;
  topic: LawTopic | null;
  /** The last day (YYYY-MM-DD); null when the rule gives no figure to count, or there is no rule. */
  day: string | null;
  /** "Thursday, April 2, 2026". */
  dayText: string | null;
  /** What the member reads: the deadline as a sentence with its citation, or why there is none. */
  sentence: string;
  citation: string | null;
  rule: string | null;
  /** When the rule was read against its source (YYYY-MM-DD); null: not verified. */
  checked: string | null;
  sourceUrl: string | null;
  /** The last day is a weekend or legal holiday: the next business day, which some rules allow. */
  closed: { why: string; nextBusinessDay: string; nextText: string } | null;
  whatIfPassed: string | null;
  /** The document that helps once it has passed. */
  document: { templateId: string; label: string } | null;
  past: boolean;
}

export interface KeyDateView {
  id: string;
  caseId: string;
  event: KeyDateEvent;
  eventLabel: string;
  eventDate: string;
  eventDateText: string;
  state: StateCode;
  stateName: string;
  label: string | null;
  deadlines: KeyDeadline[];
}

export interface KeyDateList {
  keyDates: KeyDateView[];
  /** The state the case names (prefilled in the form), if any. */
  caseState: StateCode | null;
}

/** A coming deadline, for the dashboard home. */
export interface UpcomingDeadline {
  keyDateId: string;
  caseId: string;
  caseTitle: string;
  day: string;
  dayText: string;
  sentence: string;
}

export const calendarSettingsSchema = z.object({
  timeZone: z
    .string()
    .max(64, KEY_DATE_TEXT.timeZone)
    .regex(/^[A-Za-z_+\-/0-9]+$/, KEY_DATE_TEXT.timeZone)
    .optional(),
  keyDateReminders: z.boolean().optional(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;

export interface CalendarStatus {
  timeZone: string | null;
  keyDateReminders: boolean;
  /** The private feed's address once made (shown once, when made); null: no feed. */
  feedUrl: string | null;
  hasFeed: boolean;
}

/** The member's answer to the assistant's offer to add a key date they stated. */
export const keyDateOfferAnswerSchema = z.object({
  answer: z.enum(["add", "decline"], { error: "Please answer add or decline." }),
  /** The state, when the case named none. */
  state: z.enum(STATE_CODES as [StateCode, ...StateCode[]], { error: KEY_DATE_TEXT.state }).optional(),
  timeZone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_+\-/0-9]+$/)
    .optional(),
});
export type KeyDateOfferAnswer = z.infer<typeof keyDateOfferAnswerSchema>;

export const keyDateOfferParamSchema = z.object({
  id: z.uuid({ error: "Not found" }),
  messageId: z.uuid({ error: "This offer no longer exists." }),
});

export const KEY_DATE_OFFER_TEXT = {
  notFound: "This offer no longer exists. Reload the case.",
  answered: "This offer was answered already.",
} as const;

export const keyDateIdParamSchema = z.object({
  id: z.uuid({ error: "Not found" }),
  keyDateId: z.uuid({ error: KEY_DATE_TEXT.notFound }),
});
