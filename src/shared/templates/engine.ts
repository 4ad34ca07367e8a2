/**
 * LawGuide's template engine: which fields show, how answers are checked, cleaned and shown for
 * review, and how a template's content becomes the final document text. Pure functions, used by
 * the document generator in the browser and by the server alike.
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
 *
 * Answer rules (product spec section 5)
 * - Number fields take whole numbers only: optional sign and digits, surrounding spaces allowed
 *   ("12", " 12 ", "-3"); "12.5", "12.0", "1e3", "1,000" and text are rejected.
 * - Currency fields take a non-negative dollar amount with at most two decimals, an optional "$"
 *   and correctly placed thousands separators ("1200", "1,200", "$1,200.50", "1200.5") and are
 *   stored as whole cents.
 * - `validation.min`/`max` apply only to number fields (the integer) and currency fields (the
 *   dollar amount); text length is not limited by them. Number or currency text that does not
 *   parse gives 'Invalid format for {label}'.
 * - Dates are real calendar dates written yyyy-mm-dd; `validation.after` names an earlier date
 *   field the date must follow. Select and radio answers, and every choice of a multi-select, must
 *   be among the options. Anything else that does not fit gives 'Invalid format for {label}'.
 * - Hidden fields are never validated, and an empty optional field is always acceptable.
 */

import type {
  Answers,
  AnswerValue,
  DocumentTemplate,
  NormalizedAnswers,
  NormalizedValue,
  RenderMeta,
  ReviewItem,
  TemplateField,
} from "./types";

/** The template form's error texts (spec section 5), plus the date-order rule. */
export const FIELD_TEXT = {
  required: (label: string) => `${label} is required`,
  invalidFormat: (label: string) => `Invalid format for ${label}`,
  min: (label: string, min: number) => `${label} must be at least ${min}`,
  max: (label: string, max: number) => `${label} must be no more than ${max}`,
  after: (label: string, otherLabel: string) => `${label} must be after ${otherLabel}`,
} as const;

/** Placeholders filled from the render metadata rather than from a field. */
export const RESERVED_PLACEHOLDERS = ["documentId", "generatedDate"] as const;

/** The reminder printed under every generated document. */
export const DOCUMENT_REMINDER =
  "This document is legal information, not legal advice. A licensed attorney can review it before you rely on it.";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const FIELD_ID = /^[A-Za-z][A-Za-z0-9_]*$/;

// ---------------------------------------------------------------------------------------------
// Parsing and formatting of single values

/**
 * Parse a number field's text as a whole number. Accepts an optional sign and digits with
 * surrounding spaces ("12", " 12 ", "-3"); returns null for decimals ("12.5", "12.0"), exponents,
 * separators, text, empty input and numbers beyond the safe integer range.
 */
export function parseNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? raw + 0 : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value + 0 : null;
}

/**
 * Parse a currency field's text as whole cents. Accepts "1200", "1,200", "$1,200.50", "$ 1200.5"
 * and ".75"; returns null for negative amounts, more than two decimals, misplaced separators,
 * text and empty input.
 */
export function parseCurrency(raw: unknown): number | null {
  if (typeof raw === "number") {
    if (!Number.isFinite(raw) || raw < 0) return null;
    const cents = Math.round(raw * 100);
    return Math.abs(raw * 100 - cents) < 1e-6 && Number.isSafeInteger(cents) ? cents : null;
  }
  if (typeof raw !== "string") return null;
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!match) return null;
  const [, whole, fraction] = match;
  if (whole === undefined && fraction === undefined) return null;
  const digits = (whole ?? "0").replaceAll(",", "");
  if (digits.replace(/^0+/, "").length > 13) return null;
  return Number(digits) * 100 + Number((fraction ?? "").padEnd(2, "0"));
}

/** Format whole cents as US dollars with thousands separators: 120050 → "$1,200.50". */
export function formatCurrency(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoParts(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for an ISO calendar date "yyyy-mm-dd" that exists (year 1000 to 9999). */
export function isValidIsoDate(text: string): boolean {
  return isoParts(text) !== null;
}

function longDate(year: number, month: number, day: number): string {
  return `${MONTHS[month - 1] ?? ""} ${day}, ${year}`;
}

/** Format an ISO date "2027-03-05" as "March 5, 2027"; other text is returned unchanged. */
export function formatIsoDate(iso: string): string {
  const parts = isoParts(iso);
  return parts ? longDate(parts.year, parts.month, parts.day) : iso;
}

/** The calendar date of an instant in a time zone (UTC when absent or unknown). */
function calendarDate(date: Date, timeZone?: string): { year: number; month: number; day: number } {
  if (timeZone && timeZone !== "UTC") {
    try {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
      }).formatToParts(date);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return { year: part("year"), month: part("month"), day: part("day") };
    } catch (error) {
      if (!(error instanceof RangeError) || Number.isNaN(date.getTime())) throw error;
    }
  }
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid generation date");
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

// ---------------------------------------------------------------------------------------------
// Normalising and matching answers

function isBooleanField(field: TemplateField): boolean {
  return field.type === "checkbox" && !field.options;
}

function isMultiSelect(field: TemplateField): boolean {
  return field.type === "checkbox" && field.options !== undefined;
}

/** True when the raw value counts as not answered (a yes/no box: not ticked). */
function isBlank(field: TemplateField, raw: AnswerValue): boolean {
  if (raw === undefined || raw === null) return true;
  if (isBooleanField(field)) return normalizeValue(field, raw) === false;
  if (typeof raw === "string") return raw.trim() === "";
  if (Array.isArray(raw)) return raw.every((item) => typeof item !== "string" || item.trim() === "");
  return false;
}

/**
 * The cleaned value of one raw answer, or undefined when it is empty or does not fit the field
 * (wrong shape, unparseable number, amount or date, or a choice that is not one of the options).
 * A yes/no box is always true or false.
 */
export function normalizeValue(field: TemplateField, raw: AnswerValue): NormalizedValue | undefined {
  if (isBooleanField(field)) {
    if (raw === undefined || raw === null || raw === false) return false;
    if (raw === true) return true;
    if (typeof raw !== "string") return undefined;
    const text = raw.trim().toLowerCase();
    if (["true", "on", "yes"].includes(text)) return true;
    if (["", "false", "off", "no"].includes(text)) return false;
    return undefined;
  }
  if (isMultiSelect(field)) {
    const options = field.options ?? [];
    let items: string[];
    if (Array.isArray(raw)) items = raw;
    else if (typeof raw === "string") items = [raw];
    else if (raw === undefined || raw === null) items = [];
    else return undefined;
    const chosen = new Set(items.filter((item) => typeof item === "string").map((item) => item.trim()));
    chosen.delete("");
    if ([...chosen].some((item) => !options.includes(item))) return undefined;
    return chosen.size === 0 ? undefined : options.filter((option) => chosen.has(option));
  }
  if (typeof raw !== "string") return undefined;
  const text = raw.trim();
  if (text === "") return undefined;
  switch (field.type) {
    case "number":
      return parseNumber(text) ?? undefined;
    case "currency":
      return parseCurrency(text) ?? undefined;
    case "date":
      return isValidIsoDate(text) ? text : undefined;
    case "select":
    case "radio":
      return !field.options || field.options.includes(text) ? text : undefined;
    default:
      return text;
  }
}

/** Whether a cleaned value equals the `Value` of a condition or of an `{{#if field = Value}}` block. */
function valueMatches(field: TemplateField, value: NormalizedValue, expected: string): boolean {
  const wanted = expected.trim();
  if (Array.isArray(value)) return value.includes(wanted);
  if (typeof value === "boolean")
    return value ? wanted === "Yes" || wanted === "true" : wanted === "No" || wanted === "false";
  if (typeof value === "number") {
    const parsed = field.type === "currency" ? parseCurrency(wanted) : parseNumber(wanted);
    return parsed === value;
  }
  return value === wanted;
}

/** Format a cleaned value for people: currency, long dates, joined lists, Yes/No. */
export function formatAnswer(field: TemplateField, value: NormalizedValue): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return field.type === "currency" ? formatCurrency(value) : String(value);
  return field.type === "date" ? formatIsoDate(value) : value;
}

// ---------------------------------------------------------------------------------------------
// Visibility

function visibleWithin(
  field: TemplateField,
  answers: Answers,
  fields: readonly TemplateField[],
  seen: Set<string>,
): boolean {
  const condition = field.conditional;
  if (!condition) return true;
  if (seen.has(field.id)) return false;
  seen.add(field.id);
  const parent = fields.find((candidate) => candidate.id === condition.dependsOn);
  if (!parent || !visibleWithin(parent, answers, fields, seen)) return false;
  const value = normalizeValue(parent, answers[parent.id]);
  return value !== undefined && valueMatches(parent, value, condition.value);
}

/**
 * Whether a field shows in the form. A field with a condition shows only while its controlling
 * field is itself shown and holds the condition's value (a multi-select: includes it). `fields`
 * are the template's fields, needed to follow chains of conditions; a condition on a field that
 * does not exist, or a loop of conditions, hides the field.
 */
export function isFieldVisible(field: TemplateField, answers: Answers, fields: readonly TemplateField[]): boolean {
  return visibleWithin(field, answers, fields, new Set());
}

/** The template's fields that currently show, in form order. */
export function visibleFields(template: DocumentTemplate, answers: Answers): TemplateField[] {
  return template.fields.filter((field) => isFieldVisible(field, answers, template.fields));
}

// ---------------------------------------------------------------------------------------------
// Validation

function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

function checkRange(field: TemplateField, value: number): string | null {
  const { min, max } = field.validation ?? {};
  if (min !== undefined && value < min) return FIELD_TEXT.min(field.label, min);
  if (max !== undefined && value > max) return FIELD_TEXT.max(field.label, max);
  return null;
}

/**
 * The error text for one field's value, or null when it is acceptable. Hidden fields and empty
 * optional fields are always acceptable. `answers` (the whole form) decides visibility and the
 * date-order rule; `fields` are the template's fields. Texts follow spec section 5:
 * '{label} is required', the pattern's own message or 'Invalid format for {label}',
 * '{label} must be at least {min}', '{label} must be no more than {max}'.
 */
export function validateField(
  field: TemplateField,
  value: AnswerValue,
  answers: Answers,
  fields: readonly TemplateField[],
): string | null {
  if (!isFieldVisible(field, answers, fields)) return null;
  if (isBlank(field, value)) return field.required ? FIELD_TEXT.required(field.label) : null;
  const invalid = FIELD_TEXT.invalidFormat(field.label);
  const rule = field.validation ?? {};

  if (typeof value === "string" && rule.pattern !== undefined) {
    const pattern = compilePattern(rule.pattern);
    if (pattern && !pattern.test(value.trim())) return rule.message ?? invalid;
  }

  const normalized = normalizeValue(field, value);
  if (normalized === undefined) return invalid;

  if (typeof normalized === "number") {
    return checkRange(field, field.type === "currency" ? normalized / 100 : normalized);
  }
  if (field.type === "date" && typeof normalized === "string" && rule.after !== undefined) {
    const other = fields.find((candidate) => candidate.id === rule.after);
    if (other && isFieldVisible(other, answers, fields)) {
      const otherValue = normalizeValue(other, answers[other.id]);
      if (typeof otherValue === "string" && normalized <= otherValue) return FIELD_TEXT.after(field.label, other.label);
    }
  }
  return null;
}

/** Errors of every visible field, keyed by field id, in form order; an empty object when all is well. */
export function validateAll(template: DocumentTemplate, answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of template.fields) {
    const error = validateField(field, answers[field.id], answers, template.fields);
    if (error !== null) errors[field.id] = error;
  }
  return errors;
}

/**
 * The cleaned answers used for rendering and storage: hidden fields removed, text trimmed,
 * numbers as integers, currency as cents, a multi-select as a list in option order, a yes/no box
 * as a boolean. Empty answers and values that do not fit their field are left out, so validate first.
 */
export function normalizeAnswers(template: DocumentTemplate, answers: Answers): NormalizedAnswers {
  const result: NormalizedAnswers = {};
  for (const field of visibleFields(template, answers)) {
    const value = normalizeValue(field, answers[field.id]);
    if (value !== undefined) result[field.id] = value;
  }
  return result;
}

/** The 'Review & Generate' list: every visible, answered field with its formatted value. */
export function reviewItems(template: DocumentTemplate, answers: Answers): ReviewItem[] {
  const normalized = normalizeAnswers(template, answers);
  const items: ReviewItem[] = [];
  for (const field of template.fields) {
    const value = normalized[field.id];
    if (value !== undefined) items.push({ id: field.id, label: field.label, value: formatAnswer(field, value) });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Content: parsing, checking and rendering

/** Raised for malformed template content (unbalanced or unknown blocks). */
export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TemplateSyntaxError";
  }
}

interface BlockCondition {
  fieldId: string;
  value?: string;
  source: string;
}

type ContentNode =
  | { kind: "text"; text: string }
  | { kind: "block"; tag: "if" | "unless"; condition: BlockCondition; body: ContentNode[]; otherwise: ContentNode[] };

type Token =
  | { kind: "text"; text: string }
  | { kind: "open"; tag: "if" | "unless"; expression: string; line: number }
  | { kind: "else"; line: number }
  | { kind: "close"; tag: "if" | "unless"; line: number };

const BLOCK_TAG = /\{\{\s*(?:#(if|unless)\s+([^{}]*?)|(else)|\/(if|unless))\s*\}\}/g;
const INLINE_TAG = /\{\{(article|clause|item)\}\}|\{([A-Za-z][A-Za-z0-9_]*)(\|lower)?\}/g;

function tagToken(match: RegExpExecArray, line: number): Token {
  const [, openTag, expression, elseTag] = match;
  if (openTag === "if" || openTag === "unless")
    return { kind: "open", tag: openTag, expression: expression ?? "", line };
  if (elseTag) return { kind: "else", line };
  return { kind: "close", tag: match[4] === "unless" ? "unless" : "if", line };
}

function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  const lines = content.replace(/\r\n?/g, "\n").split("\n");
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const matches = [...line.matchAll(BLOCK_TAG)];
    const tagOnly = matches.length > 0 && line.replace(BLOCK_TAG, "").trim() === "";
    let cursor = 0;
    for (const match of matches) {
      if (!tagOnly && match.index > cursor) tokens.push({ kind: "text", text: line.slice(cursor, match.index) });
      tokens.push(tagToken(match, lineNumber));
      cursor = match.index + match[0].length;
    }
    if (tagOnly) return;
    if (cursor < line.length) tokens.push({ kind: "text", text: line.slice(cursor) });
    if (index < lines.length - 1) tokens.push({ kind: "text", text: "\n" });
  });
  return tokens;
}

function parseCondition(expression: string, line: number): BlockCondition {
  const match = /^([A-Za-z][A-Za-z0-9_]*)(?:\s*=\s*(\S.*))?$/.exec(expression.trim());
  if (!match?.[1]) throw new TemplateSyntaxError(`Line ${line}: cannot read the condition "${expression}"`);
  const condition: BlockCondition = { fieldId: match[1], source: expression.trim() };
  if (match[2] !== undefined) condition.value = match[2].trim();
  return condition;
}

/** Parse content into text and nested blocks; throws TemplateSyntaxError when blocks do not balance. */
function parseContent(content: string): ContentNode[] {
  const root: ContentNode[] = [];
  const stack: Array<{ node: Extract<ContentNode, { kind: "block" }>; inElse: boolean; line: number }> = [];
  const current = (): ContentNode[] => {
    const top = stack.at(-1);
    if (!top) return root;
    return top.inElse ? top.node.otherwise : top.node.body;
  };
  for (const token of tokenize(content)) {
    if (token.kind === "text") {
      current().push({ kind: "text", text: token.text });
    } else if (token.kind === "open") {
      const node: Extract<ContentNode, { kind: "block" }> = {
        kind: "block",
        tag: token.tag,
        condition: parseCondition(token.expression, token.line),
        body: [],
        otherwise: [],
      };
      current().push(node);
      stack.push({ node, inElse: false, line: token.line });
    } else if (token.kind === "else") {
      const top = stack.at(-1);
      if (!top || top.inElse) throw new TemplateSyntaxError(`Line ${token.line}: {{else}} outside a block`);
      top.inElse = true;
    } else {
      const top = stack.pop();
      if (!top) throw new TemplateSyntaxError(`Line ${token.line}: {{/${token.tag}}} without an opening block`);
      if (top.node.tag !== token.tag) {
        throw new TemplateSyntaxError(
          `Line ${token.line}: {{/${token.tag}}} closes {{#${top.node.tag}}} opened on line ${top.line}`,
        );
      }
    }
  }
  const open = stack.at(-1);
  if (open) throw new TemplateSyntaxError(`Line ${open.line}: {{#${open.node.tag}}} is never closed`);
  return root;
}

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

function isoDate(parts: { year: number; month: number; day: number }): string {
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}

/** The footer under every generated document: generation date, document ID and the reminder. */
export function documentFooter(meta: RenderMeta): string {
  const date = calendarDate(meta.generatedAt, meta.timeZone);
  return [
    "----------------------------------------",
    `Generated by LawGuide on ${longDate(date.year, date.month, date.day)} · Document ID: ${meta.documentId}`,
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
    reserved: { documentId: meta.documentId, generatedDate: longDate(date.year, date.month, date.day) },
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

// ---------------------------------------------------------------------------------------------
// Checking a template definition

interface Guard {
  fieldId: string;
  value?: string;
}

function checkConditionValue(field: TemplateField, value: string): boolean {
  if (field.options) return field.options.includes(value);
  if (isBooleanField(field)) return ["Yes", "No", "true", "false"].includes(value);
  if (field.type === "number") return parseNumber(value) !== null;
  if (field.type === "currency") return parseCurrency(value) !== null;
  return value !== "";
}

/** Whether, under the enclosing blocks, the field is sure to have a value. */
function surelyAnswered(field: TemplateField, guards: readonly Guard[]): boolean {
  if (guards.some((guard) => guard.fieldId === field.id)) return true;
  if (!field.required && !isBooleanField(field)) return false;
  const condition = field.conditional;
  if (!condition) return true;
  return guards.some((guard) => guard.fieldId === condition.dependsOn && guard.value === condition.value);
}

/**
 * What is known when `field = value` does not hold: for an answered choice of exactly two
 * options, that it holds the other one.
 */
function oppositeGuard(field: TemplateField, condition: BlockCondition, guards: readonly Guard[]): Guard[] {
  const options = field.options;
  if (condition.value === undefined || field.type === "checkbox" || options?.length !== 2) return [];
  if (!surelyAnswered(field, guards)) return [];
  const other = options.find((option) => option !== condition.value);
  return other === undefined ? [] : [{ fieldId: field.id, value: other }];
}

/**
 * Authoring problems of a template, as readable sentences (an empty list when it is sound): bad
 * or duplicate field ids, conditions on unknown or later fields, unknown options, bad patterns
 * and ranges, malformed blocks, unknown placeholders or tags, fields the content never uses, and
 * placeholders that could be printed while their field has no value.
 */
export function templateProblems(template: DocumentTemplate): string[] {
  const problems: string[] = [];
  const byId = new Map<string, TemplateField>();
  const reserved: readonly string[] = RESERVED_PLACEHOLDERS;

  for (const field of template.fields) {
    if (!FIELD_ID.test(field.id)) problems.push(`Field "${field.id}" has an id that is not a plain identifier`);
    if (reserved.includes(field.id)) problems.push(`Field "${field.id}" uses a reserved placeholder name`);
    if (byId.has(field.id)) problems.push(`Field "${field.id}" is defined twice`);
    if (field.name.trim() === "" || field.label.trim() === "")
      problems.push(`Field "${field.id}" needs a name and label`);
    if ((field.type === "select" || field.type === "radio") && (!field.options || field.options.length === 0)) {
      problems.push(`Field "${field.id}" needs options`);
    }
    if (field.options && new Set(field.options).size !== field.options.length) {
      problems.push(`Field "${field.id}" repeats an option`);
    }
    const condition = field.conditional;
    if (condition) {
      const parent = byId.get(condition.dependsOn);
      if (!parent)
        problems.push(`Field "${field.id}" depends on "${condition.dependsOn}", which is not an earlier field`);
      else if (!checkConditionValue(parent, condition.value)) {
        problems.push(`Field "${field.id}" waits for "${condition.value}", which "${parent.id}" cannot hold`);
      }
    }
    const rule = field.validation;
    if (rule) {
      if (rule.pattern !== undefined && compilePattern(rule.pattern) === null) {
        problems.push(`Field "${field.id}" has an invalid pattern`);
      }
      if ((rule.min !== undefined || rule.max !== undefined) && field.type !== "number" && field.type !== "currency") {
        problems.push(`Field "${field.id}" has min/max but is not a number or currency field`);
      }
      if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) {
        problems.push(`Field "${field.id}" has min above max`);
      }
      if (rule.after !== undefined) {
        const other = byId.get(rule.after);
        if (field.type !== "date" || other?.type !== "date") {
          problems.push(`Field "${field.id}" must be a date after an earlier date field`);
        }
      }
    }
    byId.set(field.id, field);
  }

  let nodes: ContentNode[] = [];
  try {
    nodes = parseContent(template.content);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }

  const used = new Set<string>();
  const walk = (list: readonly ContentNode[], guards: readonly Guard[]) => {
    for (const node of list) {
      if (node.kind === "text") {
        for (const match of node.text.matchAll(/\{\{[^{}]*\}\}|\{[^{}]*\}/g)) {
          const token = match[0];
          if (token.startsWith("{{")) {
            if (!/^\{\{(article|clause|item)\}\}$/.test(token)) problems.push(`Unknown tag ${token}`);
            continue;
          }
          const placeholder = /^\{([A-Za-z][A-Za-z0-9_]*)(\|lower)?\}$/.exec(token);
          const id = placeholder?.[1] ?? token.slice(1, -1);
          if (!placeholder) {
            problems.push(`Placeholder ${token} is not a field id or a known filter`);
            continue;
          }
          if (reserved.includes(id)) continue;
          const field = byId.get(id);
          if (!field) {
            problems.push(`Placeholder ${token} names no field`);
            continue;
          }
          used.add(id);
          if (!surelyAnswered(field, guards)) {
            problems.push(`Placeholder ${token} may be printed while "${id}" has no value; wrap it in {{#if ${id}}}`);
          }
        }
        continue;
      }
      const { condition } = node;
      const field = byId.get(condition.fieldId);
      if (!field) problems.push(`Block {{#${node.tag} ${condition.source}}} names no field`);
      else if (condition.value !== undefined && !checkConditionValue(field, condition.value)) {
        problems.push(`Block {{#${node.tag} ${condition.source}}} tests a value "${field.id}" cannot hold`);
      }
      used.add(condition.fieldId);
      const guard: Guard = { fieldId: condition.fieldId };
      if (condition.value !== undefined) guard.value = condition.value;
      const opposite = field ? oppositeGuard(field, condition, guards) : [];
      walk(node.body, node.tag === "if" ? [...guards, guard] : [...guards, ...opposite]);
      walk(node.otherwise, node.tag === "unless" ? [...guards, guard] : [...guards, ...opposite]);
    }
  };
  walk(nodes, []);

  for (const field of template.fields) {
    if (!used.has(field.id)) problems.push(`Field "${field.id}" is never used in the content`);
  }
  return problems;
}
