import { z } from "zod";
import { ANSWER_SOURCE_NAMES } from "../ai-providers";
import { AI_DEFAULTS } from "../constants";
import { text, uuidSchema } from "./text";

/**
 * The AI model configurations administrators keep (spec section 3 'AI model config' and 'Model
 * settings'): request schemas of /api/admin/ai-models and their answers.
 *
 * Which models serve a plan is said once, by the models themselves: an active model whose tiers
 * include Free serves Free members, the lowest priority number of each provider first (the Free
 * and Premium model lists are derived from that, never stored). The default provider, the
 * comparison switch and the preview token limit are the system settings `ai.defaultProvider`,
 * `ai.enableComparison` and `ai.previewTokenLimit`; the default model is the Premium model of the
 * default provider, so choosing it sets `ai.defaultProvider`.
 */

export const AI_PROVIDERS = ["openai", "anthropic"] as const;
export type AiProviderId = (typeof AI_PROVIDERS)[number];
export const AI_PROVIDER_LABELS: Record<AiProviderId, string> = {
  openai: ANSWER_SOURCE_NAMES.openai,
  anthropic: ANSWER_SOURCE_NAMES.anthropic,
};

export const MODEL_TIERS = ["free", "premium"] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];
export const MODEL_TIER_LABELS: Record<ModelTier, string> = { free: "Free", premium: "Premium" };

export const AI_MODEL_LIMITS = {
  name: 80,
  model: 100,
  description: 500,
  maxTokens: { min: 1, max: 32_000 },
  temperature: { min: 0, max: 2, step: 0.1 },
  costPerToken: { min: 0, max: 1 },
  priority: { min: -1000, max: 1000 },
  previewTokenLimit: { min: 50, max: 500 },
  /** Configurations kept at most: the answer chain reads them all (a short list, never paged). */
  count: 100,
} as const;

/** Defaults of a new configuration (spec section 9 'Admin model defaults'). */
export const AI_MODEL_DEFAULTS = {
  isActive: true,
  userTiers: ["free", "premium"] as ModelTier[],
  maxTokens: AI_DEFAULTS.fullMaxTokens,
  temperature: AI_DEFAULTS.temperature,
  description: "",
  costPerToken: AI_DEFAULTS.costPerToken,
  priority: 0,
};

export const AI_MODEL_TEXT = {
  name: "Please enter a name for the model.",
  model: "Please enter the provider's model id, for example gpt-5-mini.",
  modelChars: "A model id uses letters, digits and . _ : / - only.",
  provider: "The provider must be openai or anthropic.",
  tiers: "Choose at least one plan: Free, Premium or both.",
  maxTokens: `Max tokens is a whole number from ${AI_MODEL_LIMITS.maxTokens.min} to ${AI_MODEL_LIMITS.maxTokens.max.toLocaleString("en-US")}.`,
  temperature: "Temperature is a number from 0 to 2.",
  temperatureStep: "Temperature goes in steps of 0.1, for example 0.7.",
  costPerToken: "Cost per token is an amount from 0 to 1.",
  priority: `Priority is a whole number from ${AI_MODEL_LIMITS.priority.min} to ${AI_MODEL_LIMITS.priority.max}.`,
  previewTokenLimit: `The preview token limit is a whole number from ${AI_MODEL_LIMITS.previewTokenLimit.min} to ${AI_MODEL_LIMITS.previewTokenLimit.max}.`,
  nothingToChange: "Please change at least one field.",
  notFound: "AI model not found",
  tooMany: `LawGuide keeps at most ${AI_MODEL_LIMITS.count} model configurations. Delete one you no longer use first.`,
  /** Refusal when a change would leave a plan without an active model. */
  lastOfTier: (tier: ModelTier) =>
    `${MODEL_TIER_LABELS[tier]} members need at least one active model. Add or activate another ${MODEL_TIER_LABELS[tier]} model first.`,
  defaultModel: "Choose one of the models that answer Premium members.",
} as const;

const MODEL_ID = /^[A-Za-z0-9._:/-]+$/;

const number = (message: string) => z.number({ error: message }).refine(Number.isFinite, { message, abort: true });

export const aiModelFieldSchemas = {
  name: text({ min: 1, max: AI_MODEL_LIMITS.name, required: AI_MODEL_TEXT.name }),
  provider: z.enum(AI_PROVIDERS, { error: AI_MODEL_TEXT.provider }),
  model: text({ min: 1, max: AI_MODEL_LIMITS.model, required: AI_MODEL_TEXT.model }).refine((v) => MODEL_ID.test(v), {
    message: AI_MODEL_TEXT.modelChars,
  }),
  isActive: z.boolean({ error: "Active is on or off." }),
  /** Free, Premium or both, at least one; kept in the order free, premium without repeats. */
  userTiers: z
    .array(z.enum(MODEL_TIERS, { error: AI_MODEL_TEXT.tiers }), { error: AI_MODEL_TEXT.tiers })
    .max(MODEL_TIERS.length * 4, AI_MODEL_TEXT.tiers)
    .transform((tiers) => MODEL_TIERS.filter((t) => tiers.includes(t)))
    .refine((tiers) => tiers.length > 0, { message: AI_MODEL_TEXT.tiers }),
  maxTokens: z
    .number({ error: AI_MODEL_TEXT.maxTokens })
    .int(AI_MODEL_TEXT.maxTokens)
    .min(AI_MODEL_LIMITS.maxTokens.min, AI_MODEL_TEXT.maxTokens)
    .max(AI_MODEL_LIMITS.maxTokens.max, AI_MODEL_TEXT.maxTokens),
  /** 0 to 2 in steps of 0.1 (spec section 5); stored rounded to one decimal. */
  temperature: number(AI_MODEL_TEXT.temperature)
    .refine((v) => v >= AI_MODEL_LIMITS.temperature.min && v <= AI_MODEL_LIMITS.temperature.max, {
      message: AI_MODEL_TEXT.temperature,
      abort: true,
    })
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: AI_MODEL_TEXT.temperatureStep })
    .transform((v) => Math.round(v * 10) / 10),
  description: text({
    max: AI_MODEL_LIMITS.description,
    multiline: true,
    tooLong: `The description can be up to ${AI_MODEL_LIMITS.description} characters.`,
  }),
  costPerToken: number(AI_MODEL_TEXT.costPerToken).refine(
    (v) => v >= AI_MODEL_LIMITS.costPerToken.min && v <= AI_MODEL_LIMITS.costPerToken.max,
    { message: AI_MODEL_TEXT.costPerToken },
  ),
  priority: z
    .number({ error: AI_MODEL_TEXT.priority })
    .int(AI_MODEL_TEXT.priority)
    .min(AI_MODEL_LIMITS.priority.min, AI_MODEL_TEXT.priority)
    .max(AI_MODEL_LIMITS.priority.max, AI_MODEL_TEXT.priority),
};

const f = aiModelFieldSchemas;

/** POST /api/admin/ai-models: name, provider and model are needed; the rest take the spec's defaults. */
export const createAiModelSchema = z.strictObject({
  name: f.name,
  provider: f.provider,
  model: f.model,
  isActive: f.isActive.default(AI_MODEL_DEFAULTS.isActive),
  userTiers: f.userTiers.default(AI_MODEL_DEFAULTS.userTiers),
  maxTokens: f.maxTokens.default(AI_MODEL_DEFAULTS.maxTokens),
  temperature: f.temperature.default(AI_MODEL_DEFAULTS.temperature),
  description: f.description.default(AI_MODEL_DEFAULTS.description),
  costPerToken: f.costPerToken.default(AI_MODEL_DEFAULTS.costPerToken),
  priority: f.priority.default(AI_MODEL_DEFAULTS.priority),
});
export type CreateAiModel = z.input<typeof createAiModelSchema>;
export type CreateAiModelValues = z.output<typeof createAiModelSchema>;

/** PATCH /api/admin/ai-models/:id: any of the fields, at least one. */
export const updateAiModelSchema = z
  .strictObject({
    name: f.name.optional(),
    provider: f.provider.optional(),
    model: f.model.optional(),
    isActive: f.isActive.optional(),
    userTiers: f.userTiers.optional(),
    maxTokens: f.maxTokens.optional(),
    temperature: f.temperature.optional(),
    description: f.description.optional(),
    costPerToken: f.costPerToken.optional(),
    priority: f.priority.optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { message: AI_MODEL_TEXT.nothingToChange });
export type UpdateAiModel = z.input<typeof updateAiModelSchema>;
export type UpdateAiModelValues = z.output<typeof updateAiModelSchema>;

export const aiModelIdParamSchema = z.object({ id: uuidSchema(AI_MODEL_TEXT.notFound) });

/**
 * PATCH /api/admin/ai-models/settings: the model settings stored as system settings (`ai`
 * section). `defaultModelId` must be one of the models that answer Premium members.
 */
export const aiModelSettingsPatchSchema = z
  .strictObject({
    defaultModelId: uuidSchema(AI_MODEL_TEXT.defaultModel).optional(),
    comparisonEnabled: z.boolean({ error: "Comparison is on or off." }).optional(),
    previewTokenLimit: z
      .number({ error: AI_MODEL_TEXT.previewTokenLimit })
      .int(AI_MODEL_TEXT.previewTokenLimit)
      .min(AI_MODEL_LIMITS.previewTokenLimit.min, AI_MODEL_TEXT.previewTokenLimit)
      .max(AI_MODEL_LIMITS.previewTokenLimit.max, AI_MODEL_TEXT.previewTokenLimit)
      .optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { message: AI_MODEL_TEXT.nothingToChange });
export type AiModelSettingsPatch = z.output<typeof aiModelSettingsPatchSchema>;

/** One model configuration, as administrators read it. */
export interface AiModelConfig {
  id: string;
  name: string;
  provider: AiProviderId;
  model: string;
  isActive: boolean;
  userTiers: ModelTier[];
  maxTokens: number;
  temperature: number;
  description: string;
  costPerToken: number;
  priority: number;
  createdAt: string;
  updatedAt: string;
}

/** Spec section 3 'Model settings', as in force now. */
export interface AiModelSettings {
  /** Active models serving Free members, in the order they are tried within each provider (ids). */
  freeUserModels: string[];
  /** The same for Premium members. */
  premiumUserModels: string[];
  /** The model that answers a Premium member first (of the default provider), or null if none. */
  defaultModel: string | null;
  /** What a member of each plan is answered by first, then second (ids; a provider without a model is skipped). */
  answerOrder: Record<ModelTier, string[]>;
  /** The provider whose model answers Premium members first; Free members start with the other one. */
  defaultProvider: AiProviderId;
  comparisonEnabled: boolean;
  previewTokenLimit: number;
}

/** Whether a provider can answer at all on this server, and whether its model id is fixed by the server's configuration. */
export interface AiProviderStatus {
  configured: boolean;
  /** OPENAI_MODEL / ANTHROPIC_MODEL: when set, it replaces the model id of every configuration of the provider. */
  modelOverride: string | null;
}

/** GET /api/admin/ai-models */
export interface AiModelsOverview {
  models: AiModelConfig[];
  settings: AiModelSettings;
  providers: Record<AiProviderId, AiProviderStatus>;
}

/** One provider and model members chose in comparisons. */
export interface LeaderboardEntry {
  provider: string;
  model: string;
  count: number;
  /** Share of all choices in the period, 0 to 1. */
  share: number;
}

/** GET /api/admin/ai-models/leaderboard: choices of the last `days` days, most chosen first. */
export interface ComparisonLeaderboard {
  days: number;
  since: string;
  total: number;
  entries: LeaderboardEntry[];
}
