/**
 * iCalendar (RFC 5545) for key dates: all-day events a calendar app imports (one .ics file) or
 * subscribes to (the member's private feed). Text is escaped and lines folded at 75 octets.
 */

export interface CalendarEvent {
  /** Stable across downloads, so a calendar updates the event instead of adding it again. */
  uid: string;
  /** The day (YYYY-MM-DD). */
  day: string;
  summary: string;
  description: string;
  url?: string;
}

const escapeText = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** A content line folded into lines of at most 75 octets, continuation lines starting with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, "utf8");
    const limit = out.length === 0 ? 75 : 74;
    if (size + length > limit) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  out.push(current);
  return out.join("\r\n ");
}

const compactDay = (day: string) => day.replace(/-/g, "");

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A calendar of `events` named `name`, as the text of an .ics file. */
export function calendarText(name: string, events: readonly CalendarEvent[], now = new Date()): string {
  const stamp = `${now.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//LawGuide//Key dates//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDay(event.day)}`,
      `DTEND;VALUE=DATE:${compactDay(nextDay(event.day))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
