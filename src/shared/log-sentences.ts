import { answerSourceName } from "./ai-providers";
import { PLANS, type PlanId } from "./plans";
import type { ActivityKind } from "./schemas/admin";
import { DOCUMENT_CATALOGUE, templateIdForCatalogueItem } from "./templates/catalogue";

/**
 * A log row as one plain sentence, for administrators: the overview's Recent Activity (built on
 * the server) and the Logs section (in the browser) read the same words. Only chosen fields of a
 * row are read (never a whole metadata object), so a sentence gives nothing secret away.
 */
export interface LogSentence {
  kind: ActivityKind;
  text: string;
  /** A failure or warning (a failed AI call, a declined payment). */
  warning: boolean;
}

/** What an application log row's sentence reads. */
export interface AppLogFacts {
  category: string;
  level: string;
  message: string;
  metadata: Record<string, unknown> | null;
}

/** What an audit row's sentence reads. */
export interface AuditLogFacts {
  action: string;
  tableName: string | null;
  recordId: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
}

/** 'OpenAI', 'Anthropic', or 'the offline assistant' in the middle of a sentence. */
const providerInText = (id: string) => (id === "offline" ? "the offline assistant" : answerSourceName(id));

const str = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);

/** A duration as people say it: '1.2 s', or 'under 0.1 s'. */
export function seconds(ms: unknown): string | null {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return null;
  return ms < 50 ? "under 0.1 s" : `${(ms / 1000).toFixed(1)} s`;
}

/** A plan's name ('Premium Solutions'), or null for an id no plan has. */
export function planName(planId: unknown): string | null {
  return typeof planId === "string" && Object.hasOwn(PLANS, planId) ? PLANS[planId as PlanId].name : null;
}

/** A document template's name ('Last Will and Testament'), from the catalogue. */
export function templateName(templateId: unknown): string | null {
  if (typeof templateId !== "string") return null;
  return DOCUMENT_CATALOGUE.find((item) => templateIdForCatalogueItem(item.id) === templateId)?.name ?? null;
}

/** The settings sections as a sentence names them: 'Updated the AI settings'. */
export const SETTINGS_SECTION_WORDS: Record<string, string> = {
  general: "general",
  ai: "AI",
  subscription: "subscription",
  security: "security",
  notifications: "notification",
};

/** An application log row as a sentence: 'AI query answered by OpenAI (gpt-5-mini) in 1.2 s'. */
export function describeAppLog(row: AppLogFacts): LogSentence {
  const m = row.metadata ?? {};
  const warning = row.level === "warn" || row.level === "error";
  switch (row.category) {
    case "auth":
      return {
        kind: "registration",
        text: row.message === "User registered" ? "New member registered" : row.message,
        warning,
      };
    case "ai": {
      const providerId = str(m.provider);
      const provider = providerId ? providerInText(providerId) : null;
      const model = str(m.model);
      const took = seconds(m.latencyMs);
      if (row.message === "Comparison answer chosen") {
        return {
          kind: "ai",
          text: `Chose ${providerId === "offline" ? "the offline assistant's answer" : provider ? `the ${provider} answer` : "an answer"} in a comparison`,
          warning,
        };
      }
      if (warning) {
        return {
          kind: "ai",
          text: `AI query failed${provider ? ` at ${provider}` : ""}${took ? ` after ${took}` : ""}`,
          warning,
        };
      }
      return {
        kind: "ai",
        text: `AI query answered${provider ? ` by ${provider}` : ""}${model && providerId !== "offline" ? ` (${model})` : ""}${took ? ` in ${took}` : ""}`,
        warning,
      };
    }
    case "document": {
      if (row.message === "Document generated") {
        const name = templateName(m.templateId);
        return { kind: "document", text: name ? `Generated a document: ${name}` : "Generated a document", warning };
      }
      if (row.message === "Attorney review requested") {
        return { kind: "referral", text: "Asked for an attorney review of a document", warning };
      }
      if (row.message === "Document deleted") return { kind: "document", text: "Deleted a document", warning };
      return { kind: "document", text: row.message, warning };
    }
    case "case":
      if (row.message === "Attorney referral requested") {
        return { kind: "referral", text: "Asked for an attorney referral", warning };
      }
      return { kind: "case", text: row.message === "Case created" ? "Opened a new case" : row.message, warning };
    case "payment":
      return { kind: "payment", ...describePayment(row.message, planName(m.planId), warning) };
    default:
      return { kind: "case", text: row.message, warning };
  }
}

const STRIPE_EVENTS: Record<string, { text: string; warning?: boolean }> = {
  "checkout.session.completed": { text: "Completed a checkout" },
  "invoice.paid": { text: "Payment received" },
  "invoice.payment_succeeded": { text: "Payment received" },
  "invoice.payment_failed": { text: "Payment failed", warning: true },
  "customer.subscription.created": { text: "Subscription started" },
  "customer.subscription.updated": { text: "Subscription updated" },
  "customer.subscription.deleted": { text: "Subscription ended" },
  "customer.subscription.trial_will_end": { text: "Free trial ends soon" },
};

const STRIPE_IGNORED = "Stripe event ignored: ";

function describePayment(message: string, plan: string | null, warning: boolean): { text: string; warning: boolean } {
  const forPlan = plan ? ` for ${plan}` : "";
  switch (message) {
    case "Checkout started":
      return { text: `Started a checkout${forPlan}`, warning };
    case "Demo payment succeeded":
      return { text: `Paid${forPlan} (test checkout)`, warning };
    case "Demo subscription started with a free trial":
      return { text: `Started a free trial${plan ? ` of ${plan}` : ""} (test checkout)`, warning };
    case "Demo payment declined":
      return { text: `Payment declined${forPlan} (test checkout)`, warning: true };
    default: {
      if (message.startsWith(STRIPE_IGNORED)) {
        return { text: `Ignored a payment event from Stripe: ${message.slice(STRIPE_IGNORED.length)}`, warning };
      }
      if (message.startsWith("Stripe ")) {
        const event = STRIPE_EVENTS[message.slice("Stripe ".length)];
        if (event) return { text: `${event.text}${forPlan}`, warning: warning || Boolean(event.warning) };
        return { text: `Payment event: ${message.slice("Stripe ".length)}`, warning };
      }
      return { text: `${message}${forPlan}`, warning };
    }
  }
}

/** What a table's row is called in a sentence. */
const TABLE_NOUNS: Record<string, string> = {
  user: "a member account",
  user_profiles: "a member profile",
  cases: "a case",
  case_messages: "a case message",
  documents: "a document",
  attorneys: "an attorney",
  attorney_referrals: "a referral",
  referrals: "a referral",
  ai_models: "an AI model",
  system_settings: "the settings",
  login_attempts: "a sign-in lock",
  testimonials: "a testimonial",
  subscriptions: "a subscription",
};

const VERBS: Record<string, string> = {
  create: "Created",
  insert: "Created",
  add: "Added",
  update: "Updated",
  edit: "Updated",
  delete: "Deleted",
  remove: "Removed",
  unlock: "Unlocked",
  assign: "Assigned",
  grant: "Granted",
  revoke: "Revoked",
  deactivate: "Deactivated",
  activate: "Activated",
  move: "Moved",
};

/** Sentences for the audit actions LawGuide writes; any other action gets a generic one. */
const AUDIT_TEXTS: Record<string, (row: AuditLogFacts) => string> = {
  "account.delete": () => "Deleted a member account",
  "user.create": () => "Created a member account",
  "user.update": () => "Updated a member account",
  "user.delete": () => "Deleted a member account",
  "user.unlock": () => "Lifted a sign-in lock",
  "settings.update": (row) => {
    const section = row.recordId ? SETTINGS_SECTION_WORDS[row.recordId] : undefined;
    return section ? `Updated the ${section} settings` : "Updated the settings";
  },
  "case.toggle_status": (row) => caseStatusText(row) ?? "Changed a case's status",
  "case.update": (row) => {
    const attorney = str(row.newValues?.assignedAttorney);
    if (attorney) return `Assigned ${attorney} to a case`;
    return caseStatusText(row) ?? "Updated a case";
  },
  "referral.assign": (row) => {
    const attorney = str(row.newValues?.assignedAttorney);
    return attorney ? `Assigned ${attorney} to a referral` : "Assigned an attorney to a referral";
  },
  "subscription.grant": (row) => {
    const plan = planName(row.newValues?.plan);
    const days = row.newValues?.days;
    const length = typeof days === "number" ? ` for ${days} ${days === 1 ? "day" : "days"}` : "";
    return plan ? `Granted the ${plan} plan${length}` : "Granted a subscription";
  },
  "subscription.revoke": (row) => {
    const plan = planName(row.oldValues?.plan);
    return plan ? `Took back the granted ${plan} plan` : "Revoked a subscription";
  },
};

function caseStatusText(row: AuditLogFacts): string | null {
  const status = str(row.newValues?.status);
  return status ? `Set a case's status to ${status.replace(/_/g, " ")}` : null;
}

/** What an audit row's values name the changed record by, never anything secret: an e-mail or a name. */
export function auditSubject(row: AuditLogFacts): string | null {
  const values = { ...(row.oldValues ?? {}), ...(row.newValues ?? {}) };
  if (row.tableName === "system_settings") return null;
  return str(values.email) ?? str(values.name) ?? str(values.author) ?? null;
}

/**
 * An audit row as a sentence: 'Updated the AI settings', 'Deleted a member account (x@y)',
 * 'Set a case's status to archived'.
 */
export function describeAuditLog(row: AuditLogFacts): LogSentence {
  const known = AUDIT_TEXTS[row.action];
  let text: string;
  if (known) text = known(row);
  else {
    const verb = VERBS[row.action.split(".").pop() ?? ""];
    const table = row.tableName ?? "";
    const noun = TABLE_NOUNS[table] ?? (table ? `a ${table.replace(/_/g, " ")} record` : "a record");
    text = verb ? `${verb} ${noun}` : capitalize(row.action.replace(/[._]/g, " "));
  }
  const detail = auditSubject(row);
  return { kind: "admin", text: detail ? `${text} (${detail})` : text, warning: false };
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
