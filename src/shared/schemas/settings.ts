import { z } from "zod";
import { FREE_MESSAGE_LIMIT_DEFAULT } from "../constants";
import { text } from "./text";

/**
 * System settings (spec section 3 'System settings', defaults from section 9, bounds from section 5).
 * One row per section in `system_settings`; a value missing from the row takes its default, so
 * adding a setting never needs a data migration.
 */

const int = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);

export const generalSettingsSchema = z.object({
  siteName: text({ min: 1, max: 80, required: "Please enter the site name." }).default("LawGuide"),
  siteDescription: text({ max: 200 }).default("Legal help at your fingertips"),
  supportEmail: z.email().default("support@lawguide.example"),
  maxFileUploadSize: int(1, 100, 10),
  allowRegistration: z.boolean().default(true),
  maintenanceMode: z.boolean().default(false),
});

/**
 * `defaultProvider`, `enableComparison` and `previewTokenLimit` are also the AI Models section's
 * model settings (default model, comparison switch, preview token limit): one stored copy, edited
 * from either place (see admin-ai-models.ts).
 */
export const aiSettingsSchema = z.object({
  defaultProvider: z.enum(["anthropic", "openai"]).default("anthropic"),
  enableComparison: z.boolean().default(true),
  freeUserMessageLimit: int(1, 100, FREE_MESSAGE_LIMIT_DEFAULT),
  previewTokenLimit: int(50, 500, 200),
  responseTimeout: int(10, 120, 30),
  /** Tokens the providers may spend on one Free member a day (spec section 9). */
  freeDailyTokenCap: int(1_000, 10_000_000, 10_000),
  /** Tokens the providers may spend on one Basic member a day. */
  basicDailyTokenCap: int(1_000, 10_000_000, 30_000),
  /** Tokens the providers may spend on one Premium member a day (spec section 9). */
  premiumDailyTokenCap: int(1_000, 10_000_000, 100_000),
  /** AI calls one member may start in a minute (a question, a regeneration, a comparison's two sides). */
  aiCallsPerMinute: int(1, 600, 20),
});

export const subscriptionSettingsSchema = z.object({
  trialPeriodDays: int(1, 30, 7),
  enableTrials: z.boolean().default(true),
  gracePeriodDays: int(0, 15, 3),
  autoInvoicing: z.boolean().default(true),
});

export const securitySettingsSchema = z.object({
  sessionTimeout: int(1, 168, 24),
  passwordMinLength: int(6, 20, 6),
  requireEmailVerification: z.boolean().default(false),
  enableTwoFactor: z.boolean().default(false),
  maxLoginAttempts: int(3, 10, 5),
});

export const notificationSettingsSchema = z.object({
  enableEmailNotifications: z.boolean().default(true),
  welcomeEmailEnabled: z.boolean().default(true),
  caseUpdateEmailEnabled: z.boolean().default(true),
  paymentEmailEnabled: z.boolean().default(true),
  adminNotificationEmail: z.email().default("admin@lawguide.example"),
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
  mode: z.enum(["embedded", "configured"]),
  demoAccounts: z.array(z.object({ email: z.string(), password: z.string(), label: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
