/** Everything the analysis finds in a document, found once for every section that reports it. */
import { type DateFinding, findDates } from "./dates";
import { type DeadlineFinding, type DutyFinding, findDeadlines, findDuties } from "./deadlines";
import { dutyAt, type Speakers, speakersOf } from "./duties";
import { findIssues, type IssueFinding } from "./issues";
import { detectKind, type KindFinding } from "./kinds";
import { findMoney, type MoneyFinding } from "./money";
import { findParties, findRoles, type Party } from "./parties";
import type { Quote } from "./quotes";
import type { Document } from "./sentences";

export interface Findings {
  doc: Document;
  kind: KindFinding;
  parties: Party[];
  roles: { roles: string[]; quote?: Quote };
  ranges: DateFinding[];
  dates: DateFinding[];
  money: MoneyFinding[];
  deadlines: DeadlineFinding[];
  duties: DutyFinding[];
  issues: IssueFinding[];
  /** Who the document's parties are, for saying whose each duty is. */
  speakers: Speakers;
}

/** What the document calls the one it is addressed to: "the person the notice is addressed to". */
function nounOf(kindId: string | undefined): string {
  if (kindId === "eviction" || kindId === "entry" || kindId === "notice") return "notice";
  if (kindId === "demand" || kindId === "termination" || kindId === "letter") return "letter";
  return "document";
}

export function analyse(doc: Document): Findings {
  const kind = detectKind(doc);
  const parties = findParties(doc, kind.kind);
  const { ranges, dates } = findDates(doc);
  const money = findMoney(doc);
  const speakers = speakersOf(parties, nounOf(kind.kind?.id));
  // A title's time ("30-DAY NOTICE TO VACATE") names the document; the time limits are in its text.
  const deadlines = findDeadlines(doc, new Set(kind.title ? [kind.title] : [])).map((d) => ({
    ...d,
    duty: dutyAt(d.sentence, d, speakers),
  }));
  const duties = findDuties(
    doc,
    new Set([...deadlines.map((d) => d.sentence), ...money.map((m) => m.sentence)]),
    speakers,
  );
  const issues = findIssues(doc, kind.kind, deadlines, ranges.length + dates.length > 0);
  return {
    doc,
    kind,
    parties,
    roles: parties.length === 0 ? findRoles(doc) : { roles: [] },
    ranges,
    dates,
    money,
    deadlines,
    duties,
    issues,
    speakers,
  };
}
