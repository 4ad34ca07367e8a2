/** Deadlines, notice periods and duties: what must be done, by whom and by when. */
import { DATE } from "./dates";
import { type Duty, dutyAt, type Speakers } from "./duties";
import type { Document, Sentence } from "./sentences";

const NUM = String.raw`(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|thirty|forty(?:[- ]five)?|fifty|sixty|seventy|eighty|ninety|a|an)(?:\s*\(\d{1,3}\))?`;
const UNIT = String.raw`(?:business\s+|calendar\s+|working\s+|consecutive\s+)?(?:days?|weeks?|months?|years?|hours?)`;
/** The rest of a clause: up to a comma or full stop, or a conjunction that starts the next one. */
const TAIL = (max: number) => String.raw`(?:(?!\s(?:and|or|but|unless|if)\s)(?:[^,;.]|,\s?(?=\d{4}\b))){0,${max}}`;
export const DEADLINES: RegExp[] = [
  new RegExp(
    String.raw`\bwithin\s+${NUM}\s*${UNIT}\b(?:\s+(?:after|of|from|following|before|prior to|upon)\b${TAIL(80)})?`,
    "gi",
  ),
  new RegExp(
    String.raw`\b${NUM}\s*[- ]?${UNIT}['’]?\s+(?:advance\s+|prior\s+|written\s+|advance written\s+|prior written\s+)?notice\b`,
    "gi",
  ),
  new RegExp(String.raw`\bno later than\s+\S${TAIL(60)}`, "gi"),
  new RegExp(String.raw`\bon or before\s+\S${TAIL(60)}`, "gi"),
  new RegExp(String.raw`\b(?:due|payable)\s+(?:on|by|before)\s+\S${TAIL(60)}`, "gi"),
  new RegExp(String.raw`\b(?:at least|not less than|no less than|a minimum of)\s+${NUM}\s*${UNIT}\b${TAIL(40)}`, "gi"),
  new RegExp(String.raw`\b${NUM}\s*[- ]?${UNIT}\s+(?:after|before|from|following|prior to)\b${TAIL(60)}`, "gi"),
  new RegExp(
    String.raw`\b${NUM}\s*${UNIT}\s+(?:to|in which to)\s+(?:consider|review|revoke|cure|respond|pay|vacate|move|appeal|accept|object|sign|reply|return)\b${TAIL(40)}`,
    "gi",
  ),
  new RegExp(String.raw`\bfor a (?:term|period) of\s+${NUM}\s*${UNIT}`, "gi"),
  new RegExp(String.raw`\bby\s+(?:${DATE}|the\s+(?:\d{1,2}(?:st|nd|rd|th)|end|last day)\b[^,;.]{0,30})`, "gi"),
];
const DUTY = /\b(?:shall|must|agrees? to|is required to|are required to|is responsible for|will be responsible for)\b/i;

export interface DeadlineFinding {
  phrase: string;
  days: number | null;
  sentence: Sentence;
  start: number;
  end: number;
  /** Whose time limit it is, when read (`withDuties`). */
  duty?: Duty;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** How many days a phrase allows, when it says (for spotting very short deadlines). */
function daysIn(phrase: string): number | null {
  const match = phrase.match(
    new RegExp(
      String.raw`\b(${NUM})\s*[- ]?(?:business\s+|calendar\s+|working\s+|consecutive\s+)?(day|week|month|year|hour)s?\b`,
      "i",
    ),
  );
  if (!match) return null;
  const spoken = (match[1] ?? "").toLowerCase();
  const digits = spoken.match(/\d+/);
  let n: number;
  if (digits) n = Number(digits[0]);
  else {
    const [tens, ones] = spoken.split(/[- ]/);
    n = (NUMBER_WORDS[tens ?? ""] ?? 0) + (NUMBER_WORDS[ones ?? ""] ?? 0);
  }
  if (!n) return null;
  const unit = (match[2] ?? "").toLowerCase();
  return unit === "hour" ? n / 24 : unit === "week" ? n * 7 : unit === "month" ? n * 30 : unit === "year" ? n * 365 : n;
}

/**
 * A time limit's words as matched, ending on a whole word: a phrase cut at its length limit inside a
 * word goes on to the word's end ("before entering the prem" is "before entering the premises").
 */
export function wholePhrase(text: string, start: number, matched: string): string {
  const rest = /\w$/.test(matched) ? (text.slice(start + matched.length).match(/^[\w'’-]*\w/)?.[0] ?? "") : "";
  return `${matched}${rest}`.replace(/[\s,;:]+$/, "");
}

/** The time limits of a document, but for those in `skip` (its title: "30-DAY NOTICE TO VACATE" names it). */
export function findDeadlines(doc: Document, skip: Set<Sentence> = new Set()): DeadlineFinding[] {
  const found: DeadlineFinding[] = [];
  for (const pattern of DEADLINES) {
    for (const { sentence, match } of doc.matches(pattern)) {
      if (skip.has(sentence)) continue;
      const start = match.index;
      const raw = wholePhrase(sentence.text, start, match[0]);
      const end = start + raw.length;
      const phrase = raw.replace(/\s+/g, " ");
      // The longest phrase wins where two patterns read the same words.
      const overlap = found.find((f) => f.sentence === sentence && start < f.end && end > f.start);
      if (overlap) {
        if (end - start > overlap.end - overlap.start)
          Object.assign(overlap, { phrase, start, end, days: daysIn(phrase) });
        continue;
      }
      found.push({ phrase, days: daysIn(phrase), sentence, start, end });
    }
  }
  const order = new Map(doc.sentences.map((s, i) => [s, i]));
  return found.sort((a, b) => (order.get(a.sentence) ?? 0) - (order.get(b.sentence) ?? 0) || a.start - b.start);
}

export interface DutyFinding {
  duty: Duty;
  sentence: Sentence;
  start: number;
  end: number;
}

/** Duties of sentences with no time limit or amount (those are listed with theirs), whose each one is. */
export function findDuties(doc: Document, skip: Set<Sentence>, speakers: Speakers): DutyFinding[] {
  const duties: DutyFinding[] = [];
  for (const sentence of doc.sentences) {
    if (skip.has(sentence)) continue;
    const match = sentence.text.match(DUTY);
    if (!match || match.index === undefined) continue;
    const at = { start: match.index, end: match.index + match[0].length };
    duties.push({ duty: dutyAt(sentence, at, speakers, { bold: false }), sentence, ...at });
  }
  // Duties with a named side first: they say who must do what.
  return duties.sort((a, b) => Number(!a.duty.party) - Number(!b.duty.party)).slice(0, 4);
}
