/** Quotations cut from a sentence, and document text shown outside them. */
import { escapeMarkdown, passageLabel } from "../document-analysis";
import type { Document, Sentence } from "./sentences";

export interface Quote {
  sentence: Sentence;
  text: string;
  cutStart: boolean;
  cutEnd: boolean;
}

const QUOTE_LIMIT = 240;

/** The sentence holding a match, cut to about 240 characters around it at word boundaries. */
export function quoteAround(sentence: Sentence, start: number, end: number, limit = QUOTE_LIMIT): Quote {
  const text = sentence.text;
  if (text.length <= limit) return { sentence, text, cutStart: false, cutEnd: false };
  let from: number;
  let to: number;
  if (end - start >= limit) {
    from = start;
    to = start + limit;
  } else {
    // Keep more after the match than before: conditions and exceptions follow the words they qualify.
    const spare = limit - (end - start);
    from = Math.max(0, start - Math.floor(spare / 3));
    to = Math.min(text.length, from + limit);
    from = Math.max(0, to - limit);
  }
  // Cut at spaces only: never inside a word (nor between a letter and its accent).
  if (from > 0 && text[from - 1] !== " ") {
    const next = text.indexOf(" ", from);
    from = next !== -1 && next < start ? next + 1 : text.lastIndexOf(" ", start) + 1;
  }
  if (to < text.length && text[to] !== " ") {
    const previous = text.lastIndexOf(" ", to);
    to = previous >= end && previous > from ? previous : text.indexOf(" ", Math.max(end, to));
    if (to === -1) to = text.length;
  }
  let piece = text.slice(from, to);
  const cutEnd = to < text.length;
  if (cutEnd) piece = piece.replace(/[,;:]+$/, "");
  return { sentence, text: piece.trim(), cutStart: from > 0, cutEnd };
}

export function wholeSentence(sentence: Sentence): Quote {
  return quoteAround(sentence, 0, Math.min(sentence.text.length, QUOTE_LIMIT));
}

/** Document text shown outside quotation marks: no quotation marks of its own, no Markdown. */
export function plain(text: string): string {
  return plainPiece(text).trim();
}

/** A piece of document text shown outside quotation marks, as `plain`, its edge spaces kept. */
export function plainPiece(text: string): string {
  return escapeMarkdown(text.replace(/["\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb]/g, "").replace(/\s+/g, " "), {
    underscores: false,
  });
}

export function locationOf(doc: Document, sentence: Sentence): string {
  return plain(passageLabel(sentence.passage, doc.withDocument)).replace(/[()]/g, "");
}

/** A quotation in double quotes (curly ones when the words hold straight ones) with its location. */
export function cite(doc: Document, quote: Quote): string {
  const body = `${quote.cutStart ? "…" : ""}${escapeMarkdown(quote.text)}${quote.cutEnd ? "…" : ""}`;
  const [open, close] = quote.text.includes('"') ? ["\u201c", "\u201d"] : ['"', '"'];
  return `${open}${body}${close} (${locationOf(doc, quote.sentence)})`;
}

/** A quotation as a blockquote line: escaped so that it cannot turn into a heading or a list. */
export function blockquote(quote: Quote): string {
  const body = `${quote.cutStart ? "…" : ""}${escapeMarkdown(quote.text)}${quote.cutEnd ? "…" : ""}`;
  return `> ${body.replace(/^([#+-])(?=\s|$)/, "\\$1").replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")}`;
}

export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
