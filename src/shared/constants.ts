/**
 * Business constants from the product specification (section 9). Every number the user can
 * see or that a rule depends on lives here, so the server and the browser agree.
 */

export const AUTH_INIT_TIMEOUT_MS = 10_000;

/** The shortest password any setting allows (and the setting's default). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const LOCKOUT_MINUTES = 15;

export const TIMINGS_MS = {
  testimonialRotation: 8_000,
  autoDocumentOffer: 2_000,
  autoSend: 1_000,
  offlineAiDelay: 1_000,
  uploadSimulation: 1_500,
  documentGeneration: 2_000,
  assistantReply: 1_000,
  assistantDocumentCreation: 3_000,
  paymentSuccessSpinner: 2_000,
} as const;

export const UI_LIMITS = {
  textareaMinHeight: 40,
  textareaMaxHeight: 120,
  stateButtons: 8,
  documentPreviewChars: 500,
  questionPreviewChars: 50,
  comparisonCardChars: 200,
  sessionIdChars: 20,
  skeletonRows: 5,
  settingsSkeletonRows: 4,
} as const;

export const AI_DEFAULTS = {
  fullMaxTokens: 2000,
  temperature: 0.7,
  costPerToken: 0.001,
} as const;

export const DEFAULT_PREFERENCES = {
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  compareAnswers: "every",
} as const;

export const CASE_STATUSES = ["active", "referred", "archived"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_COMPLEXITIES = ["simple", "moderate", "complex"] as const;
export type CaseComplexity = (typeof CASE_COMPLEXITIES)[number];

export const NEW_CASE = {
  title: "New Legal Consultation",
  description: "I need legal assistance with my situation.",
} as const;

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_CATEGORIES = ["auth", "payment", "ai", "document", "case", "user_action"] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];
