/** The dates a document gives, alone or as a period, and what each one is for. */
import type { Document, Sentence } from "./sentences";

const MONTH = `(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
const ORDINAL_WORDS =
  "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first|twenty-second|twenty-third|twenty-fourth|twenty-fifth|twenty-sixth|twenty-seventh|twenty-eighth|twenty-ninth|thirtieth|thirty-first";
export const DATE = String.raw`(?:(?:\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORDS})\s+day\s+of\s+${MONTH},?(?:\s+\d{4})?|${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\.?,?\s+\d{4}|\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}-\d{1,2}-\d{4}|${MONTH}\s+\d{4})`;
export const DATE_PATTERN = new RegExp(String.raw`\b${DATE}\b`, "gi");
const DATE_RANGE = new RegExp(
  String.raw`\b(?:from\s+|beginning\s+(?:on\s+)?|commencing\s+(?:on\s+)?)?(${DATE})\s*,?\s*(?:to|through|until|thru|-|–|—|and ending(?: on)?)\s+(${DATE})\b`,
  "gi",
);

export interface DateFinding {
  text: string;
  label: string;
  sentence: Sentence;
  start: number;
  end: number;
}

const DATE_LABELS: [RegExp, string][] = [
  [/\b(?:made|dated|entered into|signed|executed|as of|effective)\b/gi, "when it was made or takes effect"],
  [/\b(?:begin\w*|commenc\w*|start\w*|from)\b/gi, "start"],
  [/\b(?:end|ends|ending|expir\w*|terminat\w*|until|through|last day)\b/gi, "end"],
  [/\b(?:due|by|before|no later than|deadline)\b/gi, "deadline"],
  [/\b(?:born|birth)\b/gi, "date of birth"],
];

function dateLabel(before: string): string {
  let best: { at: number; label: string } | null = null;
  for (const [pattern, label] of DATE_LABELS) {
    for (const match of before.matchAll(pattern)) {
      const at = match.index + match[0].length;
      if (!best || at > best.at) best = { at, label };
    }
  }
  return best?.label ?? "date mentioned";
}

export function findDates(doc: Document): { ranges: DateFinding[]; dates: DateFinding[] } {
  const ranges: DateFinding[] = [];
  const covered = new Map<Sentence, [number, number][]>();
  for (const { sentence, match } of doc.matches(DATE_RANGE)) {
    const start = match.index;
    const end = start + match[0].length;
    ranges.push({ text: `${match[1]} to ${match[2]}`, label: "the term", sentence, start, end });
    covered.set(sentence, [...(covered.get(sentence) ?? []), [start, end]]);
  }
  const dates: DateFinding[] = [];
  const seen = new Set<string>();
  for (const { sentence, match } of doc.matches(DATE_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    if ((covered.get(sentence) ?? []).some(([a, b]) => start >= a && end <= b)) continue;
    const text = match[0].replace(/\s+/g, " ");
    // A date alone on its line, or after "Date:" opening it, is the document's own.
    const alone =
      sentence.text.replace(/[\s.,]+$/, "") === match[0] || /^date[d]?\s*:?\s*$/i.test(sentence.text.slice(0, start));
    const label = alone ? "the document's date" : dateLabel(sentence.text.slice(Math.max(0, start - 60), start));
    const key = `${text.toLowerCase()}|${label}`;
    if (seen.has(key)) continue;
    seen.add(key);
    dates.push({ text, label, sentence, start, end });
  }
  const order = new Map(doc.sentences.map((s, i) => [s, i]));
  dates.sort((a, b) => (order.get(a.sentence) ?? 0) - (order.get(b.sentence) ?? 0) || a.start - b.start);
  return { ranges, dates };
}
