/**
 * The offline assistant's table of state law (`state-law.json`): for each of the 50 states and
 * DC, four figures members ask about most, each with the statute or official page that states
 * it and the date the row was last checked. Answers quote a figure only with its source.
 */

import { formatLongMonth } from "@shared/dates";
import type { StateCode } from "./jurisdictions";
import table from "./state-law.json";

export interface StateLaw {
  code: StateCode;
  name: string;
  /** When the row was last checked against its sources (YYYY-MM-DD). */
  checked: string;
  securityDeposit: { deadline: string; days: number | null; detail: string | null; source: string };
  finalPaycheck: { fired: string; quit: string; detail: string | null; source: string };
  smallClaims: { limit: string; amount: number | null; source: string };
  monthToMonthNotice: { notice: string; source: string };
}

/** The facts an answer can quote, as the table names them. */
export type LawFact = "securityDeposit" | "finalPaycheck" | "smallClaims" | "monthToMonthNotice";
export const LAW_FACTS: readonly LawFact[] = ["securityDeposit", "finalPaycheck", "smallClaims", "monthToMonthNotice"];

export const STATE_LAW: readonly StateLaw[] = table as StateLaw[];

const BY_CODE = new Map(STATE_LAW.map((row) => [row.code, row]));

export function stateLaw(code: StateCode): StateLaw | undefined {
  return BY_CODE.get(code);
}

/** "November 2026" for a row's check date. */
export function checkedMonth(row: StateLaw): string {
  const [year, month] = row.checked.split("-").map(Number);
  return formatLongMonth(year ?? 2026, month ?? 1);
}

/** One fact of one state as Markdown list items, each ending with its source. */
export function factLines(row: StateLaw, fact: LawFact): string[] {
  const cite = (source: string) => ` *(${source})*`;
  switch (fact) {
    case "securityDeposit": {
      const f = row.securityDeposit;
      return [
        `**Deposit return deadline in ${row.name}:** ${f.deadline}.${f.detail ? ` ${f.detail}` : ""}${cite(f.source)}`,
      ];
    }
    case "finalPaycheck": {
      const f = row.finalPaycheck;
      return [
        `**Final paycheck in ${row.name} if you were fired or let go:** ${f.fired}.${cite(f.source)}`,
        `**Final paycheck in ${row.name} if you quit:** ${f.quit}.${f.detail ? ` ${f.detail}` : ""}${cite(f.source)}`,
      ];
    }
    case "smallClaims": {
      const f = row.smallClaims;
      return [`**Small claims limit in ${row.name}:** ${f.limit}.${cite(f.source)}`];
    }
    case "monthToMonthNotice": {
      const f = row.monthToMonthNotice;
      return [`**Notice to end a month-to-month tenancy in ${row.name}:** ${f.notice}.${cite(f.source)}`];
    }
  }
}

/**
 * The spread of deposit deadlines across the table, for a member who has not named a state:
 * the shortest and longest in days with one state each, and the most common.
 */
export function depositDeadlineSpread(): { shortest: StateLaw; longest: StateLaw; commonDays: number } | null {
  const rows = STATE_LAW.filter((row) => row.securityDeposit.days !== null);
  if (!rows.length) return null;
  const days = (row: StateLaw) => row.securityDeposit.days ?? 0;
  const sorted = [...rows].sort((a, b) => days(a) - days(b) || a.name.localeCompare(b.name));
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(days(row), (counts.get(days(row)) ?? 0) + 1);
  const commonDays = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 30;
  return { shortest: sorted[0] as StateLaw, longest: sorted[sorted.length - 1] as StateLaw, commonDays };
}
