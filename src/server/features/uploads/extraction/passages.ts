/**
 * Turning extracted text into passages: paragraphs of clean text, each with where it stands in the
 * file ("page 2, paragraph 3" in a PDF, "paragraph 4" elsewhere), so an answer can point to it.
 */

export interface Passage {
  location: string;
  text: string;
}

/**
 * One file yields at most 2,000 passages and about 1 MB of text: enough for a long contract, and a
 * bound on what one upload can put into the database and into every search of a case's files.
 */
export const MAX_PASSAGES = 2_000;
export const MAX_TEXT_CHARS = 1_000_000;
/** Longer paragraphs are split at sentence ends, so each passage stays a quotable size. */
export const MAX_PASSAGE_CHARS = 1_200;

/** A line of text with its box, top-down (y grows downwards), in any unit shared by its neighbours. */
export interface TextLine {
  text: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** The source already knows a new paragraph starts here (a new OCR block or paragraph). */
  breakBefore?: boolean;
}

// Characters that carry no text: soft hyphens, zero-width spaces and joiners, byte-order marks.
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters become spaces (PostgreSQL refuses NUL)
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const SENTENCE_END = /[.!?]["'\u2019\u201D)\]]*\s/g;

/** One line of storable text: no control characters or lone surrogates, whitespace collapsed. */
export function cleanText(value: string): string {
  return value.replace(INVISIBLE, "").replace(UNPAIRED_SURROGATE, "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/** Whether a paragraph says anything (a lone bullet or a rule of dashes does not). */
export function hasWords(value: string): boolean {
  return WORD_CHARACTER.test(value);
}

/** Split a paragraph longer than `max` at sentence ends (else at a space), keeping every word. */
export function splitLongParagraph(paragraph: string, max = MAX_PASSAGE_CHARS): string[] {
  const parts: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    let cut = 0;
    SENTENCE_END.lastIndex = 0;
    for (let match = SENTENCE_END.exec(rest); match && match.index < max; match = SENTENCE_END.exec(rest)) {
      const end = match.index + match[0].length - 1;
      if (end <= max) cut = end;
    }
    // A sentence end too early would leave a sliver; a space near the limit reads better then.
    if (cut < max * 0.4) cut = rest.lastIndexOf(" ", max);
    if (cut <= 0) {
      cut = max;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Paragraphs of plain text. `lines`: every line is a paragraph (Word's own paragraphs, as mammoth
 * and word-extractor give them). `blank-lines`: paragraphs are separated by blank lines and the
 * lines inside one are wrapped lines, joined with spaces.
 */
export function paragraphsFromText(text: string, mode: "lines" | "blank-lines"): string[] {
  const blocks = mode === "lines" ? text.split(/\r\n|\r|\n/) : text.split(/(?:\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)/);
  return blocks.map(cleanText).filter(hasWords);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/**
 * Paragraphs from laid-out lines (a PDF page's text layer, or OCR), where blank lines do not exist
 * and a paragraph shows as a larger gap, an indented first line, or a short line ending a sentence.
 */
export function paragraphsFromLines(input: TextLine[]): string[] {
  const lines = input.map((line) => ({ ...line, text: cleanText(line.text) })).filter((line) => line.text);
  if (lines.length === 0) return [];
  const height = percentile(
    lines.map((line) => line.bottom - line.top).filter((h) => h > 0),
    0.5,
  );
  const lineHeight = height > 0 ? height : 1;
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = (lines[i]?.top ?? 0) - (lines[i - 1]?.bottom ?? 0);
    if (gap > -0.5 * lineHeight) gaps.push(gap);
  }
  // The usual gap between two lines of one paragraph: most gaps are that, a few are paragraph breaks.
  const lineGap = percentile(gaps, 0.25);
  const left = Math.min(...lines.map((line) => line.left));
  const right = Math.max(...lines.map((line) => line.right));

  const paragraphs: string[] = [];
  let current: string[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (previous) {
      const gap = line.top - previous.bottom;
      const indented = line.left - left > 1.5 * lineHeight && previous.left - left < 0.5 * lineHeight;
      const shortSentenceEnd =
        lines.length >= 3 &&
        /[.!?:;]["'\u2019\u201D)\]]*$/.test(previous.text) &&
        right - previous.right > 4 * lineHeight;
      const breaks =
        line.breakBefore ||
        gap < -0.5 * lineHeight || // back up the page: a new column
        gap > lineGap + 0.5 * lineHeight ||
        gap > 1.2 * lineHeight ||
        indented ||
        shortSentenceEnd;
      if (breaks && current.length) {
        paragraphs.push(current.join(" "));
        current = [];
      }
    }
    current.push(line.text);
  });
  if (current.length) paragraphs.push(current.join(" "));
  return paragraphs.filter(hasWords);
}

/** Gathers passages in reading order, numbering paragraphs, until the caps are reached. */
export class PassageCollector {
  readonly passages: Passage[] = [];
  private chars = 0;
  private readonly paragraphNumbers = new Map<number, number>();

  get full(): boolean {
    return this.passages.length >= MAX_PASSAGES || this.chars >= MAX_TEXT_CHARS;
  }

  get textLength(): number {
    return this.chars;
  }

  /**
   * Add paragraphs of one page (PDF) or of the document (page 0: numbered "paragraph M" on from the
   * last one added). Parts of a split paragraph keep its number, so the member finds them where it
   * is. Returns false once the caps are reached.
   */
  add(paragraphs: string[], page = 0): boolean {
    for (const paragraph of paragraphs) {
      const text = cleanText(paragraph);
      if (!hasWords(text)) continue;
      const number = (this.paragraphNumbers.get(page) ?? 0) + 1;
      this.paragraphNumbers.set(page, number);
      const location = page > 0 ? `page ${page}, paragraph ${number}` : `paragraph ${number}`;
      for (const part of splitLongParagraph(text)) {
        if (this.full) return false;
        const room = MAX_TEXT_CHARS - this.chars;
        const kept =
          part.length <= room
            ? part
            : part
                .slice(0, part.lastIndexOf(" ", room) > 0 ? part.lastIndexOf(" ", room) : room)
                .replace(UNPAIRED_SURROGATE, "");
        this.passages.push({ location, text: kept });
        this.chars += kept.length;
      }
    }
    return !this.full;
  }
}
