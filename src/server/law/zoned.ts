/**
 * A wall-clock time in a time zone as an instant: 9 AM on a day, where the member lives. Uses the
 * runtime's time zone database (Intl), so summer time is followed.
 */

/** The zone's offset from UTC at `instant`, in minutes (Chicago in winter: -360). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** Whether `timeZone` is one the runtime knows (an IANA name such as America/Chicago). */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** The instant it is `hour`:00 on `day` (YYYY-MM-DD) in `timeZone`. */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, 0, 0);
  // Two passes: the offset at the first guess, then at the instant it gives (around a change).
  let instant = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The day it is at `instant` in `timeZone` (YYYY-MM-DD). */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}
