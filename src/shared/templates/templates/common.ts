/** Building blocks shared by LawGuide's document templates. */

import type { TemplateField } from "../types";

/** A field definition whose form name defaults to its id. */
export function field(definition: Omit<TemplateField, "name"> & { name?: string }): TemplateField {
  return { ...definition, name: definition.name ?? definition.id };
}

/**
 * A person's name: letters (any alphabet) with spaces, hyphens, apostrophes and periods. Valid
 * with both the `u` and the `v` regular-expression flags, so it also works as an HTML pattern.
 */
export const PERSON_NAME_PATTERN = "^\\p{L}[\\p{L}\\p{M} .,'’\\-]*$";

export const PERSON_NAME_MESSAGE = "Use letters only, with spaces, hyphens, apostrophes or periods where needed";

/** A required person's-name field, checked against `PERSON_NAME_PATTERN`. */
export function personNameField(
  definition: Omit<TemplateField, "name" | "type" | "required" | "validation">,
): TemplateField {
  return field({
    ...definition,
    type: "text",
    required: true,
    validation: { pattern: PERSON_NAME_PATTERN, message: PERSON_NAME_MESSAGE },
  });
}

/** The states with state-specific wording in the personal templates. */
const PERSONAL_STATE_OPTIONS = ["California", "Texas", "Florida", "New York", "Other"];

/**
 * The 'state' select (by default the personal templates' states) and the 'state name' field shown
 * when 'Other' is chosen. `STATE_NAME` prints the answer.
 */
export function stateFields(
  label: string,
  otherLabel: string,
  details: Pick<TemplateField, "options" | "helpText"> = {},
): TemplateField[] {
  return [
    field({ id: "state", label, type: "select", required: true, options: PERSONAL_STATE_OPTIONS, ...details }),
    field({
      id: "stateOther",
      label: otherLabel,
      type: "text",
      required: true,
      placeholder: "e.g. Ohio",
      helpText: "The state whose law applies.",
      conditional: { dependsOn: "state", value: "Other" },
    }),
  ];
}

/** Prints the chosen state, or the typed state name when 'Other' was chosen. */
export const STATE_NAME = "{{#if state = Other}}{stateOther}{{else}}{state}{{/if}}";

/** The definitions clause of the estate-planning documents, which leave property to descendants per stirpes. */
export const DEFINITIONS_CLAUSE = `{{clause}} Definitions. "Descendants" means children, grandchildren and more remote descendants, including those adopted before they turned 18. "Per stirpes" means that the descendants of a person who has died take that person's share in equal parts by branch of the family.`;
