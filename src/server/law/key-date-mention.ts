import type { LawEvent } from "@shared/law";

/**
 * A key date a member states in a message ("I moved out on March 3"): the event the law library
 * counts from, and its day. Found only when the event and a date stand in the same sentence, and
 * the date is a real one no later than a year ahead; the assistant then offers to add it, and adds
 * nothing without the member's yes.
 */

const EVENTS: Array<{ event: LawEvent; pattern: RegExp }> = [
  {
    event: "pay-or-quit-notice",
    pattern:
      /\b(\d{1,2}[- ]day notice|notice to (pay|quit|vacate)|pay (rent )?or (quit|vacate|leave|get out)|eviction notice)\b/i,
  },
  {
    event: "served",
    pattern:
      /\b(served (me )?with|was served|got served|(eviction|unlawful detainer) (lawsuit|case|complaint|summons|papers)|summons)\b/i,
  },
  {
    event: "moved-out",
    pattern: /\b(moved out|move[- ]out|returned (the |my )?keys|handed (back )?(the |my )?keys|vacated)\b/i,
  },
  {
    event: "fired",
    pattern:
      /\b(i was|i got|got|was|been|they) (fired|let go|laid off|terminated|dismissed)\b|\bfired me\b|\blet me go\b/i,
  },
  { event: "quit", pattern: /\b(i quit|i resigned|quit my job|resigned from|handed in my notice|gave my notice)\b/i },
];

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const;

const NAMED =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b/i;
const NUMERIC = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?\b/;
const RELATIVE = /\b(today|yesterday)\b/i;

const pad = (n: number) => String(n).padStart(2, "0");

/** The day a month and day name, in `year` or (without one) the latest such day not after `today`. */
function dayOf(month: number, day: number, year: number | null, today: string): string | null {
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const pick = (y: number) => {
    const date = new Date(Date.UTC(y, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? `${y}-${pad(month)}-${pad(day)}` : null;
  };
  if (year !== null) return pick(year < 100 ? 2000 + year : year);
  const thisYear = month < tm || (month === tm && day <= td) ? ty : ty - 1;
  return pick(thisYear);
}

function dateIn(sentence: string, today: string): string | null {
  const named = NAMED.exec(sentence);
  if (named) {
    const month = MONTHS.indexOf((named[1] ?? "").slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;
    return dayOf(month, Number(named[2]), named[3] ? Number(named[3]) : null, today);
  }
  const numeric = NUMERIC.exec(sentence);
  if (numeric) return dayOf(Number(numeric[1]), Number(numeric[2]), numeric[3] ? Number(numeric[3]) : null, today);
  const relative = RELATIVE.exec(sentence);
  if (relative) {
    const date = new Date(`${today}T00:00:00Z`);
    if (relative[1]?.toLowerCase() === "yesterday") date.setUTCDate(date.getUTCDate() - 1);
    return date.toISOString().slice(0, 10);
  }
  return null;
}

/** Within a year ahead and twenty back of `today`. */
function inRange(day: string, today: string): boolean {
  const [y] = today.split("-").map(Number) as [number];
  return day >= `${y - 20}${today.slice(4)}` && day <= `${y + 1}${today.slice(4)}`;
}

/** The first key date stated in `text`: an event and a date in one sentence. */
export function keyDateMention(text: string, today: string): { event: LawEvent; eventDate: string } | null {
  // A sentence ends at . ! or ? before a capital (not "Nov. 20").
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z"(])|\n+/);
  for (const sentence of sentences) {
    const event = EVENTS.find((e) => e.pattern.test(sentence))?.event;
    if (!event) continue;
    const day = dateIn(sentence, today);
    if (day && inRange(day, today)) return { event, eventDate: day };
  }
  return null;
}
