/**
 * Every date LawGuide shows, in one place, in US English:
 * - 'Nov 22, 2026' and 'Nov 22, 10:01 AM' (the spec's 'MMM d, yyyy' and 'MMM d, h:mm a'), in the
 *   reader's own time zone (the browser's);
 * - 'November 22, 2026' in documents and mails, for a calendar day (UTC unless told otherwise);
 * - 'Nov 22' for a day of a chart (UTC days);
 * - 'Nov 22, 2026, 10:01 AM' in full, beside a relative time.
 */
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const fullFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

type When = string | Date | null | undefined;

/** 'Nov 22, 2026'; '' for nothing. */
export const formatDate = (when: When) => (when ? dateFormat.format(new Date(when)) : "");
/** 'Nov 22, 10:01 AM'; '' for nothing. */
export const formatDateTime = (when: When) => (when ? dateTimeFormat.format(new Date(when)) : "");
/** 'Nov 22': a UTC day, as a chart's axis shows it. */
export const formatDay = (when: string | Date) => dayFormat.format(new Date(when));
/** 'Nov 22, 2026, 10:01 AM'. */
export const formatFullDateTime = (when: string | Date) => fullFormat.format(new Date(when));

/** 'November 2026' for a calendar month (month 1–12). */
export function formatLongMonth(year: number, month: number): string {
  return `${MONTHS[month - 1] ?? ""} ${year}`;
}

/** 'November 22, 2026' for a calendar day (month 1–12). */
export function formatLongDay(year: number, month: number, day: number): string {
  return `${MONTHS[month - 1] ?? ""} ${day}, ${year}`;
}

/** 'November 22, 2026': the UTC calendar day of an instant. */
export const formatLongDate = (when: Date) =>
  formatLongDay(when.getUTCFullYear(), when.getUTCMonth() + 1, when.getUTCDate());
