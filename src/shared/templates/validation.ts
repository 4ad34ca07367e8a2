/**
 * Which fields of a template show, and whether the answers are acceptable: visibility by
 * conditions, the form's error texts, the cleaned answers used for rendering and storage, and the
 * 'Review & Generate' list. Pure functions, so the form in the browser and `POST
 * /api/documents/generate` on the server refuse the same answers with the same messages.
 *
 * Answer rules (product spec section 5)
 * - Number fields take whole numbers; currency fields take dollar amounts (see `values.ts`).
 * - `validation.min`/`max` apply only to number fields (the integer) and currency fields (the
 *   dollar amount); text length is not limited by them. Number or currency text that does not
 *   parse gives 'Invalid format for {label}'.
 * - Dates are real calendar dates written yyyy-mm-dd; `validation.after` names an earlier date
 *   field the date must follow. Select and radio answers, and every choice of a multi-select, must
 *   be among the options. Anything else that does not fit gives 'Invalid format for {label}'.
 * - Hidden fields are never validated, and an empty optional field is always acceptable.
 */

import type { Answers, AnswerValue, DocumentTemplate, NormalizedAnswers, ReviewItem, TemplateField } from "./types";
import { formatAnswer, isBooleanField, normalizeValue, valueMatches } from "./values";

/** The template form's error texts (spec section 5), plus the date-order rule. */
export const FIELD_TEXT = {
  required: (label: string) => `${label} is required`,
  invalidFormat: (label: string) => `Invalid format for ${label}`,
  min: (label: string, min: number) => `${label} must be at least ${min}`,
  max: (label: string, max: number) => `${label} must be no more than ${max}`,
  after: (label: string, otherLabel: string) => `${label} must be after ${otherLabel}`,
} as const;

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

/** True when the raw value counts as not answered (a yes/no box: not ticked). */
function isBlank(field: TemplateField, raw: AnswerValue): boolean {
  if (raw === undefined || raw === null) return true;
  if (isBooleanField(field)) return normalizeValue(field, raw) === false;
  if (typeof raw === "string") return raw.trim() === "";
  if (Array.isArray(raw)) return raw.every((item) => typeof item !== "string" || item.trim() === "");
  return false;
}

/** A field's `validation.pattern` as a regular expression, or null when it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
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
