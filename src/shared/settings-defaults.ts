import { PASSWORD_MIN_LENGTH } from "./constants";

/**
 * Every system setting's default (spec section 9), as plain values: the settings schema
 * (`schemas/settings.ts`) takes its defaults from here, and the browser its fallbacks until the
 * settings have arrived, without loading the schema (and zod) into every page.
 */
export const SETTINGS_DEFAULTS = {
  general: {
    siteName: "LawGuide",
    siteDescription: "Legal help at your fingertips",
    supportEmail: "support@lawguide.example",
    /** Premium members' support line; empty until the operator sets one. */
    supportPhone: "",
    /** MB. */
    maxFileUploadSize: 10,
    allowRegistration: true,
    maintenanceMode: false,
  },
  ai: {
    defaultProvider: "anthropic",
    enableComparison: true,
    /** The Free plan's messages per case. */
    freeUserMessageLimit: 10,
    previewTokenLimit: 200,
    /** Seconds. */
    responseTimeout: 30,
    freeDailyTokenCap: 10_000,
    basicDailyTokenCap: 30_000,
    premiumDailyTokenCap: 100_000,
    aiCallsPerMinute: 20,
  },
  subscription: {
    trialPeriodDays: 7,
    enableTrials: true,
    gracePeriodDays: 3,
    autoInvoicing: true,
  },
  security: {
    /** Hours. */
    sessionTimeout: 24,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    requireEmailVerification: false,
    enableTwoFactor: false,
    maxLoginAttempts: 5,
  },
  notifications: {
    enableEmailNotifications: true,
    welcomeEmailEnabled: true,
    caseUpdateEmailEnabled: true,
    paymentEmailEnabled: true,
    adminNotificationEmail: "admin@lawguide.example",
  },
} as const;
