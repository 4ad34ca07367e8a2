/**
 * The US states offered by the Document Center assistant (the 15 most populous, of which the
 * first few are buttons, and all fifty for "another state"), and the starting answers a picked
 * state gives a template.
 */

import { UI_LIMITS } from "../constants";
import type { Answers, DocumentTemplate } from "./types";

/**
 * The 15 most populous US states, offered by the Document Center assistant, most populous first;
 * the first `STATE_BUTTON_COUNT` are shown as buttons.
 */
export const DOCUMENT_STATES: readonly string[] = [
  "California",
  "Texas",
  "Florida",
  "New York",
  "Pennsylvania",
  "Illinois",
  "Ohio",
  "Georgia",
  "North Carolina",
  "Michigan",
  "New Jersey",
  "Virginia",
  "Washington",
  "Arizona",
  "Tennessee",
];

/** The fifty US states in alphabetical order, for "another state" (the documents say "State of …"). */
export const US_STATES: readonly string[] = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
];

/** State buttons shown by the Document Center assistant (spec section 9: 8 of the 15 states). */
export const STATE_BUTTON_COUNT: number = UI_LIMITS.stateButtons;

/**
 * Starting answers for a template from a state the user picked: the state itself when it is one of
 * the template's options, otherwise 'Other' with the state's name, and nothing for a template
 * without a state question.
 */
export function stateAnswers(template: DocumentTemplate, stateName: string): Answers {
  const stateField = template.fields.find((field) => field.id === "state");
  const name = stateName.trim();
  if (!stateField?.options || name === "") return {};
  if (stateField.options.includes(name)) return { state: name };
  if (!stateField.options.includes("Other")) return {};
  return template.fields.some((field) => field.id === "stateOther") ? { state: "Other", stateOther: name } : {};
}
