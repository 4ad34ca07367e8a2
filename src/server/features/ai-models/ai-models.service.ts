import { AI_DEFAULTS } from "@shared/constants";
import type { Db } from "../../db/client";
import { keptFor } from "../../lib/kept";
import { countModels, insertModels, listModels, type NewAiModel } from "./ai-models.queries";

export type Tier = "free" | "premium";
export type ModelProvider = "openai" | "anthropic";

export interface ModelChoice {
  model: string;
  maxTokens: number;
  temperature: number;
}

/**
 * The spec's seeded models (claude-3-sonnet, gpt-4-turbo, gpt-3.5-turbo) are retired at the
 * providers; these are their current counterparts from the installed SDKs' model lists.
 */
const SEEDED: Array<Pick<NewAiModel, "name" | "provider" | "model" | "userTiers" | "description" | "priority">> = [
  {
    name: "Claude Sonnet",
    provider: "anthropic",
    model: "claude-sonnet-5-5",
    userTiers: ["free", "premium"],
    description: "Anthropic's balanced model: careful, clear answers for every member.",
    priority: 1,
  },
  {
    name: "GPT-5.2",
    provider: "openai",
    model: "gpt-5.2",
    userTiers: ["premium"],
    description: "OpenAI's most capable general model, for Premium members.",
    priority: 1,
  },
  {
    name: "GPT-5 mini",
    provider: "openai",
    model: "gpt-5-mini",
    userTiers: ["free"],
    description: "OpenAI's fast, economical model, for Free members.",
    priority: 2,
  },
];

export const DEFAULT_MODELS: NewAiModel[] = SEEDED.map((m) => ({
  ...m,
  maxTokens: AI_DEFAULTS.fullMaxTokens,
  temperature: AI_DEFAULTS.temperature,
  costPerToken: AI_DEFAULTS.costPerToken,
  isActive: true,
}));

/** The model configurations administrators keep, and which one answers whom. */
export function createAiModelsService(
  db: Db,
  overrides: { openai?: string | undefined; anthropic?: string | undefined },
  options: { cacheMs?: number } = {},
) {
  // Read before every answer: kept like the settings (see createServices). A real promise: a
  // query builder would run again on every await.
  const modelRows = keptFor(options.cacheMs ?? 1000, () => listModels(db).then((r) => r));
  return {
    list: () => listModels(db),
    async seedDefaults(): Promise<void> {
      if ((await countModels(db)) === 0) await insertModels(db, DEFAULT_MODELS);
      modelRows.forget();
    },
    /** The active model of this provider for this plan (lowest priority number first); OPENAI_MODEL / ANTHROPIC_MODEL win. */
    async choose(provider: ModelProvider, tier: Tier): Promise<ModelChoice> {
      const rows = await modelRows.get();
      const row =
        rows.find((r) => r.isActive && r.provider === provider && r.userTiers.includes(tier)) ??
        rows.find((r) => r.isActive && r.provider === provider);
      const fallback = DEFAULT_MODELS.find((m) => m.provider === provider && m.userTiers?.includes(tier));
      return {
        model: overrides[provider] ?? row?.model ?? fallback?.model ?? provider,
        maxTokens: row?.maxTokens ?? AI_DEFAULTS.fullMaxTokens,
        temperature: row?.temperature ?? AI_DEFAULTS.temperature,
      };
    },
  };
}

export type AiModelsService = ReturnType<typeof createAiModelsService>;
