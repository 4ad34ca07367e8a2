import { answerSourceName } from "@shared/ai-providers";
import { PLANS, type PlanId } from "@shared/plans";
import type { ActivityEntry, ActivityKind } from "@shared/schemas/admin";
import { getTemplate } from "@shared/templates/template-list";
import type { ActivityRow, AppActivityRow, AuditActivityRow, AuthorFields } from "./admin.queries";

/**
 * The overview's Recent Activity: each log row as one plain sentence, who did it and when. Only
 * chosen fields of a row are read (never a whole metadata object), so nothing secret leaves.
 */
export function toActivityEntry(row: ActivityRow): ActivityEntry {
  const { kind, text, warning } = row.source === "app" ? describeApp(row) : describeAudit(row);
  return {
    id: `${row.source}-${row.id}`,
    kind,
    text,
    who: whoOf(row),
    warning,
    at: row.createdAt.toISOString(),
  };
}

interface Described {
  kind: ActivityKind;
  text: string;
  warning: boolean;
}

/** 'OpenAI', 'Anthropic', or 'the offline assistant' in the middle of a sentence. */
const providerInText = (id: string) => (id === "offline" ? "the offline assistant" : answerSourceName(id));

function whoOf(row: AuthorFields): ActivityEntry["who"] {
  if (!row.userId || !row.userEmail) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || row.userName || row.userEmail;
  return { name, email: row.userEmail };
}

const str = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);

/** A duration as people say it: '1.2 s', or 'under 0.1 s'. */
function seconds(ms: unknown): string | null {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return null;
  return ms < 50 ? "under 0.1 s" : `${(ms / 1000).toFixed(1)} s`;
}

function planName(planId: unknown): string | null {
  return typeof planId === "string" && planId in PLANS ? PLANS[planId as PlanId].name : null;
}

function describeApp(row: AppActivityRow): Described {
  const m = row.metadata ?? {};
  const warning = row.level === "warn" || row.level === "error";
  switch (row.category) {
    case "auth":
      return { kind: "registration", text: "New member registered", warning };
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
        const name = getTemplate(str(m.templateId) ?? "")?.name;
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
};

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
};

/** Sentences for the audit actions LawGuide writes; any other action gets a generic one. */
const AUDIT_TEXTS: Record<string, (row: AuditActivityRow) => string> = {
  "account.delete": () => "Deleted a member account",
  "user.create": () => "Created a member account",
  "user.update": () => "Updated a member account",
  "user.delete": () => "Deleted a member account",
  "user.unlock": () => "Lifted a sign-in lock",
  "settings.update": () => "Updated the settings",
  "case.toggle_status": (row) => caseStatusText(row) ?? "Changed a case's status",
  "case.update": (row) => {
    const attorney = str(row.newValues?.assignedAttorney);
    if (attorney) return `Assigned ${attorney} to a case`;
    return caseStatusText(row) ?? "Updated a case";
  },
  "referral.assign": () => "Assigned an attorney to a referral",
  "subscription.grant": () => "Granted a subscription",
  "subscription.revoke": () => "Revoked a subscription",
};

function caseStatusText(row: AuditActivityRow): string | null {
  const status = str(row.newValues?.status);
  return status ? `Set a case's status to ${status}` : null;
}

/** A value that names what was changed, never anything secret: an e-mail, a name, a settings section. */
function detailOf(row: AuditActivityRow): string | null {
  const values = { ...(row.oldValues ?? {}), ...(row.newValues ?? {}) };
  if (row.tableName === "system_settings") return row.recordId;
  return str(values.email) ?? str(values.name) ?? null;
}

/** An audit row as a sentence: "Updated the settings (general)", "Deleted a member account (x@y)". */
function describeAudit(row: AuditActivityRow): Described {
  const known = AUDIT_TEXTS[row.action];
  let text: string;
  if (known) text = known(row);
  else {
    const verb = VERBS[row.action.split(".").pop() ?? ""];
    const table = row.tableName ?? "";
    const noun = TABLE_NOUNS[table] ?? (table ? `a ${table.replace(/_/g, " ")} record` : "a record");
    text = verb ? `${verb} ${noun}` : capitalize(row.action.replace(/[._]/g, " "));
  }
  const detail = detailOf(row);
  return { kind: "admin", text: detail ? `${text} (${detail})` : text, warning: false };
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
