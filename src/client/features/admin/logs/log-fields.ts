import { modelLabel } from "@client/features/admin/answer-source";
import { COMPLEXITY_LABELS, STATUS_LABELS } from "@client/features/admin/cases/case-labels";
import { answerSourceName, OFFLINE_MODEL } from "@shared/ai-providers";
import { formatFullDateTime } from "@shared/dates";
import { planName, seconds, templateName } from "@shared/log-sentences";
import { formatPrice, subscriptionStatusLabel } from "@shared/plans";
import type { LogUser } from "@shared/schemas/admin";
import { MODEL_TIER_LABELS } from "@shared/schemas/admin-ai-models";
import { AVAILABILITY_LABELS } from "@shared/schemas/admin-attorneys";
import type { SettingsSection } from "@shared/schemas/settings";
import { SETTING_FIELDS, type SettingField, settingOptionLabel } from "@shared/settings-fields";

/**
 * A log row's details in words: each stored key as a label ('latencyMs' → 'Answer time'), each
 * value as a person reads it (yes or no, lists, dates, plan and provider names, shortened ids),
 * never as JSON. The raw record stays one click away for anything these words leave out.
 */

/** One detail of a row: its label and its value in words. */
export interface LogField {
  key: string;
  label: string;
  value: string;
}

/** Where a value was recorded: the log's category or audited table, the settings section, who wrote the row. */
export interface FieldContext {
  category?: string | null;
  table?: string | null;
  /** The settings section of a settings change (its record id). */
  section?: string | null;
  author?: LogUser | null;
}

/** Levels as words, in the filter and on each row. */
export const LEVEL_NAMES: Record<string, string> = { debug: "Debug", info: "Info", warn: "Warning", error: "Error" };

/** The audited tables as an administrator knows them (filter and badge). */
export const TABLE_NAMES: Record<string, string> = {
  user: "Member accounts",
  cases: "Cases",
  attorneys: "Attorneys",
  attorney_referrals: "Referrals",
  ai_models: "AI models",
  system_settings: "Settings",
  login_attempts: "Sign-in locks",
  subscriptions: "Subscriptions",
  testimonials: "Testimonials",
};

/** A table's name in words; one this list does not know yet, its name with spaces. */
export const tableName = (table: string) => TABLE_NAMES[table] ?? sentenceCase(table.replace(/_/g, " "));

/** Labels of the keys LawGuide writes, in the order a row lists them (others follow, as written). */
const LABELS: [key: string, label: string][] = [
  // Who and what
  ["email", "E-mail"],
  ["name", "Name"],
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["phone", "Phone"],
  ["profession", "Profession"],
  ["isAdmin", "Admin access"],
  ["plan", "Plan"],
  ["planId", "Plan"],
  ["status", "Status"],
  ["caseStatus", "Case status"],
  ["assignedAttorney", "Assigned attorney"],
  ["title", "Title"],
  ["category", "Category"],
  ["complexity", "Complexity"],
  ["estimatedValue", "Estimated value"],
  // AI
  ["provider", "Provider"],
  ["model", "Model"],
  ["comparison", "Comparison"],
  ["side", "Side chosen"],
  ["latencyMs", "Answer time"],
  ["firstTokenMs", "First words after"],
  ["promptTokens", "Question tokens"],
  ["completionTokens", "Answer tokens"],
  ["totalTokens", "Total tokens"],
  ["error", "Error"],
  // Sign-in
  ["method", "Method"],
  ["reason", "Reason"],
  ["scope", "Locked"],
  ["lockedUntil", "Locked until"],
  ["locked", "Locked"],
  ["pausesLifted", "Sign-in locks lifted"],
  // Subscriptions and payments
  ["days", "Days"],
  ["source", "Source"],
  ["withTrial", "Free trial"],
  ["currentPeriodEnd", "Ends"],
  ["cancelAtPeriodEnd", "Ends without renewing"],
  ["type", "Event"],
  // Attorneys
  ["firm", "Firm"],
  ["specialties", "Specialties"],
  ["caseTypes", "Case types"],
  ["location", "Location"],
  ["availability", "Availability"],
  ["rating", "Rating"],
  ["experience", "Experience"],
  ["hourlyRate", "Hourly rate"],
  ["bio", "Bio"],
  ["isActive", "Active"],
  ["referrals", "Referrals naming them"],
  // Testimonials
  ["quote", "Testimonial"],
  ["author", "From"],
  ["context", "About"],
  ["isExample", "Illustrative example"],
  ["position", "Position"],
  // AI models
  ["userTiers", "Plans"],
  ["priority", "Priority"],
  ["maxTokens", "Max tokens"],
  ["temperature", "Temperature"],
  ["costPerToken", "Cost per token"],
  ["description", "Description"],
  // Preferences
  ["emailNotifications", "E-mail notifications"],
  ["pushNotifications", "Push notifications"],
  ["marketingEmails", "Marketing e-mails"],
  ["compareAnswers", "Compare answers"],
  // Records a row names
  ["caseId", "Case"],
  ["documentId", "Document"],
  ["templateId", "Document type"],
  ["referralId", "Referral"],
  ["attorneyId", "Attorney"],
  ["memberId", "Member"],
  ["comparisonId", "Comparison"],
  ["mailId", "Mail"],
  ["sessionId", "Checkout session"],
  ["subscriptionId", "Stripe subscription"],
  ["eventId", "Stripe event"],
  ["caseCount", "Cases"],
  ["createdAt", "Created"],
  ["id", "Id"],
];
const LABEL_OF = new Map(LABELS);
const ORDER = new Map(LABELS.map(([key], index) => [key, index]));

/** Words for the values of keys that hold one of a few codes. */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  availability: AVAILABILITY_LABELS,
  complexity: COMPLEXITY_LABELS,
  source: { admin: "Granted by an administrator", stripe: "Stripe", demo: "Test checkout" },
  scope: { address: "Sign-ins from one address", account: "The whole account" },
  compareAnswers: { every: "Every message", long: "Long questions only", never: "Never" },
  comparison: { preview: "Short previews", full: "Full answers" },
};

/** Case, referral and subscription statuses, by the table (or log) that holds them. */
const referralStatus: Record<string, string> = { pending: "Pending", assigned: "Assigned" };
const caseStatus = (status: string) => STATUS_LABELS[status]?.label ?? sentenceCase(status.replace(/_/g, " "));

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

function sentenceCase(text: string): string {
  const lower = text.trim().toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** 'maxFileUploadSize' → 'Max file upload size'; 'user_agent' → 'User agent'; 'fooId' → 'Foo'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ");
  return sentenceCase(words) || key;
}

/** The first eight characters of an id, enough to tell records apart; the raw record has it whole. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

function settingOf(context: FieldContext, key: string): SettingField | null {
  if (context.table !== "system_settings" || !context.section || !Object.hasOwn(SETTING_FIELDS, context.section)) {
    return null;
  }
  const fields = SETTING_FIELDS[context.section as SettingsSection] as Record<string, SettingField | undefined>;
  return Object.hasOwn(fields, key) ? (fields[key] ?? null) : null;
}

/** A key as a label: a setting's own label, LawGuide's word for it, or the key in words. */
export function fieldLabel(key: string, context: FieldContext = {}): string {
  return settingOf(context, key)?.label ?? LABEL_OF.get(key) ?? humanizeKey(key);
}

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

function numberInWords(key: string, n: number, context: FieldContext): string {
  const setting = settingOf(context, key);
  if (setting?.unit) return `${count(n)} ${setting.unit}`;
  switch (key) {
    case "latencyMs":
    case "firstTokenMs":
      return seconds(n) ?? count(n);
    case "hourlyRate":
      return `${dollars.format(n)} an hour`;
    case "estimatedValue":
      return dollars.format(n);
    case "feeCents":
      return formatPrice(n);
    case "days":
      return plural(n, "day", "days");
    case "experience":
      return plural(n, "year", "years");
    case "referrals":
      return plural(n, "referral", "referrals");
    default:
      return count(n);
  }
}

function statusInWords(status: string, key: string, context: FieldContext): string {
  if (key === "caseStatus" || context.table === "cases") return caseStatus(status);
  if (context.table === "attorney_referrals") return referralStatus[status] ?? sentenceCase(status.replace(/_/g, " "));
  if (context.table === "subscriptions" || context.category === "payment") return subscriptionStatusLabel(status);
  return sentenceCase(status.replace(/_/g, " "));
}

function textInWords(key: string, text: string, context: FieldContext): string {
  if (text.trim() === "") return "Not set";
  const words = VALUE_WORDS[key]?.[text];
  if (words) return words;
  if (settingOf(context, key) && key === "defaultProvider") return settingOptionLabel(text);
  switch (key) {
    case "provider":
    case "side":
      return answerSourceName(text);
    case "model":
      return modelLabel(text);
    case "plan":
    case "planId":
      return planName(text) ?? text;
    case "templateId":
      return templateName(text) ?? shortId(text);
    case "status":
    case "caseStatus":
      return statusInWords(text, key, context);
    case "userTiers":
      return MODEL_TIER_LABELS[text as keyof typeof MODEL_TIER_LABELS] ?? sentenceCase(text);
  }
  if (ISO_TIME.test(text) && !Number.isNaN(Date.parse(text))) return formatFullDateTime(text);
  if (key === "id" || /[a-z]Id$/.test(key)) {
    if (context.author && text === context.author.id) return context.author.name;
    return shortId(text);
  }
  // A code of the sign-in library ('INVALID_EMAIL_OR_PASSWORD') reads as words.
  if (CODE.test(text)) return sentenceCase(text.replace(/_/g, " "));
  return text;
}

/** A stored value in words: never JSON, never `null`. */
export function fieldValue(key: string, value: unknown, context: FieldContext = {}): string {
  if (value === null || value === undefined) return "Not set";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return Number.isFinite(value) ? numberInWords(key, value, context) : String(value);
  if (typeof value === "string") return textInWords(key, value, context);
  if (Array.isArray(value)) {
    if (value.length === 0) return "None";
    return value.map((item) => fieldValue(key, item, context)).join(", ");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "None";
    return entries.map(([k, v]) => `${fieldLabel(k)}: ${fieldValue(k, v)}`).join("; ");
  }
  return String(value);
}

/** Keys in the order a row lists them: a settings section's own order, else LawGuide's, then the rest. */
export function orderedKeys(keys: readonly string[], context: FieldContext = {}): string[] {
  const section =
    context.table === "system_settings" && context.section && Object.hasOwn(SETTING_FIELDS, context.section)
      ? Object.keys(SETTING_FIELDS[context.section as SettingsSection])
      : null;
  const rank = (key: string) => {
    const inSection = section?.indexOf(key) ?? -1;
    if (inSection >= 0) return inSection;
    return (section?.length ?? 0) + (ORDER.get(key) ?? LABELS.length);
  };
  return keys
    .map((key, index) => ({ key, index }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
    .map(({ key }) => key);
}

/** A metadata object's keys as fields, in order. The offline assistant's model id says nothing more than its provider. */
export function metadataFields(metadata: Record<string, unknown> | null, context: FieldContext = {}): LogField[] {
  const values = metadata ?? {};
  const redundantModel = values.provider === "offline" && values.model === OFFLINE_MODEL;
  return orderedKeys(Object.keys(values), context)
    .filter((key) => !(redundantModel && key === "model"))
    .map((key) => ({ key, label: fieldLabel(key, context), value: fieldValue(key, values[key], context) }));
}
