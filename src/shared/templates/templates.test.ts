import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCurrency,
  isFieldVisible,
  renderDocument,
  reviewItems,
  unresolvedPlaceholders,
  validateAll,
  visibleFields,
} from "./engine";
import { POPULAR_TEMPLATE_IDS, TEMPLATES } from "./index";
import type { Answers, AnswerValue, DocumentTemplate, TemplateField } from "./types";

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
function validAnswers(template: DocumentTemplate): fc.Arbitrary<Answers> {
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

/** Fields whose value chooses between passages rather than being printed everywhere it applies. */
function branchFields(template: DocumentTemplate): Set<string> {
  return new Set(
    [...template.content.matchAll(/\{\{#(?:if|unless) ([A-Za-z0-9_]+) = /g)].map((match) => match[1] ?? ""),
  );
}

function lowerFirstEach(value: string): string {
  return value
    .split(", ")
    .map((part) => part.charAt(0).toLowerCase() + part.slice(1))
    .join(", ");
}

const generatedAt = fc.date({
  min: new Date("2020-01-01T00:00:00Z"),
  max: new Date("2099-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const documentId = fc.stringMatching(/^doc_[A-Za-z0-9]{6,20}$/);

describe.each(TEMPLATES.map((template) => [template.id, template] as const))("template %s", (_id, template) => {
  it("accepts every generated valid answer set and renders it completely", () => {
    const branching = branchFields(template);
    fc.assert(
      fc.property(validAnswers(template), generatedAt, documentId, (answers, at, id) => {
        expect(validateAll(template, answers)).toEqual({});

        const text = renderDocument(template, answers, { documentId: id, generatedAt: at });
        expect(unresolvedPlaceholders(text)).toEqual([]);
        expect(text).not.toMatch(/undefined|NaN|\[object |\uE000/);
        expect(text).toContain(`· Document ID: ${id}\n`);
        expect(text).toMatch(/^Generated by LawGuide on [A-Z][a-z]+ \d{1,2}, \d{4} · /m);

        const visible = new Set(visibleFields(template, answers).map((field) => field.id));
        for (const item of reviewItems(template, answers)) {
          expect(visible.has(item.id)).toBe(true);
          if (branching.has(item.id)) continue;
          if (template.content.includes(`{${item.id}}`)) {
            expect(text, `${item.id} = ${item.value}`).toContain(item.value);
          } else if (template.content.includes(`{${item.id}|lower}`)) {
            expect(text, `${item.id} = ${item.value}`).toContain(lowerFirstEach(item.value));
          } else {
            // Never printed: a choice that only switches passages on or off.
            expect(template.content, item.id).toMatch(new RegExp(`\\{\\{#(if|unless) ${item.id}\\}\\}`));
          }
        }

        const articles = [...text.matchAll(/^ARTICLE (\d+)\./gm)].map((match) => Number(match[1]));
        expect(articles).toEqual(articles.map((_, index) => index + 1));
        let previous = [0, 0];
        for (const match of text.matchAll(/^(\d+)\.(\d+) /gm)) {
          const current = [Number(match[1]), Number(match[2])];
          const next = current[0] === previous[0] ? [previous[0], (previous[1] ?? 0) + 1] : [current[0], 1];
          expect(current, match[0]).toEqual(next);
          previous = current;
        }
      }),
      { numRuns: 150 },
    );
  });

  it("has a sound definition", () => {
    const ids = template.fields.map((field) => field.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(template.legalNotices.length).toBeGreaterThanOrEqual(2);
    expect(template.legalNotices.length).toBeLessThanOrEqual(4);
    expect(template.price).toBeGreaterThanOrEqual(29.99);
    expect(template.price).toBeLessThanOrEqual(79.99);
    for (const field of template.fields) {
      expect(field.name, field.id).toBe(field.id);
      if (field.validation?.pattern !== undefined) {
        expect(() => new RegExp(field.validation?.pattern ?? "", "u")).not.toThrow();
        expect(() => new RegExp(field.validation?.pattern ?? "", "v")).not.toThrow();
      }
    }
    const text = `${template.content}\n${template.legalNotices.join("\n")}\n${template.description}`;
    expect(text).not.toMatch(/guaranteed|we guarantee|replaces? (a|your) lawyer|robot lawyer|you will win/i);
  });
});

describe("catalogue order", () => {
  it("ranks will, lease and llc as the three popular templates, with unique ranks", () => {
    expect(POPULAR_TEMPLATE_IDS).toEqual(["will", "lease", "llc"]);
    const ranks = TEMPLATES.map((template) => template.popularityRank);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(TEMPLATES.map((template) => template.id)).toEqual(["will", "lease", "llc", "living-trust", "cease-desist"]);
  });

  it("matches the spec's table for the three spec templates", () => {
    const summary = TEMPLATES.slice(0, 3).map((t) => [
      t.id,
      t.category,
      t.price,
      t.estimatedTime,
      t.complexity,
      t.popularityRank,
    ]);
    expect(summary).toEqual([
      ["will", "Estate Planning", 49.99, "15-20 minutes", "Moderate", 1],
      ["lease", "Real Estate", 29.99, "10-15 minutes", "Simple", 2],
      ["llc", "Business Formation", 79.99, "20-25 minutes", "Complex", 3],
    ]);
  });

  it("uses a pattern with its own message and one without somewhere", () => {
    const patterned = TEMPLATES.flatMap((template) => template.fields).filter((field) => field.validation?.pattern);
    expect(patterned.some((field) => field.validation?.message)).toBe(true);
    expect(patterned.some((field) => !field.validation?.message)).toBe(true);
  });
});
