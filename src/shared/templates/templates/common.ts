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

/** The states with state-specific wording in the personal templates. */
export const PERSONAL_STATE_OPTIONS = ["California", "Texas", "Florida", "New York", "Other"];

/** The 'state name' field shown when 'Other' is chosen. */
export function otherStateField(label: string): TemplateField {
  return field({
    id: "stateOther",
    label,
    type: "text",
    required: true,
    placeholder: "e.g. Ohio",
    helpText: "The state whose law applies.",
    conditional: { dependsOn: "state", value: "Other" },
  });
}

/** Prints the chosen state, or the typed state name when 'Other' was chosen. */
export const STATE_NAME = "{{#if state = Other}}{stateOther}{{else}}{state}{{/if}}";
