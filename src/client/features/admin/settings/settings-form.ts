import {
  DEFAULT_SETTINGS,
  type SettingsChange,
  type SettingsSection,
  type SystemSettings,
} from "@shared/schemas/settings";
import {
  SETTING_FIELDS,
  type SettingField,
  settingBounds,
  settingError,
  settingOptions,
} from "@shared/settings-fields";

/** Each settings section's tab label, in the form's order (spec section 2 'Settings'). */
const TAB_LABELS: Record<SettingsSection, string> = {
  general: "General",
  ai: "AI Settings",
  subscription: "Subscriptions",
  security: "Security",
  notifications: "Notifications",
};

/** The form's tabs, one per settings section. */
export const SETTINGS_TABS = (Object.keys(TAB_LABELS) as SettingsSection[]).map((value) => ({
  value,
  label: TAB_LABELS[value],
}));

export type FieldKind = "number" | "text" | "email" | "switch" | "select";

export interface FormField {
  section: SettingsSection;
  key: string;
  /** `section.key`: the field's id in errors (the server names refused fields the same way). */
  path: string;
  kind: FieldKind;
  field: SettingField;
  bounds: { min: number; max: number } | null;
  options: readonly string[] | null;
}

function kindOf(section: SettingsSection, key: string): FieldKind {
  if (settingBounds(section, key)) return "number";
  if (settingOptions(section, key)) return "select";
  const fallback = (DEFAULT_SETTINGS[section] as Record<string, unknown>)[key];
  if (typeof fallback === "boolean") return "switch";
  return /email$/i.test(key) ? "email" : "text";
}

/** The fields of a section's tab, in the order of the settings list (those edited elsewhere left out). */
export function formFields(section: SettingsSection): FormField[] {
  return Object.entries(SETTING_FIELDS[section] as Record<string, SettingField>)
    .filter(([, field]) => !field.editedIn)
    .map(([key, field]) => ({
      section,
      key,
      path: `${section}.${key}`,
      kind: kindOf(section, key),
      field,
      bounds: settingBounds(section, key),
      options: settingOptions(section, key),
    }));
}

export const ALL_FIELDS: FormField[] = SETTINGS_TABS.flatMap((tab) => formFields(tab.value));

/** What the inputs hold: numbers as typed (a half-typed number is not lost), switches as booleans. */
export type Draft = Record<SettingsSection, Record<string, string | boolean>>;

export function toDraft(settings: SystemSettings): Draft {
  const draft = {} as Draft;
  for (const tab of SETTINGS_TABS) {
    const values = settings[tab.value] as Record<string, unknown>;
    draft[tab.value] = {};
    for (const { key } of formFields(tab.value)) {
      const value = values[key];
      draft[tab.value][key] = typeof value === "boolean" ? value : String(value ?? "");
    }
  }
  return draft;
}

/** The value a field's input stands for (a number input that is empty or not a number is null / NaN). */
export function inputValue(field: FormField, raw: string | boolean | undefined): unknown {
  if (field.kind === "switch") return raw === true;
  const text = typeof raw === "string" ? raw : "";
  if (field.kind === "number") return text.trim() === "" ? null : Number(text);
  return text;
}

/** What the draft changes of `base`: only the changed values, by section (nothing when unchanged). */
export function changesOf(base: SystemSettings, draft: Draft): SettingsChange {
  const change: SettingsChange = {};
  for (const field of ALL_FIELDS) {
    const value = inputValue(field, draft[field.section]?.[field.key]);
    const before = (base[field.section] as Record<string, unknown>)[field.key];
    const same =
      field.kind === "text" || field.kind === "email" ? value === String(before ?? "") : Object.is(value, before);
    if (same) continue;
    change[field.section] = { ...change[field.section], [field.key]: value };
  }
  return change;
}

export const hasChanges = (change: SettingsChange) => Object.keys(change).length > 0;

/** Why each value of the draft is refused (by `section.key`): the bounds of spec section 5, as the server checks them. */
export function draftErrors(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ALL_FIELDS) {
    const error = settingError(field.section, field.key, inputValue(field, draft[field.section]?.[field.key]));
    if (error) errors[field.path] = error;
  }
  return errors;
}
