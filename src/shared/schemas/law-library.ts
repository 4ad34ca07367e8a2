import { z } from "zod";
import { DAY_UNITS, type DayUnit, LAW_EVENTS, LAW_TOPICS, type LawEvent, type LawFact, type LawTopic } from "../law";
import { STATE_CODES, type StateCode } from "../us-states";
import { text } from "./text";

/**
 * The administrators' Law library (GET/PATCH /api/admin/law-library...): every fact by state and
 * topic with its source, checked date and age; a fact corrected or marked checked (audited); a
 * newer release of a fact an administrator edited, shown beside it for a decision.
 */

/** A fact last checked longer ago than this (or never) is due for a check. */
export const LAW_FACT_DUE_MONTHS = 12;

export const LAW_LIBRARY_TEXT = {
  notFound: "There is no such fact in the library.",
  rule: "Please write the rule as a sentence.",
  ruleTooLong: "The rule can be up to 600 characters.",
  citation: "Please give the citation (the statute or court rule).",
  citationTooLong: "The citation can be up to 300 characters.",
  sourceUrl: "Please give the address of the page whose text you read (http:// or https://), or leave it empty.",
  notesTooLong: "The notes can be up to 2,000 characters.",
  amount: "Please enter a whole number from 0 to 100, or leave it empty.",
  unit: "Please choose how the time is counted.",
  unitWithoutAmount: "A period needs both its number and how it is counted.",
  noPending: "This fact has no newer release waiting for a decision.",
  checkNeedsSource: "A fact is checked against a source: give the address of the page you read first.",
} as const;

const stateSchema = z.enum(STATE_CODES as [StateCode, ...StateCode[]], { error: LAW_LIBRARY_TEXT.notFound });
const topicSchema = z.enum(LAW_TOPICS.map((t) => t.id) as [LawTopic, ...LawTopic[]], {
  error: LAW_LIBRARY_TEXT.notFound,
});

export const lawFactParamSchema = z.object({ state: stateSchema, topic: topicSchema });

export const lawLibraryQuerySchema = z.object({
  state: stateSchema.optional(),
  topic: topicSchema.optional(),
  /** "1": only the facts due for a check (never checked, or checked over a year ago). */
  due: z.enum(["1", "0"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** Facts on one page of the list. */
export const LAW_LIBRARY_PAGE_SIZE = 25;

const deadlineEditSchema = z
  .object({
    event: z.enum(LAW_EVENTS.map((e) => e.id) as [LawEvent, ...LawEvent[]]),
    amount: z.number({ error: LAW_LIBRARY_TEXT.amount }).int(LAW_LIBRARY_TEXT.amount).min(0).max(100).nullable(),
    unit: z.enum(DAY_UNITS, { error: LAW_LIBRARY_TEXT.unit }).nullable(),
  })
  .refine((d) => (d.amount === null) === (d.unit === null), { message: LAW_LIBRARY_TEXT.unitWithoutAmount });

/** An administrator's correction of a fact. */
export const lawFactEditSchema = z.object({
  rule: text({
    min: 1,
    max: 600,
    multiline: true,
    required: LAW_LIBRARY_TEXT.rule,
    tooLong: LAW_LIBRARY_TEXT.ruleTooLong,
  }),
  citation: text({ min: 1, max: 300, required: LAW_LIBRARY_TEXT.citation, tooLong: LAW_LIBRARY_TEXT.citationTooLong }),
  sourceUrl: text({ max: 500 }).refine((v) => v === "" || /^https?:\/\/\S+$/.test(v), LAW_LIBRARY_TEXT.sourceUrl),
  notes: text({ max: 2000, multiline: true, tooLong: LAW_LIBRARY_TEXT.notesTooLong }),
  /** The figure of each of the fact's deadlines (the events stay the fact's own). */
  deadlines: z.array(deadlineEditSchema).max(4),
  /** The administrator read the rule against the source today: the fact is checked now. */
  checkedNow: z.boolean(),
});
export type LawFactEdit = z.infer<typeof lawFactEditSchema>;

export const lawReleaseDecisionSchema = z.object({ take: z.enum(["release", "mine"]) });
export type LawReleaseDecision = z.infer<typeof lawReleaseDecisionSchema>;

/** A row of the library's list. */
export interface LawLibraryItem {
  state: StateCode;
  stateName: string;
  topic: LawTopic;
  topicLabel: string;
  rule: string;
  citation: string;
  sourceUrl: string | null;
  checked: string | null;
  checkedBy: string | null;
  /** Whole months since it was checked (null: never). */
  ageMonths: number | null;
  /** Never checked, or checked over LAW_FACT_DUE_MONTHS ago. */
  due: boolean;
  /** An administrator changed it since the release. */
  edited: boolean;
  /** A newer release of it waits for a decision. */
  pendingRelease: boolean;
}

export interface LawLibraryList {
  /** One page of the facts that match, by state then topic. */
  items: LawLibraryItem[];
  page: number;
  pageSize: number;
  /** How many facts match the filters. */
  total: number;
  /** The release the library was seeded from. */
  releaseVersion: string;
  counts: { total: number; due: number; notVerified: number; pending: number };
}

/** One fact whole, with the release waiting for a decision if any. */
export interface LawFactDetail {
  item: LawLibraryItem;
  fact: LawFact;
  editedBy: string | null;
  editedAt: string | null;
  pending: { version: string; fact: LawFact } | null;
}

export type { DayUnit };
