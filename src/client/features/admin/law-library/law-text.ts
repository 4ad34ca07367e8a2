import { formatLongDay } from "@shared/dates";

/** "December 7, 2026" for a YYYY-MM-DD day. */
export function checkedText(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return formatLongDay(year ?? 0, month ?? 1, date ?? 1);
}
