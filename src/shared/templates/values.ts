/**
 * Answer values of LawGuide's templates: parsing and formatting single values (whole numbers,
 * dollar amounts as cents, calendar dates), cleaning one raw answer for its field, comparing a
 * cleaned answer with a condition's value, and showing it to people. Pure functions, used by the
 * form in the browser and by the server alike.
 *
 * - Number fields take whole numbers only: optional sign and digits, surrounding spaces allowed
 *   ("12", " 12 ", "-3"); "12.5", "12.0", "1e3", "1,000" and text are rejected.
 * - Currency fields take a non-negative dollar amount with at most two decimals, an optional "$"
 *   and correctly placed thousands separators ("1200", "1,200", "$1,200.50", "1200.5") and are
 *   stored as whole cents.
 * - Dates are real calendar dates written yyyy-mm-dd and shown as "March 5, 2027".
 */

import { formatLongDay } from "../dates";
import type { AnswerValue, NormalizedValue, TemplateField } from "./types";

// ---------------------------------------------------------------------------------------------
// Whole numbers and dollar amounts

/**
 * Parse a number field's text as a whole number. Accepts an optional sign and digits with
 * surrounding spaces ("12", " 12 ", "-3"); returns null for decimals ("12.5", "12.0"), exponents,
 * separators, text, empty input and numbers beyond the safe integer range.
 */
export function parseNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? raw + 0 : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value + 0 : null;
}

/**
 * Parse a currency field's text as whole cents. Accepts "1200", "1,200", "$1,200.50", "$ 1200.5"
 * and ".75"; returns null for negative amounts, more than two decimals, misplaced separators,
 * text and empty input.
 */
export function parseCurrency(raw: unknown): number | null {
  if (typeof raw === "number") {
    if (!Number.isFinite(raw) || raw < 0) return null;
    const cents = Math.round(raw * 100);
    return Math.abs(raw * 100 - cents) < 1e-6 && Number.isSafeInteger(cents) ? cents : null;
  }
  if (typeof raw !== "string") return null;
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!match) return null;
  const [, whole, fraction] = match;
  if (whole === undefined && fraction === undefined) return null;
  const digits = (whole ?? "0").replaceAll(",", "");
  if (digits.replace(/^0+/, "").length > 13) return null;
  return Number(digits) * 100 + Number((fraction ?? "").padEnd(2, "0"));
}

/** Format whole cents as US dollars with thousands separators: 120050 → "$1,200.50". */
export function formatCurrency(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Calendar dates

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoParts(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for an ISO calendar date "yyyy-mm-dd" that exists (year 1000 to 9999). */
export function isValidIsoDate(text: string): boolean {
  return isoParts(text) !== null;
}

/** Format an ISO date "2027-03-05" as "March 5, 2027"; other text is returned unchanged. */
export function formatIsoDate(iso: string): string {
  const parts = isoParts(iso);
  return parts ? formatLongDay(parts.year, parts.month, parts.day) : iso;
}

/** The calendar date of an instant in a time zone (UTC when absent or unknown). */
export function calendarDate(date: Date, timeZone?: string): { year: number; month: number; day: number } {
  if (timeZone && timeZone !== "UTC") {
    try {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
      }).formatToParts(date);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return { year: part("year"), month: part("month"), day: part("day") };
    } catch (error) {
      if (!(error instanceof RangeError) || Number.isNaN(date.getTime())) throw error;
    }
  }
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid generation date");
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** An ISO date "yyyy-mm-dd" from calendar parts. */
export function isoDate(parts: { year: number; month: number; day: number }): string {
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Cleaning, matching and showing one answer

/** True for a single yes/no box (a checkbox field without options). */
export function isBooleanField(field: TemplateField): boolean {
  return field.type === "checkbox" && !field.options;
}

function isMultiSelect(field: TemplateField): boolean {
  return field.type === "checkbox" && field.options !== undefined;
}

/**
 * The cleaned value of one raw answer, or undefined when it is empty or does not fit the field
 * (wrong shape, unparseable number, amount or date, or a choice that is not one of the options).
 * A yes/no box is always true or false.
 */
export function normalizeValue(field: TemplateField, raw: AnswerValue): NormalizedValue | undefined {
  if (isBooleanField(field)) {
    if (raw === undefined || raw === null || raw === false) return false;
    if (raw === true) return true;
    if (typeof raw !== "string") return undefined;
    const text = raw.trim().toLowerCase();
    if (["true", "on", "yes"].includes(text)) return true;
    if (["", "false", "off", "no"].includes(text)) return false;
    return undefined;
  }
  if (isMultiSelect(field)) {
    const options = field.options ?? [];
    let items: string[];
    if (Array.isArray(raw)) items = raw;
    else if (typeof raw === "string") items = [raw];
    else if (raw === undefined || raw === null) items = [];
    else return undefined;
    const chosen = new Set(items.filter((item) => typeof item === "string").map((item) => item.trim()));
    chosen.delete("");
    if ([...chosen].some((item) => !options.includes(item))) return undefined;
    return chosen.size === 0 ? undefined : options.filter((option) => chosen.has(option));
  }
  if (typeof raw !== "string") return undefined;
  const text = raw.trim();
  if (text === "") return undefined;
  switch (field.type) {
    case "number":
      return parseNumber(text) ?? undefined;
    case "currency":
      return parseCurrency(text) ?? undefined;
    case "date":
      return isValidIsoDate(text) ? text : undefined;
    case "select":
    case "radio":
      return !field.options || field.options.includes(text) ? text : undefined;
    default:
      return text;
  }
}

/** Whether a cleaned value equals the `Value` of a condition or of an `{{#if field = Value}}` block. */
export function valueMatches(field: TemplateField, value: NormalizedValue, expected: string): boolean {
  const wanted = expected.trim();
  if (Array.isArray(value)) return value.includes(wanted);
  if (typeof value === "boolean")
    return value ? wanted === "Yes" || wanted === "true" : wanted === "No" || wanted === "false";
  if (typeof value === "number") {
    const parsed = field.type === "currency" ? parseCurrency(wanted) : parseNumber(wanted);
    return parsed === value;
  }
  return value === wanted;
}

/** Format a cleaned value for people: currency, long dates, joined lists, Yes/No. */
export function formatAnswer(field: TemplateField, value: NormalizedValue): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return field.type === "currency" ? formatCurrency(value) : String(value);
  return field.type === "date" ? formatIsoDate(value) : value;
}
