/**
 * Sample valid answers for every template, as fast-check arbitraries: each field gets an answer
 * typed the many ways people type names, amounts and dates (optional ones are sometimes left
 * empty), and fields that end up hidden are sometimes given junk, which must never matter. Used by
 * the templates' property tests (`templates.test.ts`), the server's document tests and the fuzz
 * tests. It imports fast-check, a development dependency: tests and benchmarks only, never the
 * app.
 */

import type { Answers, AnswerValue, DocumentTemplate, TemplateField } from "@shared/templates/types";
import { isFieldVisible } from "@shared/templates/validation";
import { formatCurrency } from "@shared/templates/values";
import fc from "fast-check";

const WORDS = [
  "Maple",
  "river",
  "North",
  "José",
  "Zoë",
  "apartment",
  "12",
  "Unit",
  "B",
  "García",
  "east",
  "Ave.",
  "&",
  "#4",
];
const FIRST_NAMES = ["Maria", "James", "Zoë", "José", "Ana", "Li", "Oluwaseun", "Siobhán"];
const LAST_NAMES = ["López", "O'Brien", "Chen", "Smith-Jones", "Nguyen", "Ortiz Jr."];

const spaces = fc.constantFrom("", " ", "  ");
const padded = (text: fc.Arbitrary<string>) =>
  fc.tuple(spaces, text, spaces).map(([before, value, after]) => `${before}${value}${after}`);

const personName = fc
  .tuple(fc.constantFrom(...FIRST_NAMES), fc.constantFrom(...LAST_NAMES))
  .map(([first, last]) => `${first} ${last}`);
const companyName = fc
  .tuple(
    fc.constantFrom(...WORDS.slice(0, 6)),
    fc.constantFrom(" LLC", ", LLC", " L.L.C.", " Limited Liability Company"),
  )
  .map(([word, suffix]) => `${word}${suffix}`);
const email = fc
  .tuple(fc.constantFrom("jane", "j.doe", "ana+law"), fc.constantFrom("example.com", "mail.example.org"))
  .map(([user, domain]) => `${user}@${domain}`);

/** Values known to match each field pattern of the templates, by field id. */
const PATTERN_SAMPLES: Record<string, fc.Arbitrary<string>> = {
  fullName: personName,
  spouseName: personName,
  grantorName: personName,
  companyName,
  senderEmail: email,
};

function words(multiline: boolean): fc.Arbitrary<string> {
  const line = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((list) => list.join(" "));
  if (!multiline) return line;
  return fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"));
}

/** Whole dollars and cents typed in one of the ways people write amounts. */
function typedAmount(cents: number, style: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const withCommas = formatCurrency(cents).slice(1);
  switch (style) {
    case 0:
      return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, "0")}`;
    case 1:
      return formatCurrency(cents);
    case 2:
      return withCommas;
    default:
      return rest % 10 === 0 && rest !== 0 ? `$${dollars}.${rest / 10}` : formatCurrency(cents);
  }
}

const isoDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2090-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A valid answer for a field, ignoring conditions. */
function validValue(field: TemplateField): fc.Arbitrary<AnswerValue> {
  const rule = field.validation ?? {};
  let value: fc.Arbitrary<AnswerValue>;
  switch (field.type) {
    case "text":
    case "address":
    case "textarea": {
      const sample = PATTERN_SAMPLES[field.id];
      if (rule.pattern !== undefined && !sample) throw new Error(`no sample values for patterned field ${field.id}`);
      value = padded(sample ?? words(field.type !== "text"));
      break;
    }
    case "select":
    case "radio":
      value = padded(fc.constantFrom(...(field.options ?? [])));
      break;
    case "checkbox":
      value = field.options
        ? fc.shuffledSubarray(field.options, { minLength: field.required ? 1 : 0 })
        : field.required
          ? fc.constant(true)
          : fc.boolean();
      break;
    case "number":
      value = padded(fc.integer({ min: rule.min ?? 0, max: rule.max ?? 5_000 }).map(String));
      break;
    case "currency":
      value = fc
        .tuple(
          fc.integer({ min: Math.ceil((rule.min ?? 0) * 100), max: Math.floor((rule.max ?? 250_000) * 100) }),
          fc.integer({ min: 0, max: 3 }),
        )
        .map(([cents, style]) => typedAmount(cents, style));
      break;
    case "date":
      value = isoDate;
      break;
  }
  if (field.required || field.type === "checkbox") return value;
  return fc.oneof(value, fc.constantFrom<AnswerValue>(undefined, "", "   "));
}

const JUNK: AnswerValue[] = ["{{junk}}", "{oops}", "not a valid value", ["Nope"], true, undefined];

/**
 * Valid answer sets for a template: every field gets a valid answer (optional ones are sometimes
 * left empty), later dates follow the date they must come after, and fields that end up hidden
 * are sometimes given junk, which must never matter.
 */
export function validAnswers(template: DocumentTemplate): fc.Arbitrary<Answers> {
  const values: Record<string, fc.Arbitrary<AnswerValue>> = {};
  for (const field of template.fields) values[field.id] = validValue(field);
  const offsets: Record<string, fc.Arbitrary<number>> = {};
  for (const field of template.fields) offsets[field.id] = fc.integer({ min: 1, max: 4_000 });
  const junk: Record<string, fc.Arbitrary<AnswerValue | "keep">> = {};
  for (const field of template.fields) junk[field.id] = fc.constantFrom<AnswerValue | "keep">("keep", ...JUNK);

  return fc.tuple(fc.record(values), fc.record(offsets), fc.record(junk)).map(([raw, offset, replacement]) => {
    const answers: Answers = { ...raw };
    for (const field of template.fields) {
      const after = field.validation?.after;
      const base = after === undefined ? undefined : answers[after];
      if (typeof base === "string" && typeof answers[field.id] === "string") {
        answers[field.id] = addDays(base.trim(), offset[field.id] ?? 1);
      }
    }
    const hidden = template.fields.filter((field) => !isFieldVisible(field, answers, template.fields));
    for (const field of hidden) {
      const swap = replacement[field.id];
      if (swap !== "keep") answers[field.id] = swap;
    }
    return answers;
  });
}
