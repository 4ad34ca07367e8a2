import type { DayUnit } from "@shared/law";
import type { StateCode } from "@shared/us-states";
import Holidays from "date-holidays";

/**
 * Counting a rule's time from an event's day, as the library's facts say (calendar, business or
 * court days, hours, months, years). Weekends are Saturday and Sunday; legal holidays are the
 * state's public holidays and the federal ones kept in it, from the maintained holiday library
 * `date-holidays` (never a hand-kept list). Court days skip the same days: courts close on the
 * state's legal holidays. Days are counted from the day after the event (the event's own day is
 * day 0). Dates are calendar days written YYYY-MM-DD, with no time zone.
 */

/** A calendar day as YYYY-MM-DD. */
export type Day = string;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `day` as a UTC midnight (the arithmetic below stays in whole days). */
function toUtc(day: Day): Date {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== day) throw new Error(`not a day on the calendar: ${day}`);
  return date;
}

const fromUtc = (date: Date): Day => date.toISOString().slice(0, 10);

export function addDays(day: Day, days: number): Day {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** The same day `months` later; the month's last day when it has no such day (Jan 31 + 1 → Feb 28). */
function addMonths(day: Day, months: number): Day {
  const date = toUtc(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return fromUtc(target);
}

export const isWeekend = (day: Day): boolean => {
  const weekday = toUtc(day).getUTCDay();
  return weekday === 0 || weekday === 6;
};

const holidayCache = new Map<string, Map<Day, string>>();

/** The state's legal holidays in `year` (public holidays, with the federal ones), by day. */
export function legalHolidays(state: StateCode, year: number): Map<Day, string> {
  const key = `${state}:${year}`;
  let days = holidayCache.get(key);
  if (!days) {
    days = new Map();
    const calendar = new Holidays("US", state, { types: ["public"] });
    for (const holiday of calendar.getHolidays(year)) {
      if (holiday.type !== "public") continue;
      const day = holiday.date.slice(0, 10);
      if (!days.has(day)) days.set(day, holiday.name);
    }
    holidayCache.set(key, days);
  }
  return days;
}

/** The legal holiday on `day` in `state`, if it is one. */
export const holidayOn = (state: StateCode, day: Day): string | undefined =>
  legalHolidays(state, Number(day.slice(0, 4))).get(day);

/** A day courts and offices are open: not a weekend, not a legal holiday of the state. */
export const isBusinessDay = (state: StateCode, day: Day): boolean => !isWeekend(day) && !holidayOn(state, day);

export interface CountedDeadline {
  /** The last day (YYYY-MM-DD). */
  day: Day;
  /**
   * The last day falls on a weekend or legal holiday (calendar days, hours, months, years): the
   * next business day, which some rules let the deadline move to. Null otherwise.
   */
  nextBusinessDay: Day | null;
  /** Why that day is closed ("Saturday", "Thanksgiving Day"). */
  closedBecause: string | null;
  /** Weekend days and holidays skipped while counting business or court days, with their names. */
  skipped: Array<{ day: Day; why: string }>;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function closedWhy(state: StateCode, day: Day): string | null {
  const holiday = holidayOn(state, day);
  if (holiday) return holiday;
  return isWeekend(day) ? (WEEKDAYS[toUtc(day).getUTCDay()] as string) : null;
}

/** The last day of a period of `amount` `unit`s after the event on `eventDay`, in `state`. */
export function countDeadline(eventDay: Day, amount: number, unit: DayUnit, state: StateCode): CountedDeadline {
  toUtc(eventDay);
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`not a period: ${amount}`);
  const skipped: Array<{ day: Day; why: string }> = [];
  let day: Day;
  switch (unit) {
    case "calendar-days":
      day = addDays(eventDay, amount);
      break;
    case "hours":
      // An event known by its day only: the period ends that many whole days on.
      day = addDays(eventDay, Math.ceil(amount / 24));
      break;
    case "months":
      day = addMonths(eventDay, amount);
      break;
    case "years":
      day = addMonths(eventDay, amount * 12);
      break;
    case "business-days":
    case "court-days": {
      day = eventDay;
      let counted = 0;
      while (counted < amount) {
        day = addDays(day, 1);
        const why = closedWhy(state, day);
        if (why) skipped.push({ day, why });
        else counted += 1;
      }
      return { day, nextBusinessDay: null, closedBecause: null, skipped };
    }
  }
  const why = closedWhy(state, day);
  if (!why) return { day, nextBusinessDay: null, closedBecause: null, skipped };
  let next = day;
  do next = addDays(next, 1);
  while (!isBusinessDay(state, next));
  return { day, nextBusinessDay: next, closedBecause: why, skipped };
}

/** "Thursday, December 3, 2026". */
export function longDay(day: Day): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(toUtc(day));
}

export const isDay = (value: string): boolean => {
  try {
    toUtc(value);
    return true;
  } catch {
    return false;
  }
};
