import { ERROR_CODES } from "@shared/api-error";
import { AI_LIMIT_TEXT } from "@shared/messages";
import { dailyTokenCap, type PlanId } from "@shared/plans";
import type { SystemSettings } from "@shared/schemas/settings";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import { tooManyRequests } from "../../lib/errors";
import type { SettingsService } from "../settings/settings.service";
import { type AiAllowanceUsed, addUsage, deleteOldRateCounters, hitAiAllowance, hitRateCounter } from "./usage.queries";

const AI_TOKENS = "ai_tokens";

/** Today in UTC as `2026-11-24`: the period of the daily token cap. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** 'in 3 h 12 min', 'in 45 min', 'in 1 min'. */
function timeUntil(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `in ${minutes} min`;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}

/** Why a member may not call a provider now, and when to try again. */
export interface AiRefusal {
  message: string;
  retryAfterSeconds: number;
}

/** Where a member's AI calls are counted at `now`: their one-minute window's key, and today. */
export function aiAllowanceOf(userId: string, now = new Date()): { key: string; day: string } {
  return { key: `ai:${userId}`, day: utcDay(now) };
}

/**
 * The reason a member may not call a provider, judged from what they have used with the call
 * just counted (`hitAiAllowance`, or the statement that stores a message): over the daily token
 * cap of their plan, or over the calls allowed a minute. Null when they may.
 */
export function judgeAiAllowance(
  user: { plan: PlanId },
  used: AiAllowanceUsed,
  ai: SystemSettings["ai"],
  now = new Date(),
): AiRefusal | null {
  const cap = dailyTokenCap(user.plan, ai);
  if (used.tokens >= cap) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return {
      message: AI_LIMIT_TEXT.dailyCap(
        cap.toLocaleString("en-US"),
        timeUntil(midnight - now.getTime()),
        user.plan === "premium",
      ),
      retryAfterSeconds: (midnight - now.getTime()) / 1000,
    };
  }
  if (used.calls > ai.aiCallsPerMinute) {
    const seconds = Math.max(1, Math.ceil((used.windowStart.getTime() + 60_000 - now.getTime()) / 1000));
    return { message: AI_LIMIT_TEXT.tooFast(ai.aiCallsPerMinute, seconds), retryAfterSeconds: seconds };
  }
  return null;
}

/**
 * Metered use, kept in the database so every server process counts together: AI calls per member
 * and minute, AI tokens per member and day (counted from what the providers report; the offline
 * assistant costs nothing), and fixed-window limits such as sign-ups per client address.
 */
export function createUsageService(db: Db, run: RunPrepared, settings: SettingsService) {
  return {
    /**
     * Count `calls` AI calls for the member and check both limits. Throws 429 with Retry-After
     * when the member is over either; `kept` adds that their message was stored anyway.
     */
    async checkAi(user: { id: string; plan: PlanId }, options: { calls?: number; kept?: boolean } = {}) {
      const refusal = await this.aiRefusal(user, options.calls ?? 1);
      if (refusal) {
        throw tooManyRequests(
          ERROR_CODES.aiLimited,
          options.kept ? `${refusal.message} ${AI_LIMIT_TEXT.messageKept}` : refusal.message,
          refusal.retryAfterSeconds,
        );
      }
    },

    /** The reason this member may not call a provider now, or null. Counts the calls either way. */
    async aiRefusal(user: { id: string; plan: PlanId }, calls = 1): Promise<AiRefusal | null> {
      const { ai } = await settings.get();
      const now = new Date();
      const used = await hitAiAllowance(run, { ...aiAllowanceOf(user.id, now), calls, userId: user.id });
      return judgeAiAllowance(user, used, ai, now);
    },

    /** Add the tokens a provider reported for one of the member's calls. */
    async recordAiTokens(userId: string, tokens: number | null | undefined): Promise<void> {
      if (!tokens || tokens <= 0 || !Number.isFinite(tokens)) return;
      await addUsage(db, { userId, metric: AI_TOKENS, period: utcDay(), amount: Math.round(tokens) });
    },

    /**
     * A fixed-window limit: count one hit on `key`; when the window now holds more than `limit`,
     * the seconds until it ends (else null).
     */
    async hit(key: string, limit: number, windowSeconds: number): Promise<number | null> {
      const hit = await hitRateCounter(db, { key, windowSeconds, amount: 1 });
      if (hit.count <= limit) return null;
      return Math.max(1, Math.ceil((hit.windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
    },

    /**
     * What `hit` would answer for one more hit on `key`, without counting it: the seconds until
     * the window ends when it is full, else null.
     */
    async peek(key: string, limit: number, windowSeconds: number): Promise<number | null> {
      const now = await hitRateCounter(db, { key, windowSeconds, amount: 0 });
      if (now.count + 1 <= limit) return null;
      return Math.max(1, Math.ceil((now.windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
    },

    forgetOldWindows: () => deleteOldRateCounters(db),
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
