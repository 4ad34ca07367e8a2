import { DAY_UNITS, LAW_EVENTS, LAW_TOPICS, type LawFact, type LawTopic } from "@shared/law";
import { STATE_CODES, type StateCode } from "@shared/us-states";
import { z } from "zod";
import data from "./library.json";

/**
 * LawGuide's law library as released (`library.json`): for each of the 50 states and DC, seven
 * facts a member may have to act on, each with its citation, the page whose text was read, the
 * day it was checked (or none: not verified) and the deadlines it sets, counted in calendar,
 * business or court days, hours, months or years from a named event. It seeds the database's
 * library, which administrators keep current (features/law-library); legal information, not
 * legal advice.
 */

const text = z.string().trim().min(1);
const factSchema = z.object({
  state: z.enum(STATE_CODES as [StateCode, ...StateCode[]]),
  topic: z.enum(LAW_TOPICS.map((t) => t.id) as [LawTopic, ...LawTopic[]]),
  rule: text.max(600),
  citation: text.max(300),
  sourceUrl: z.url().nullable(),
  checked: z.iso.date().nullable(),
  checkedBy: text.nullable(),
  evidence: z.string().nullable(),
  notes: z.string().nullable(),
  deadlines: z.array(
    z.object({
      event: z.enum(LAW_EVENTS.map((e) => e.id) as [LawEvent, ...LawEvent[]]),
      amount: z.number().int().min(0).max(100).nullable(),
      unit: z.enum(DAY_UNITS).nullable(),
      from: z.string().nullable(),
      rule: z.string().nullable(),
    }),
  ),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
type LawEvent = (typeof LAW_EVENTS)[number]["id"];

export const librarySchema = z.object({ version: z.iso.date(), facts: z.array(factSchema) });

const release = librarySchema.parse(data);

/** The release's date: the day its facts were last compiled. */
export const LIBRARY_VERSION: string = release.version;

/** Every fact of the release, by state then topic. */
export const LIBRARY_FACTS: readonly LawFact[] = release.facts as LawFact[];

const BY_KEY = new Map(LIBRARY_FACTS.map((fact) => [`${fact.state}:${fact.topic}`, fact]));

/** One state's fact on one topic, as released. */
export const releasedFact = (state: StateCode, topic: LawTopic): LawFact | undefined => BY_KEY.get(`${state}:${topic}`);
