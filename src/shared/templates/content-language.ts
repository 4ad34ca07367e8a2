/**
 * The document content language: how a template's `content` becomes the final document text,
 * plus the footer under every document and the download's file name. Pure functions, used by the
 * document generator in the browser and by the server alike. Decision 008 says why LawGuide has
 * its own language; `content-parser.ts` reads the blocks, `template-checks.ts` finds authoring
 * mistakes.
 *
 * Content syntax
 * - `{fieldId}`: the field's formatted answer (currency as "$1,200.50", dates as "March 5, 2027",
 *   a multi-select as "Water, Gas", a yes/no box as "Yes"/"No"); `{fieldId|lower}` puts the first
 *   letter (of each chosen option) in lower case for use mid-sentence. A placeholder whose field has no
 *   value is left as it is, so `unresolvedPlaceholders` finds it. `{documentId}` and
 *   `{generatedDate}` are filled from the render metadata.
 * - `{{#if fieldId}} ... {{/if}}`: kept when the field is visible and answered (a yes/no box: ticked).
 * - `{{#if fieldId = Value}} ... {{/if}}`: kept when the field is visible and holds Value (a
 *   multi-select: includes Value; a yes/no box: "Yes"/"No"; number and currency: the same amount).
 * - `{{#unless ...}} ... {{/unless}}`: the opposite. Both take an optional `{{else}}` and may nest.
 *   A line holding nothing but block tags disappears entirely, line break included, and runs of
 *   blank lines in the template's own text collapse into one, so blocks may be surrounded by
 *   blank lines freely. Answers are inserted exactly as cleaned.
 * - `{{article}}` prints the next article number (1, 2, ...); `{{clause}}` the next clause of the
 *   current article (2.1, 2.2, ...); `{{item}}` the next item of the current clause ((a), (b), ...).
 *   Counters only count what is actually printed, so numbering has no gaps.
 */

import { formatLongDay } from "../dates";
import { type BlockCondition, type ContentNode, parseContent } from "./content-parser";
import type { Answers, DocumentTemplate, NormalizedAnswers, NormalizedValue, RenderMeta, TemplateField } from "./types";
import { normalizeAnswers } from "./validation";
import { calendarDate, formatAnswer, isoDate, valueMatches } from "./values";

/** Placeholders filled from the render metadata rather than from a field. */
export const RESERVED_PLACEHOLDERS = ["documentId", "generatedDate"] as const;

/** The reminder printed under every generated document. */
export const DOCUMENT_REMINDER =
  "This document is legal information, not legal advice. A licensed attorney can review it before you rely on it.";

/** The counters `{{article}}`, `{{clause}}`, `{{item}}` and the placeholders `{fieldId}`, `{fieldId|lower}`. */
const INLINE_TAG = /\{\{(article|clause|item)\}\}|\{([A-Za-z][A-Za-z0-9_]*)(\|lower)?\}/g;

interface RenderState {
  values: NormalizedAnswers;
  fields: Map<string, TemplateField>;
  reserved: Record<string, string>;
  inserted: string[];
  article: number;
  clause: number;
  item: number;
}

const MARK = "\uE000";
const MARKED = /\uE000(\d+)\uE000/g;

function conditionHolds(condition: BlockCondition, state: RenderState): boolean {
  const value = state.values[condition.fieldId];
  const field = state.fields.get(condition.fieldId);
  if (value === undefined || !field) return false;
  if (condition.value !== undefined) return valueMatches(field, value, condition.value);
  return value !== false;
}

/** `{field|lower}`: the answer (each item of a multi-select) with its first letter in lower case. */
function lowerFirst(value: NormalizedValue): NormalizedValue {
  const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
  if (Array.isArray(value)) return value.map(lower);
  return typeof value === "string" ? lower(value) : value;
}

function itemLabel(n: number): string {
  return n <= 26 ? `(${String.fromCharCode(96 + n)})` : `(${n})`;
}

function fillText(text: string, state: RenderState): string {
  return text.replace(INLINE_TAG, (whole, counter?: string, id?: string, lower?: string) => {
    if (counter === "article") {
      state.article += 1;
      state.clause = 0;
      state.item = 0;
      return String(state.article);
    }
    if (counter === "clause") {
      state.clause += 1;
      state.item = 0;
      return `${state.article}.${state.clause}`;
    }
    if (counter === "item") {
      state.item += 1;
      return itemLabel(state.item);
    }
    if (id === undefined) return whole;
    const reserved = state.reserved[id];
    if (reserved !== undefined) return reserved;
    const field = state.fields.get(id);
    const value = state.values[id];
    if (!field || value === undefined) return whole;
    return protect(lower ? formatAnswer(field, lowerFirst(value)) : formatAnswer(field, value), state);
  });
}

/**
 * Answers are set aside behind a marker while the layout is tidied, so that tidying (blank-line
 * collapsing, trailing spaces) touches only the template's own text, never what the user typed.
 */
function protect(text: string, state: RenderState): string {
  state.inserted.push(text.replaceAll(MARK, ""));
  return `${MARK}${state.inserted.length - 1}${MARK}`;
}

function tidy(text: string, state: RenderState): string {
  return text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .replace(MARKED, (_whole, index: string) => state.inserted[Number(index)] ?? "");
}

function emit(nodes: readonly ContentNode[], state: RenderState, out: string[]): void {
  for (const node of nodes) {
    if (node.kind === "text") {
      out.push(fillText(node.text, state));
    } else {
      const holds = conditionHolds(node.condition, state);
      emit((node.tag === "if") === holds ? node.body : node.otherwise, state, out);
    }
  }
}

/** The footer under every generated document: generation date, document ID and the reminder. */
export function documentFooter(meta: RenderMeta): string {
  const date = calendarDate(meta.generatedAt, meta.timeZone);
  return [
    "----------------------------------------",
    `Generated by LawGuide on ${formatLongDay(date.year, date.month, date.day)} · Document ID: ${meta.documentId}`,
    DOCUMENT_REMINDER,
  ].join("\n");
}

/**
 * The final document text: blocks resolved, counters numbered, `{fieldId}` placeholders replaced
 * by formatted answers (hidden and empty fields count as unanswered), then the footer. Answers
 * are inserted as typed and never expanded again. Throws TemplateSyntaxError for malformed content.
 */
export function renderDocument(template: DocumentTemplate, answers: Answers, meta: RenderMeta): string {
  const date = calendarDate(meta.generatedAt, meta.timeZone);
  const state: RenderState = {
    values: normalizeAnswers(template, answers),
    fields: new Map(template.fields.map((field) => [field.id, field])),
    reserved: { documentId: meta.documentId, generatedDate: formatLongDay(date.year, date.month, date.day) },
    inserted: [],
    article: 0,
    clause: 0,
    item: 0,
  };
  const out: string[] = [];
  emit(parseContent(template.content), state, out);
  return `${tidy(out.join(""), state)}\n\n${documentFooter(meta)}\n`;
}

/** The download name without extension: the template name's slug and the ISO generation date. */
export function documentFileName(template: DocumentTemplate, generatedAt: Date, timeZone?: string): string {
  const slug = template.name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || template.id}-${isoDate(calendarDate(generatedAt, timeZone))}`;
}

/** Every `{...}` or `{{...}}` left in a text, once each, in order of appearance. */
export function unresolvedPlaceholders(text: string): string[] {
  return [...new Set(text.match(/\{\{[^{}\n]*\}\}|\{[^{}\n]*\}/g) ?? [])];
}
