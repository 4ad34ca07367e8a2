/** Everything the analysis finds in a document, found once for every section that reports it. */
import { type DateFinding, findDates } from "./dates";
import { type DeadlineFinding, type DutyFinding, findDeadlines, findDuties } from "./deadlines";
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
}

export function analyse(doc: Document): Findings {
  const kind = detectKind(doc);
  const parties = findParties(doc, kind.kind);
  const { ranges, dates } = findDates(doc);
  const money = findMoney(doc);
  const deadlines = findDeadlines(doc);
  const duties = findDuties(doc, new Set([...deadlines.map((d) => d.sentence), ...money.map((m) => m.sentence)]));
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
  };
}
