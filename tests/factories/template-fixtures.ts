/**
 * Fixtures for the templates' unit tests: the shipped templates by id, one field of a template,
 * the form error for one answer, fixed render metadata, two sets of will answers, and a small
 * synthetic template for rules the real templates do not exercise. Tests only.
 */

import { getTemplate } from "@shared/templates/template-list";
import type { Answers, DocumentTemplate, TemplateField } from "@shared/templates/types";
import { validateField } from "@shared/templates/validation";

/** A shipped template by id; throws when there is none. */
function mustGet(id: string): DocumentTemplate {
  const template = getTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  return template;
}

/** One field of a template by id; throws when there is none. */
export function fieldOf(template: DocumentTemplate, id: string): TemplateField {
  const found = template.fields.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no field ${id} in ${template.id}`);
  return found;
}

/** The error for one answer of a real template, given the other answers. */
export function errorFor(
  template: DocumentTemplate,
  id: string,
  value: Answers[string],
  others: Answers = {},
): string | null {
  const answers = { ...others, [id]: value };
  return validateField(fieldOf(template, id), value, answers, template.fields);
}

/** The shipped templates the tests use most. */
export const will = mustGet("will");
export const lease = mustGet("lease");
export const llc = mustGet("llc");
export const trust = mustGet("living-trust");
export const ceaseDesist = mustGet("cease-desist");

/** Render metadata with a fixed document ID and generation time (March 5, 2027, UTC). */
export const meta = { documentId: "doc_7Hq2", generatedAt: new Date("2027-03-05T15:30:00Z") };

/** Complete will answers of a married testator with children in California. */
export const marriedWithChildren: Answers = {
  fullName: "Maria Elena López",
  state: "California",
  address: "12 Oak Street, Sacramento, CA 95814",
  maritalStatus: "Married",
  spouseName: "James O'Brien-López",
  children: "Yes",
  childrenNames: "Sara López\nLuis López",
  guardian: "Carla Díaz",
  executor: "David Chen",
  executorAddress: "4 Elm Road, Davis, CA 95616",
  assets: "Home at 12 Oak Street; savings at First Bank",
  residualBeneficiary: "James O'Brien-López",
};

/** The same will answers for a single testator without children. */
export const singleWithoutChildren: Answers = {
  ...marriedWithChildren,
  maritalStatus: "Single",
  children: "No",
};

/** A small template for rules the real templates do not exercise. */
export function synthetic(fields: TemplateField[], content = ""): DocumentTemplate {
  return {
    id: "test",
    name: "Test Document",
    description: "",
    category: "Test",
    icon: "FileText",
    estimatedTime: "1 minute",
    complexity: "Simple",
    price: 0,
    stateSpecific: false,
    popularityRank: 99,
    aboutFields: [],
    legalNotices: [],
    fields,
    content,
  };
}

/** A field definition whose form name is its id. */
export function f(definition: Omit<TemplateField, "name">): TemplateField {
  return { ...definition, name: definition.id };
}
