/** The text of a file's passages in sentences: what every finding and quotation is cut from. */
import { cleanFileName, type DocumentPassage } from "../document-analysis";

export interface Sentence {
  passage: DocumentPassage;
  passageIndex: number;
  /** A piece of the passage's text with whitespace collapsed: what quotations are cut from. */
  text: string;
}

const ABBREVIATION =
  /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|sr|jr|st|ave|blvd|inc|corp|co|ltd|no|nos|vs|v|etc|e\.g|i\.e|u\.s|u\.s\.a|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|sec|art|para|p|pp|approx|dept|est|ft|sq|mo|yr|yrs|hrs|a\.m|p\.m|[a-z])\.$/i;

export function isAllCaps(line: string): boolean {
  const letters = line.replace(/[^A-Za-z]/g, "");
  return letters.length >= 3 && letters === letters.toUpperCase();
}

const MINOR_WORDS = new Set("a an and as at by for from in of on or the to with".split(" "));

/**
 * Whether a sentence reads as a title or a heading: all capitals ("30-DAY NOTICE TO VACATE"), or a
 * short line in title case ("Notice of Entry"), without the full stop that ends a sentence.
 */
export function isHeading(text: string): boolean {
  if (text.length > 120 || /[.!?;,]["”')\]]?$/.test(text)) return false;
  if (isAllCaps(text)) return true;
  const words = text.split(" ").filter((w) => /[A-Za-z]/.test(w));
  if (words.length === 0 || words.length > 10 || text.length > 80) return false;
  return words.every((w) => /^[^a-z]*[A-Z0-9]/.test(w) || MINOR_WORDS.has(w.toLowerCase()));
}

/** A line that is a sentence on its own: a title, a heading, a greeting, a sign-off, a line to sign on. */
function standsAlone(line: string, afterSentenceEnd: boolean): boolean {
  if (isAllCaps(line) && line.length <= 120) return true;
  if (/_{3,}/.test(line)) return true;
  if (/^(?:dear\b.*|to whom it may concern)[,:]?$/i.test(line) && line.length <= 80) return true;
  if (
    /^(?:sincerely|regards|best regards|kind regards|yours truly|very truly yours|respectfully|best)(?: yours)?,?$/i.test(
      line,
    )
  )
    return true;
  return afterSentenceEnd && line.length <= 50 && !/[.!?,;]["”')\]]?$/.test(line);
}

/** Split one block of running text at full stops, not at abbreviations, initials or list numbers. */
function splitSentences(block: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const match of block.matchAll(/[.!?]["”')\]]*\s+(?=["“'‘(]?[A-Z0-9$])/g)) {
    const end = match.index + match[0].trimEnd().length;
    const piece = block.slice(from, end);
    if (match[0].startsWith(".") && !/[)"”'\]]$/.test(match[0].trimEnd())) {
      if (ABBREVIATION.test(piece)) continue;
      if (/^\s*(?:\d{1,3}|[IVXivx]{1,4}|[A-Za-z])\.$/.test(piece)) continue; // "1." or "B." opening a clause
    }
    const text = piece.trim();
    if (text) out.push(text);
    from = match.index + match[0].length;
  }
  const last = block.slice(from).trim();
  if (last) out.push(last);
  return out;
}

export function passageSentences(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) blocks.push(current.join(" "));
    current = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) {
      flush();
      continue;
    }
    const previous = current.at(-1);
    const afterEnd = previous === undefined || /[.!?:]["”')\]]?$/.test(previous);
    if (standsAlone(line, afterEnd)) {
      flush();
      blocks.push(line);
      continue;
    }
    current.push(line);
  }
  flush();
  return blocks.flatMap(splitSentences);
}

export class Document {
  readonly sentences: Sentence[];
  readonly withDocument: boolean;
  readonly wordCount: number;

  constructor(
    readonly passages: DocumentPassage[],
    fileName?: string,
  ) {
    this.sentences = passages.flatMap((passage, passageIndex) =>
      passageSentences(passage.text).map((text) => ({ passage, passageIndex, text })),
    );
    const names = new Set(passages.map((p) => cleanFileName(p.document)));
    this.withDocument =
      names.size > 1 || (fileName !== undefined && names.size === 1 && !names.has(cleanFileName(fileName)));
    this.wordCount = this.sentences.reduce((n, s) => n + s.text.split(" ").length, 0);
  }

  /** Every match of a pattern, sentence by sentence, in reading order. */
  *matches(pattern: RegExp): Generator<{ sentence: Sentence; match: RegExpExecArray }> {
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    for (const sentence of this.sentences) {
      for (const match of sentence.text.matchAll(global)) yield { sentence, match: match as RegExpExecArray };
    }
  }

  first(pattern: RegExp): { sentence: Sentence; match: RegExpExecArray } | undefined {
    for (const found of this.matches(pattern)) return found;
    return undefined;
  }
}
