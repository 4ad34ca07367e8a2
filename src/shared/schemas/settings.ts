import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../constants";
import { SETTINGS_DEFAULTS as D } from "../settings-defaults";
import { text } from "./text";

/**
 * System settings (spec section 3 'System settings', bounds from section 5; their defaults, from
 * section 9, are in `settings-defaults.ts`).
 * One row per section in `system_settings`; a value missing from the row takes its default, so
 * adding a setting never needs a data migration.
 */

const int = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);

export const generalSettingsSchema = z.object({
  siteName: text({ min: 1, max: 80, required: "Please enter the site name." }).default(D.general.siteName),
  siteDescription: text({ max: 200 }).default(D.general.siteDescription),
  supportEmail: z.email().default(D.general.supportEmail),
  supportPhone: text({ max: 40 })
    .refine((value) => value === "" || /^\+?[0-9 ().-]{7,40}$/.test(value), {
      message: "Enter a phone number (digits, spaces, + ( ) . -), or leave it empty.",
    })
    .default(D.general.supportPhone),
  maxFileUploadSize: int(1, 100, D.general.maxFileUploadSize),
  allowRegistration: z.boolean().default(D.general.allowRegistration),
  maintenanceMode: z.boolean().default(D.general.maintenanceMode),
});

/**
 * `defaultProvider`, `enableComparison` and `previewTokenLimit` are also the AI Models section's
 * model settings (default model, comparison switch, preview token limit): one stored copy, edited
 * from either place (see admin-ai-models.ts).
 */
export const aiSettingsSchema = z.object({
  defaultProvider: z.enum(["anthropic", "openai"]).default(D.ai.defaultProvider),
  enableComparison: z.boolean().default(D.ai.enableComparison),
  freeUserMessageLimit: int(1, 100, D.ai.freeUserMessageLimit),
  previewTokenLimit: int(50, 500, D.ai.previewTokenLimit),
  responseTimeout: int(10, 120, D.ai.responseTimeout),
  /** Tokens the providers may spend on one Free member a day (spec section 9). */
  freeDailyTokenCap: int(1_000, 10_000_000, D.ai.freeDailyTokenCap),
  /** Tokens the providers may spend on one Basic member a day. */
  basicDailyTokenCap: int(1_000, 10_000_000, D.ai.basicDailyTokenCap),
  /** Tokens the providers may spend on one Premium member a day (spec section 9). */
  premiumDailyTokenCap: int(1_000, 10_000_000, D.ai.premiumDailyTokenCap),
  /** AI calls one member may start in a minute (a question, a regeneration, a comparison's two sides). */
  aiCallsPerMinute: int(1, 600, D.ai.aiCallsPerMinute),
});

export const subscriptionSettingsSchema = z.object({
  trialPeriodDays: int(1, 30, D.subscription.trialPeriodDays),
  enableTrials: z.boolean().default(D.subscription.enableTrials),
  gracePeriodDays: int(0, 15, D.subscription.gracePeriodDays),
  autoInvoicing: z.boolean().default(D.subscription.autoInvoicing),
});

export const securitySettingsSchema = z.object({
  sessionTimeout: int(1, 168, D.security.sessionTimeout),
  passwordMinLength: int(PASSWORD_MIN_LENGTH, 20, D.security.passwordMinLength),
  requireEmailVerification: z.boolean().default(D.security.requireEmailVerification),
  enableTwoFactor: z.boolean().default(D.security.enableTwoFactor),
  maxLoginAttempts: int(3, 10, D.security.maxLoginAttempts),
});

export const notificationSettingsSchema = z.object({
  enableEmailNotifications: z.boolean().default(D.notifications.enableEmailNotifications),
  welcomeEmailEnabled: z.boolean().default(D.notifications.welcomeEmailEnabled),
  caseUpdateEmailEnabled: z.boolean().default(D.notifications.caseUpdateEmailEnabled),
  paymentEmailEnabled: z.boolean().default(D.notifications.paymentEmailEnabled),
  adminNotificationEmail: z.email().default(D.notifications.adminNotificationEmail),
});

export const settingsSectionSchemas = {
  general: generalSettingsSchema,
  ai: aiSettingsSchema,
  subscription: subscriptionSettingsSchema,
  security: securitySettingsSchema,
  notifications: notificationSettingsSchema,
} as const;

export type SettingsSection = keyof typeof settingsSectionSchemas;
export const SETTINGS_SECTIONS = Object.keys(settingsSectionSchemas) as SettingsSection[];

/** PUT /api/admin/settings/:section */
export const settingsSectionParamSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS as [SettingsSection, ...SettingsSection[]], { error: "Unknown settings section." }),
});
/** Its body: some of the section's values, checked against the section's schema by the server. */
export const settingsPatchSchema = z.record(z.string().max(60), z.unknown());
/**
 * PATCH /api/admin/settings: some values of some sections, saved together (each value checked
 * against its bounds by the server, which names every refused field as `section.key`).
 */
export const settingsChangeSchema = z.strictObject(
  {
    general: settingsPatchSchema.optional(),
    ai: settingsPatchSchema.optional(),
    subscription: settingsPatchSchema.optional(),
    security: settingsPatchSchema.optional(),
    notifications: settingsPatchSchema.optional(),
  },
  { error: "Unknown settings section." },
);
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const systemSettingsSchema = z.object({
  general: generalSettingsSchema.prefault({}),
  ai: aiSettingsSchema.prefault({}),
  subscription: subscriptionSettingsSchema.prefault({}),
  security: securitySettingsSchema.prefault({}),
  notifications: notificationSettingsSchema.prefault({}),
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const DEFAULT_SETTINGS: SystemSettings = systemSettingsSchema.parse({});

/** GET and PATCH /api/admin/settings answer every section as it is now in force. */
export interface SettingsAnswer {
  settings: SystemSettings;
}

/** GET /api/support: the support address, and the phone line for a Premium member (null for anyone else). */
export interface SupportContacts {
  email: string;
  phone: string | null;
}

/** What any visitor may know about the configuration: drives forms and limits in the browser. */
export const publicSettingsSchema = z.object({
  siteName: z.string(),
  siteDescription: z.string(),
  supportEmail: z.string(),
  allowRegistration: z.boolean(),
  maintenanceMode: z.boolean(),
  passwordMinLength: z.number(),
  freeUserMessageLimit: z.number(),
  enableComparison: z.boolean(),
  maxFileUploadSize: z.number(),
  trialPeriodDays: z.number(),
  enableTrials: z.boolean(),
  /** A support phone line is set (its number is Premium members' alone: GET /api/support/contact). */
  phoneSupport: z.boolean(),
  mode: z.enum(["embedded", "configured"]),
  /** Members may turn on two-factor sign-in (administrators must). */
  enableTwoFactor: z.boolean(),
  demoAccounts: z.array(z.object({ email: z.string(), password: z.string(), label: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
