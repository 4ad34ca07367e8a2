import { TIMINGS_MS } from "@shared/constants";
import type { LawFact } from "@shared/law";
import type { ComparisonAnswer } from "@shared/schemas/cases";
import { createAnthropicProvider } from "../../ai/anthropic-provider";
import { type DocumentTask, documentInstructions } from "../../ai/document-analysis";
import { createOfflineProvider, OFFLINE_MODEL } from "../../ai/offline-provider";
import { createOpenAIProvider } from "../../ai/openai-provider";
import { type CaseContext, COMPARISON_INSTRUCTION, parseConfidence, systemPrompt } from "../../ai/prompts";
import {
  type AiProvider,
  type AiResult,
  type AnswerSource,
  type ChatTurn,
  PROVIDER_NAMES,
  type ProviderId,
  StoppedError,
} from "../../ai/types";
import { redactText } from "../../lib/logger";
import { type AiModelsService, type ModelChoice, providerOrder, type Tier } from "../ai-models/ai-models.service";
import type { LogService } from "../logs/logs.service";
import type { SettingsService } from "../settings/settings.service";
import type { UsageService } from "../usage/usage.service";

export interface AssistantConfig {
  openai: { apiKey: string | undefined; baseURL: string | undefined };
  anthropic: { apiKey: string | undefined; baseURL: string | undefined };
  /** Answer with the offline assistant when every configured provider fails. */
  offlineFallback: boolean;
  offlineDelayMs?: number;
  offlineChunkDelayMs?: number;
}

export type AnswerEvent =
  | { type: "start"; provider: AnswerSource; model: string }
  | { type: "delta"; text: string }
  /** A provider failed part-way: what was shown so far is dropped and the next provider starts over. */
  | { type: "reset"; failed: AnswerSource };

export interface AnswerRequest {
  tier: Tier;
  context: CaseContext;
  history: ChatTurn[];
  userId: string;
  /** An analysis of a file, or a question answered from a case's files: their passages go with it. */
  task?: DocumentTask;
  /** The law library's facts on what the member asks, in the case's state: the model relies on and cites them. */
  law?: LawFact[];
  /** Every fact of the case's state in force: the offline assistant answers from it. */
  library?: LawFact[];
  signal?: AbortSignal;
  onEvent: (event: AnswerEvent) => void;
}

export class AllProvidersFailedError extends Error {
  constructor() {
    super("Every AI provider failed");
  }
}

export type ComparisonSide = "anthropic" | "openai";
export const COMPARISON_SIDES: ComparisonSide[] = ["anthropic", "openai"];

/** Spec section 9 confidence ranges, used when a model does not rate its own answer. */
const CONFIDENCE_RANGES: Record<"preview" | "full", Record<ComparisonSide, [number, number]>> = {
  preview: { anthropic: [80, 94], openai: [75, 89] },
  full: { anthropic: [85, 94], openai: [80, 89] },
};
const OFFLINE_CONFIDENCE: Record<ComparisonSide, number> = { anthropic: 85, openai: 82 };

/**
 * The AI assistant: which providers answer whom, in which order, with which model, under which
 * deadline; failures fall through to the next provider and every attempt is logged (category ai).
 */
export function createAssistant(
  config: AssistantConfig,
  deps: {
    settings: SettingsService;
    models: AiModelsService;
    logs: LogService;
    /** Where the tokens each provider reports are counted against the member's daily cap. */
    usage: Pick<UsageService, "recordAiTokens">;
    random?: () => number;
  },
) {
  const random = deps.random ?? Math.random;
  const providers: Partial<Record<ProviderId, AiProvider>> = {};
  if (config.openai.apiKey)
    providers.openai = createOpenAIProvider({ apiKey: config.openai.apiKey, baseURL: config.openai.baseURL });
  if (config.anthropic.apiKey) {
    providers.anthropic = createAnthropicProvider({
      apiKey: config.anthropic.apiKey,
      baseURL: config.anthropic.baseURL,
    });
  }
  const offline = createOfflineProvider({
    delayMs: config.offlineDelayMs ?? TIMINGS_MS.offlineAiDelay,
    chunkDelayMs: config.offlineChunkDelayMs ?? 15,
    random,
  });

  const OFFLINE_CHOICE: ModelChoice = { model: OFFLINE_MODEL, maxTokens: 2000, temperature: 0 };

  /**
   * A configured provider and the model it answers this plan with, or null when the provider has
   * no API key or no active model for the plan (an administrator's configuration is in force).
   */
  async function attemptFor(id: "openai" | "anthropic", tier: Tier) {
    const provider = providers[id];
    if (!provider) return null;
    const choice = await deps.models.choose(id, tier);
    return choice ? { provider, choice } : null;
  }

  /** True when no provider can answer either side of a comparison for this plan. */
  async function offlineOnly(tier: Tier): Promise<boolean> {
    const sides = await Promise.all(COMPARISON_SIDES.map((side) => attemptFor(side, tier)));
    return sides.every((side) => side === null);
  }

  /** One provider call: who asked, about which case, which provider and model, since when. */
  interface Attempt {
    provider: AnswerSource;
    model: string;
    startedAt: number;
    userId: string;
    caseId: string;
  }

  function startAttempt(
    provider: AiProvider,
    choice: ModelChoice,
    request: { userId: string; context: { caseId: string } },
  ): Attempt {
    return {
      provider: provider.id,
      model: choice.model,
      startedAt: performance.now(),
      userId: request.userId,
      caseId: request.context.caseId,
    };
  }

  async function logAttempt(outcome: "ok" | "failed", attempt: Attempt, extra: Record<string, unknown>) {
    const { provider, model, startedAt, userId } = attempt;
    // The offline assistant costs nothing: only what a provider reports counts towards the cap.
    if (outcome === "ok" && provider !== "offline" && typeof extra.totalTokens === "number") {
      await deps.usage.recordAiTokens(userId, extra.totalTokens).catch(() => {});
    }
    await deps.logs.app({
      userId,
      level: outcome === "ok" ? "info" : "warn",
      category: "ai",
      message:
        outcome === "ok"
          ? `AI response from ${PROVIDER_NAMES[provider]}`
          : `Failed to get response from ${PROVIDER_NAMES[provider]}`,
      metadata: {
        provider,
        model,
        latencyMs: Math.round(performance.now() - startedAt),
        caseId: attempt.caseId,
        ...extra,
      },
    });
  }

  function usageOf(result: AiResult) {
    return result.usage
      ? {
          promptTokens: result.usage.promptTokens,
          completionTokens: result.usage.completionTokens,
          totalTokens: result.usage.totalTokens,
        }
      : {};
  }

  function errorText(error: unknown): string {
    return redactText(error instanceof Error ? error.message : String(error)).slice(0, 500);
  }

  return {
    configured: { openai: Boolean(providers.openai), anthropic: Boolean(providers.anthropic) },

    /** Stream one answer through the chain; throws StoppedError on Stop, AllProvidersFailedError when none answered. */
    async streamAnswer(request: AnswerRequest): Promise<AiResult> {
      const { ai } = await deps.settings.get();
      const timeoutMs = ai.responseTimeout * 1000;
      // Premium starts with the default provider (Anthropic unless changed), Free with the other.
      const chain: Array<{ provider: AiProvider; choice: ModelChoice }> = [];
      for (const id of providerOrder(request.tier, ai.defaultProvider)) {
        const step = await attemptFor(id, request.tier);
        if (step) chain.push(step);
      }
      if (config.offlineFallback || chain.length === 0) chain.push({ provider: offline, choice: OFFLINE_CHOICE });
      const system = request.task
        ? `${systemPrompt(request.context, request.law)}\n\n${documentInstructions(request.task)}`
        : systemPrompt(request.context, request.law);
      for (const { provider, choice } of chain) {
        const attempt = startAttempt(provider, choice, request);
        const startedAt = attempt.startedAt;
        let firstTokenMs: number | null = null;
        try {
          const result = await provider.stream(
            {
              system,
              messages: request.history,
              model: choice.model,
              maxTokens: choice.maxTokens,
              temperature: choice.temperature,
              userId: request.userId,
              timeoutMs,
              context: request.context,
              ...(request.law?.length ? { law: request.law } : {}),
              ...(request.library?.length ? { library: request.library } : {}),
              ...(request.task ? { task: request.task } : {}),
              ...(request.signal ? { signal: request.signal } : {}),
            },
            (text) => {
              if (firstTokenMs === null) {
                firstTokenMs = Math.round(performance.now() - startedAt);
                request.onEvent({ type: "start", provider: provider.id, model: choice.model });
              }
              request.onEvent({ type: "delta", text });
            },
          );
          await logAttempt("ok", attempt, { firstTokenMs, ...usageOf(result) });
          return result;
        } catch (error) {
          if (error instanceof StoppedError) throw error;
          await logAttempt("failed", attempt, { error: errorText(error) });
          if (firstTokenMs !== null) request.onEvent({ type: "reset", failed: provider.id });
        }
      }
      throw new AllProvidersFailedError();
    },

    /**
     * Both providers answer the same question side by side: full streamed answers (Premium) or
     * short previews of at most `previewTokenLimit` tokens (Free). A side whose provider is not
     * configured, has no active model for the member's plan, or fails is answered by the offline
     * assistant.
     */
    async compare(request: {
      mode: "preview" | "full";
      tier: Tier;
      context: CaseContext;
      history: ChatTurn[];
      userId: string;
      /** The law library's facts on the question, and every fact of the case's state (as for `streamAnswer`). */
      law?: LawFact[];
      library?: LawFact[];
      signal?: AbortSignal;
      onDelta?: (side: ComparisonSide, text: string) => void;
      onReset?: (side: ComparisonSide) => void;
    }): Promise<ComparisonAnswer[]> {
      const { ai } = await deps.settings.get();
      const timeoutMs = ai.responseTimeout * 1000;
      const system = `${systemPrompt(request.context, request.law)}${COMPARISON_INSTRUCTION}`;

      const runSide = async (side: ComparisonSide): Promise<ComparisonAnswer> => {
        const own = await attemptFor(side, request.tier);
        const candidates = [...(own ? [own] : []), { provider: offline, choice: OFFLINE_CHOICE }];
        for (const { provider, choice } of candidates) {
          const maxTokens = request.mode === "preview" ? ai.previewTokenLimit : choice.maxTokens;
          const attempt = startAttempt(provider, choice, request);
          let streamed = false;
          try {
            const aiRequest = {
              system,
              messages: request.history,
              model: choice.model,
              maxTokens,
              temperature: choice.temperature,
              userId: request.userId,
              timeoutMs,
              context: request.context,
              ...(request.law?.length ? { law: request.law } : {}),
              ...(request.library?.length ? { library: request.library } : {}),
              ...(request.signal ? { signal: request.signal } : {}),
            };
            const result =
              request.mode === "full"
                ? await provider.stream(aiRequest, (text) => {
                    streamed = true;
                    request.onDelta?.(side, text);
                  })
                : await provider.complete(aiRequest);
            await logAttempt("ok", attempt, { comparison: request.mode, ...usageOf(result) });
            const parsed = parseConfidence(result.content);
            const [low, high] = CONFIDENCE_RANGES[request.mode][side];
            const confidence =
              provider.id === "offline"
                ? OFFLINE_CONFIDENCE[side]
                : (parsed.confidence ?? low + Math.floor(random() * (high - low + 1)));
            const reasoning =
              parsed.reasoning ??
              (provider.id === "offline"
                ? "From LawGuide's offline assistant (its general guidance and LawGuide's law library), not from an AI model."
                : "The model did not rate this answer itself; the figure is LawGuide's usual range for this provider.");
            return { side, provider: provider.id, model: choice.model, content: parsed.content, confidence, reasoning };
          } catch (error) {
            if (error instanceof StoppedError) throw error;
            await logAttempt("failed", attempt, { comparison: request.mode, error: errorText(error) });
            if (streamed) request.onReset?.(side);
          }
        }
        throw new AllProvidersFailedError();
      };

      // With no provider on either side, both would be the offline assistant's same answer: it is
      // written once and kept for both sides (so either can be chosen), and the member is told.
      if (await offlineOnly(request.tier)) {
        const [first, ...rest] = COMPARISON_SIDES;
        const answer = await runSide(first as ComparisonSide);
        return [answer, ...rest.map((side) => ({ ...answer, side, confidence: OFFLINE_CONFIDENCE[side] }))];
      }
      return Promise.all(COMPARISON_SIDES.map(runSide));
    },

    offlineOnly,
  };
}

export type Assistant = ReturnType<typeof createAssistant>;
