import { answerSourceName } from "./ai-providers";
import { LOCKOUT_MINUTES } from "./constants";
import { type SettingsSection, type SystemSettings, settingsSectionSchemas } from "./schemas/settings";

/**
 * What each system setting is called, what it does, and whether it is in force: the one list the
 * admin form, the server's refusals and the documentation read. A setting that nothing reads yet
 * says so (`notYet`), and the form marks it 'Not in effect yet' instead of pretending.
 *
 * When a setting starts to take effect, move its reason from `notYet` into `help` and add the test
 * that shows it in force.
 */
export interface SettingField {
  label: string;
  /** What the setting does, in a sentence (under the field). */
  help: string;
  /** The unit of a number ('MB', 'hours', ...), named in the label and in the bounds message. */
  unit?: string;
  /** Why it changes nothing yet. Absent: the setting is in force. */
  notYet?: string;
  /** Edited in another admin section; the Settings form leaves it out. */
  editedIn?: string;
}

type Fields = { [S in SettingsSection]: { [K in keyof SystemSettings[S] & string]?: SettingField } };

export const SETTING_FIELDS = {
  general: {
    siteName: {
      label: "Site name",
      help: "Shown in page titles, the footer, Help, the maintenance page and the mails members receive.",
    },
    siteDescription: {
      label: "Site description",
      help: "The line that goes with the name: in the home page's title and the footer.",
    },
    supportEmail: {
      label: "Support e-mail",
      help: "Where members write for help: shown on Help, in the footer, on the maintenance page and in mails.",
    },
    supportPhone: {
      label: "Support phone",
      help: "Premium members' support line, shown to them on Help (others are told phone support is Premium). Empty: Premium members are asked to write instead.",
    },
    maxFileUploadSize: {
      label: "Max file upload size",
      unit: "MB",
      help: "The largest file a member may upload. A larger one is refused with a message that names this limit, such as 'File size must be less than 10MB.'",
    },
    allowRegistration: {
      label: "Allow registration",
      help: "Visitors can create an account. When off, sign-up is refused with 'Registration is currently closed'.",
    },
    maintenanceMode: {
      label: "Maintenance mode",
      help: "Visitors and members see a maintenance page and the API answers 503. Administrators keep working and can still sign in.",
    },
  },
  ai: {
    defaultProvider: {
      label: "Default AI provider",
      help: "Premium members are answered by this provider first and Free members by the other; each falls back to the other. Also set by the default model in AI Models.",
    },
    enableComparison: {
      label: "Enable AI comparison",
      help: "Side-by-side answers from both providers (short previews for Free members). Off turns it off for everyone.",
    },
    freeUserMessageLimit: {
      label: "Free user message limit",
      unit: "messages",
      help: "Messages a Free member can send in each case.",
    },
    previewTokenLimit: {
      label: "Preview token limit",
      unit: "tokens",
      help: "The length of the comparison previews Free members see.",
    },
    responseTimeout: {
      label: "Response timeout",
      unit: "seconds",
      help: "How long a provider may take to answer before the other one is asked.",
    },
    freeDailyTokenCap: {
      label: "Free daily token cap",
      unit: "tokens",
      help: "Tokens the AI providers may spend on one Free member a day.",
    },
    basicDailyTokenCap: {
      label: "Basic daily token cap",
      unit: "tokens",
      help: "Tokens the AI providers may spend on one Basic member a day.",
    },
    premiumDailyTokenCap: {
      label: "Premium daily token cap",
      unit: "tokens",
      help: "Tokens the AI providers may spend on one Premium member a day.",
    },
    aiCallsPerMinute: {
      label: "AI calls per minute",
      unit: "calls",
      help: "AI calls one member may start in a minute (a comparison counts both sides).",
    },
  },
  subscription: {
    trialPeriodDays: {
      label: "Trial period",
      unit: "days",
      help: "The free trial of a member's first Premium subscription.",
    },
    enableTrials: {
      label: "Enable trials",
      help: "A first Premium subscription starts with the free trial. Off: it is charged at once.",
    },
    gracePeriodDays: {
      label: "Grace period",
      unit: "days",
      help: "After a failed payment, how long the plan stays in force before the account moves to Free.",
    },
    autoInvoicing: {
      label: "Automatic invoicing",
      help: "Invoice subscriptions automatically.",
      notYet: "Stripe invoices every subscription by itself; this switch does not change that yet.",
    },
  },
  security: {
    sessionTimeout: {
      label: "Session timeout",
      unit: "hours",
      help: "A signed-in person is signed out after this long without using LawGuide. A shorter timeout applies to open sessions at once.",
    },
    passwordMinLength: {
      label: "Minimum password length",
      unit: "characters",
      help: "For new accounts, password changes and resets.",
    },
    requireEmailVerification: {
      label: "Require e-mail verification",
      help: "New members follow a link mailed to them before they can sign in; members who joined earlier are sent one at their next sign-in. A sign-up for an address that already has an account is answered like any other (its owner is told). Administrators are never held.",
    },
    enableTwoFactor: {
      label: "Two-factor sign-in",
      help: "Members may protect their sign-in with a code from an authenticator app (Profile, Security); administrators must set it up before the admin dashboard opens. Wrong codes count toward the sign-in lockout. Members who set it up keep being asked for a code if this is turned off.",
    },
    maxLoginAttempts: {
      label: "Max login attempts",
      unit: "attempts",
      help: `Wrong passwords from one address before its sign-in to the account is paused for ${LOCKOUT_MINUTES} minutes.`,
    },
  },
  notifications: {
    enableEmailNotifications: {
      label: "E-mail notifications",
      help: "The switch for every notification mail. Account mails, such as password resets, are always sent.",
    },
    welcomeEmailEnabled: {
      label: "Welcome e-mail",
      help: "A welcome mail to each new member (when notifications are on).",
    },
    caseUpdateEmailEnabled: {
      label: "Case update e-mails",
      help: "Mail a member when their referral request is received, an attorney is assigned, or an administrator changes their case's status (when the member's preferences allow).",
    },
    paymentEmailEnabled: {
      label: "Payment e-mails",
      help: "Receipts, failed payments and trials about to end (when the member's preferences allow).",
    },
    adminNotificationEmail: {
      label: "Admin notification e-mail",
      help: "Where notices for administrators go: one for each new referral or document review request (when notifications are on).",
    },
  },
} satisfies Fields;

/** The field's description, or a plain one for a setting this list does not know yet. */
export function settingField(section: SettingsSection, key: string): SettingField {
  return (SETTING_FIELDS[section] as Record<string, SettingField | undefined>)[key] ?? { label: key, help: "" };
}

/** Whether a setting takes effect (it is known and not marked 'Not in effect yet'). */
export function settingInForce(section: SettingsSection, key: string): boolean {
  const field = (SETTING_FIELDS[section] as Record<string, SettingField | undefined>)[key];
  return Boolean(field) && !field?.notYet;
}

interface SchemaLike {
  def: { type: string };
  unwrap?: () => SchemaLike;
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } };
  minValue?: number | null;
  maxValue?: number | null;
  options?: readonly string[];
}

/** The schema of one setting, without its default (a missing value is an error, not the default). */
function settingSchema(section: SettingsSection, key: string): SchemaLike | null {
  const shape = settingsSectionSchemas[section].shape as unknown as Record<string, SchemaLike>;
  if (!Object.hasOwn(shape, key)) return null;
  let schema = shape[key] as SchemaLike;
  while ((schema.def.type === "default" || schema.def.type === "prefault") && schema.unwrap) schema = schema.unwrap();
  return schema;
}

/** A number setting's bounds, from its schema (spec section 5). */
export function settingBounds(section: SettingsSection, key: string): { min: number; max: number } | null {
  const schema = settingSchema(section, key);
  if (schema?.def.type !== "number") return null;
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** The choices of a setting that is one of a list (the default provider). */
export function settingOptions(section: SettingsSection, key: string): readonly string[] | null {
  const schema = settingSchema(section, key);
  return schema?.def.type === "enum" ? (schema.options ?? null) : null;
}

/** An option in words: the only options (`ai.defaultProvider`) are the providers. */
export const settingOptionLabel = answerSourceName;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Why a value is refused for a setting, in a sentence naming the setting; null when it is
 * accepted. The form shows it under the field and the server answers it in its 400.
 */
export function settingError(section: SettingsSection, key: string, value: unknown): string | null {
  const schema = settingSchema(section, key);
  const field = settingField(section, key);
  if (!schema) return `There is no ${section} setting called '${key}'.`;
  if (schema.safeParse(value).success) return null;
  switch (schema.def.type) {
    case "number": {
      const bounds = settingBounds(section, key);
      const range = bounds
        ? ` from ${bounds.min.toLocaleString("en-US")} to ${bounds.max.toLocaleString("en-US")}`
        : "";
      return `${field.label} must be a whole number${range}${field.unit ? ` ${field.unit}` : ""}.`;
    }
    case "boolean":
      return `${field.label} must be on or off.`;
    case "enum":
      return `${field.label} must be one of: ${(schema.options ?? []).map(settingOptionLabel).join(", ")}.`;
    case "string": {
      if (typeof value !== "string") return `${field.label} must be text.`;
      if ((schema.def as { format?: string }).format === "email") {
        return `${field.label} must be an e-mail address, like name@example.com.`;
      }
      if (value.trim() === "") return `${field.label} is required.`;
      return `${field.label}: ${lowerFirst(schema.safeParse(value).error?.issues[0]?.message ?? "This value is not valid.")}`;
    }
    default:
      return `${field.label}: ${lowerFirst(schema.safeParse(value).error?.issues[0]?.message ?? "This value is not valid.")}`;
  }
}

/** Every refused value of a change to one section, by setting; empty when all are accepted. */
export function settingsPatchErrors(section: SettingsSection, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const error = settingError(section, key, value);
    if (error) errors[key] = error;
  }
  return errors;
}
