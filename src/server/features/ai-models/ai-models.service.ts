import { ERROR_CODES } from "@shared/api-error";
import { AI_DEFAULTS } from "@shared/constants";
import {
  AI_MODEL_LIMITS,
  AI_MODEL_TEXT,
  AI_PROVIDERS,
  type AiModelConfig,
  type AiModelSettings,
  type AiModelSettingsPatch,
  type AiModelsOverview,
  type AiProviderId,
  type AiProviderStatus,
  type ComparisonLeaderboard,
  type CreateAiModelValues,
  MODEL_TIERS,
  type ModelTier,
  type UpdateAiModelValues,
} from "@shared/schemas/admin-ai-models";
import type { SystemSettings } from "@shared/schemas/settings";
import type { Db } from "../../db/client";
import { ApiError, invalidInput, notFound } from "../../lib/errors";
import { keptFor } from "../../lib/kept";
import type { Actor, LogService } from "../logs/logs.service";
import type { SettingsService } from "../settings/settings.service";
import {
  type AiModelRow,
  comparisonLeaderboard,
  insertModelWithAudit,
  listModels,
  type NewAiModel,
  saveModelChange,
  seedModels,
} from "./ai-models.queries";

export type Tier = ModelTier;
export type ModelProvider = AiProviderId;

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

/** How many comparison choices the leaderboard looks back over, and how many rows it shows. */
export const LEADERBOARD_DAYS = 30;
const LEADERBOARD_ROWS = 50;

/**
 * The order providers answer a member of a plan (decision 005): Premium starts with the default
 * provider, Free with the other one; each falls through to the next.
 */
export function providerOrder(tier: Tier, defaultProvider: ModelProvider): ModelProvider[] {
  const other: ModelProvider = defaultProvider === "anthropic" ? "openai" : "anthropic";
  return tier === "premium" ? [defaultProvider, other] : [other, defaultProvider];
}

/**
 * The one rule for which configuration serves whom: an active one whose tiers include the plan;
 * within a provider the lowest priority number first (the rows come ordered so). A provider with
 * none for a plan does not answer that plan.
 */
export function servingModels(rows: readonly AiModelRow[], tier: Tier): AiModelRow[] {
  return rows.filter((r) => r.isActive && r.userTiers.includes(tier));
}

export function modelFor(rows: readonly AiModelRow[], provider: ModelProvider, tier: Tier): AiModelRow | undefined {
  return servingModels(rows, tier).find((r) => r.provider === provider);
}

/** The plan a set of configurations would leave without an active model, if any. */
function tierLeftEmpty(rows: readonly AiModelRow[]): Tier | null {
  return MODEL_TIERS.find((tier) => servingModels(rows, tier).length === 0) ?? null;
}

/** Spec section 3 'Model settings' as in force: derived from the configurations and the `ai` settings. */
export function modelSettingsOf(rows: readonly AiModelRow[], ai: SystemSettings["ai"]): AiModelSettings {
  const answerOrder = (tier: Tier) =>
    providerOrder(tier, ai.defaultProvider).flatMap((p) => {
      const row = modelFor(rows, p, tier);
      return row ? [row.id] : [];
    });
  return {
    freeUserModels: servingModels(rows, "free").map((r) => r.id),
    premiumUserModels: servingModels(rows, "premium").map((r) => r.id),
    defaultModel: answerOrder("premium")[0] ?? null,
    answerOrder: { free: answerOrder("free"), premium: answerOrder("premium") },
    defaultProvider: ai.defaultProvider,
    comparisonEnabled: ai.enableComparison,
    previewTokenLimit: ai.previewTokenLimit,
  };
}

function toConfig(row: AiModelRow): AiModelConfig {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider as AiProviderId,
    model: row.model,
    isActive: row.isActive,
    userTiers: MODEL_TIERS.filter((t) => row.userTiers.includes(t)),
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    description: row.description,
    costPerToken: row.costPerToken,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an audit row keeps of a configuration (its fields as an administrator sets them). */
function auditValues(row: AiModelRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...values } = row;
  return values;
}

export interface AiModelsDeps {
  db: Db;
  logs: LogService;
  settings: SettingsService;
  /** Per provider: whether its API key is configured, and the model id the server's configuration forces (OPENAI_MODEL, ANTHROPIC_MODEL). */
  providers: Record<ModelProvider, { configured: boolean; model?: string | undefined }>;
  /** How long the configurations are kept between reads (see createServices). */
  cacheMs?: number | (() => number);
}

/** The model configurations administrators keep, and which one answers whom. */
export function createAiModelsService(deps: AiModelsDeps) {
  const { db, logs, settings, providers } = deps;
  // Read before every answer, so kept like the settings: dropped at once when this process writes
  // or a change is announced, else re-read after `cacheMs` (see createServices). A real promise: a query
  // builder would run again on every await.
  const modelRows = keptFor(deps.cacheMs ?? 1000, () => listModels(db).then((r) => r));

  async function overview(): Promise<AiModelsOverview> {
    const [rows, s] = await Promise.all([listModels(db), settings.get()]);
    const status = (p: ModelProvider): AiProviderStatus => ({
      configured: providers[p].configured,
      modelOverride: providers[p].model ?? null,
    });
    return {
      models: rows.map(toConfig),
      settings: modelSettingsOf(rows, s.ai),
      providers: { openai: status("openai"), anthropic: status("anthropic") },
    };
  }

  function auditRow(
    actor: Actor,
    action: string,
    recordId: string,
    before: AiModelRow | null,
    after: AiModelRow | null,
  ) {
    return logs.auditRow({
      ...actor,
      action,
      tableName: "ai_models",
      recordId,
      oldValues: before ? auditValues(before) : null,
      newValues: after ? auditValues(after) : null,
    });
  }

  /** Refuse a change that would leave Free or Premium members without an active model. */
  function refusal(after: AiModelRow[]): string | null {
    const tier = tierLeftEmpty(after);
    return tier ? AI_MODEL_TEXT.lastOfTier(tier) : null;
  }

  async function change(id: string, planned: Parameters<typeof saveModelChange>[2], action: string, actor: Actor) {
    const result = await saveModelChange(db, id, planned, {
      refusal,
      audit: (before, after) => auditRow(actor, action, id, before, after),
    });
    if (result.outcome === "missing") throw notFound(AI_MODEL_TEXT.notFound);
    if (result.outcome === "refused") throw invalidInput(result.reason);
    modelRows.forget();
    return result;
  }

  return {
    list: () => listModels(db),
    /** Forget the kept configurations (a change announced by the database). */
    invalidate: modelRows.forget,

    async seedDefaults(): Promise<void> {
      await seedModels(db, DEFAULT_MODELS);
      modelRows.forget();
    },

    /**
     * The configuration that answers this plan for this provider, or null when the provider has
     * no active model for the plan (it is then skipped). OPENAI_MODEL / ANTHROPIC_MODEL replace the
     * model id.
     */
    async choose(provider: ModelProvider, tier: Tier): Promise<ModelChoice | null> {
      const row = modelFor(await modelRows.get(), provider, tier);
      if (!row) return null;
      return {
        model: providers[provider].model ?? row.model,
        maxTokens: row.maxTokens,
        temperature: row.temperature,
      };
    },

    /** Every configuration and the model settings in force (GET /api/admin/ai-models). */
    overview,

    async create(values: CreateAiModelValues, actor: Actor): Promise<AiModelConfig> {
      const saved = await insertModelWithAudit(
        db,
        {
          name: values.name,
          provider: values.provider,
          model: values.model,
          isActive: values.isActive,
          userTiers: values.userTiers,
          maxTokens: values.maxTokens,
          temperature: values.temperature,
          description: values.description,
          costPerToken: values.costPerToken,
          priority: values.priority,
        },
        AI_MODEL_LIMITS.count,
        (row) => auditRow(actor, "ai_model.create", row.id, null, row),
      );
      if (!saved) throw new ApiError(409, ERROR_CODES.tooManyModels, AI_MODEL_TEXT.tooMany);
      modelRows.forget();
      return toConfig(saved);
    },

    /** Change some fields; refused (400) when Free or Premium would be left without an active model. */
    async update(id: string, patch: UpdateAiModelValues, actor: Actor): Promise<AiModelConfig> {
      const set: Partial<NewAiModel> = {};
      for (const [key, value] of Object.entries(patch)) {
        if (value !== undefined) (set as Record<string, unknown>)[key] = value;
      }
      const result = await change(id, { kind: "update", patch: set }, "ai_model.update", actor);
      if (!result.after) throw notFound(AI_MODEL_TEXT.notFound);
      return toConfig(result.after);
    },

    /** Delete one; refused (400) when it is the last active model of Free or Premium. */
    async remove(id: string, actor: Actor): Promise<void> {
      await change(id, { kind: "delete" }, "ai_model.delete", actor);
    },

    /**
     * Default model, comparison switch and preview token limit: stored in the `ai` system
     * settings (audited there as settings.update), in force for the next answer.
     */
    async updateSettings(patch: AiModelSettingsPatch, actor: Actor): Promise<AiModelsOverview> {
      const next: Partial<SystemSettings["ai"]> = {};
      if (patch.defaultModelId !== undefined) {
        const rows = await listModels(db);
        const chosen = AI_PROVIDERS.map((p) => modelFor(rows, p, "premium")).find(
          (row) => row?.id === patch.defaultModelId,
        );
        if (!chosen) throw invalidInput(AI_MODEL_TEXT.defaultModel, { defaultModelId: AI_MODEL_TEXT.defaultModel });
        next.defaultProvider = chosen.provider as ModelProvider;
      }
      if (patch.comparisonEnabled !== undefined) next.enableComparison = patch.comparisonEnabled;
      if (patch.previewTokenLimit !== undefined) next.previewTokenLimit = patch.previewTokenLimit;
      const { ai } = await settings.get();
      const changed = Object.entries(next).some(([key, value]) => ai[key as keyof typeof ai] !== value);
      if (changed) await settings.update("ai", next, actor);
      return overview();
    },

    /** Comparison choices of the last 30 days by provider and model (count and share, from SQL). */
    async leaderboard(now = new Date()): Promise<ComparisonLeaderboard> {
      const since = new Date(now.getTime() - LEADERBOARD_DAYS * 86_400_000);
      const rows = await comparisonLeaderboard(db, since, LEADERBOARD_ROWS);
      return {
        days: LEADERBOARD_DAYS,
        since: since.toISOString(),
        total: rows[0]?.total ?? 0,
        entries: rows.map(({ provider, model, count, share }) => ({ provider, model, count, share })),
      };
    },
  };
}

export type AiModelsService = ReturnType<typeof createAiModelsService>;
