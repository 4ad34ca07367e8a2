import { ERROR_CODES } from "@shared/api-error";
import { classifyCase, opensComparison, titleFromQuestion } from "@shared/chat";
import { NEW_CASE } from "@shared/constants";
import { CASE_TEXT } from "@shared/messages";
import { messageLimit, modelTier, PLANS } from "@shared/plans";
import type { ComparisonAnswer } from "@shared/schemas/cases";
import type { ComparisonStreamEvent } from "@shared/schemas/streams";
import type { SessionUser } from "@shared/session";
import { confidenceLineFilter } from "../../ai/prompts";
import type { ChatTurn } from "../../ai/types";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import type { Emit } from "../../http/sse";
import { ApiError, conflict, notFound, planLimit } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Assistant, ComparisonSide } from "../assistant/assistant.service";
import type { LawLibrary } from "../law-library/law-library.service";
import type { Actor, LogService } from "../logs/logs.service";
import type { SettingsService } from "../settings/settings.service";
import type { UsageService } from "../usage/usage.service";
import { createCaseLaw } from "./case-law";
import { staleReplyBefore, toCaseDetail, toChatMessage } from "./cases.mappers";
import { type CaseRow, findOwnedCase } from "./cases.queries";
import { acceptUserMessage, messageRefusal, storeAnswer } from "./chat.queries";
import {
  findComparison,
  insertComparison,
  markComparisonChosen,
  setComparisonAnswers,
  unmarkComparisonChosen,
} from "./comparisons.queries";
import { contextOf, explainRefusal, historyOf, LIMIT_TEXT } from "./conversation";

/**
 * The multi-AI comparison (spec section 5 'Comparison rule'): both assistants answer the same
 * question; Free members see short previews, Premium members both full answers and may keep one,
 * which then joins the conversation with its question.
 */
export function createComparisonsService(deps: {
  db: Db;
  run: RunPrepared;
  assistant: Assistant;
  settings: SettingsService;
  logs: LogService;
  usage: UsageService;
  law: Pick<LawLibrary, "factsOf" | "sections">;
  logger: Logger;
}) {
  const { db, run, assistant, settings, logs, usage } = deps;
  const caseLaw = createCaseLaw({ law: deps.law, logger: deps.logger });

  return {
    /**
     * Start a comparison: the question is kept with it before any provider is called. Free
     * members get previews while they have messages left; Premium members get both full answers.
     */
    async start(user: SessionUser, caseId: string, question: string) {
      const s = await settings.get();
      const row = await findOwnedCase(db, caseId, user.id);
      if (!row) throw notFound(CASE_TEXT.notFound);
      const full = PLANS[user.plan].entitlements.fullComparison;
      if (!opensComparison(question, full, s.ai.enableComparison, user.preferences.compareAnswers)) {
        throw new ApiError(
          409,
          ERROR_CODES.comparisonOff,
          "Comparison is not available for this message. Send it as a normal message.",
        );
      }
      // Both answers are written before one is kept: a member at their limit, or a case archived,
      // is told now (a reply being written is waited for when an answer is kept).
      const why = await messageRefusal(run, {
        caseId,
        userId: user.id,
        limit: messageLimit(user.plan, s.ai),
        staleBefore: null,
      });
      if (why === "limit") throw planLimit(LIMIT_TEXT);
      if (why === "archived") throw conflict(CASE_TEXT.archived);
      await usage.checkAi(user, { calls: 2 });
      const mode = full ? ("full" as const) : ("preview" as const);
      const comparison = await insertComparison(db, { userId: user.id, caseId, question, mode });
      return { row, comparison, mode, offline: await assistant.offlineOnly(modelTier(user.plan)) };
    },

    /** Run both sides; full answers stream through `emit`. The answers are kept with the comparison. */
    async run(
      user: SessionUser,
      row: CaseRow,
      comparisonId: string,
      question: string,
      mode: "preview" | "full",
      emit?: Emit<ComparisonStreamEvent>,
    ): Promise<ComparisonAnswer[]> {
      const filters = new Map<ComparisonSide, ReturnType<typeof confidenceLineFilter>>();
      const filterFor = (side: ComparisonSide) => {
        let filter = filters.get(side);
        if (!filter) {
          filter = confidenceLineFilter((text) => void emit?.("delta", { side, text }));
          filters.set(side, filter);
        }
        return filter;
      };
      const history: ChatTurn[] = [...(await historyOf(db, row.id)), { role: "user", content: question }];
      const { facts, library } = await caseLaw.forQuestion(row, history, question);
      const answers = await assistant.compare({
        mode,
        tier: modelTier(user.plan),
        context: contextOf(row, user),
        history,
        userId: user.id,
        ...(facts.length > 0 ? { law: facts } : {}),
        ...(library.length > 0 ? { library } : {}),
        ...(emit
          ? {
              onDelta: (side: ComparisonSide, text: string) => filterFor(side).push(text),
              onReset: (side: ComparisonSide) => {
                filters.delete(side);
                void emit("reset", { side });
              },
            }
          : {}),
      });
      await setComparisonAnswers(db, comparisonId, answers);
      return answers;
    },

    /**
     * Premium: keep one answer. The choice is recorded once; the question then joins the
     * conversation through the same accept rule as any message, and the answer after it.
     */
    async choose(user: SessionUser, caseId: string, comparisonId: string, side: ComparisonSide, actor: Actor) {
      // Ownership first: someone else's comparison is not found, whatever the plan.
      const comparison = await findComparison(db, comparisonId, user.id, caseId);
      if (!comparison) throw notFound("Comparison not found");
      if (!PLANS[user.plan].entitlements.fullComparison)
        throw planLimit("Choosing an answer is part of Premium. Upgrade to keep full answers.");
      const chosen = comparison.answers.find((a) => a.side === side);
      const other = comparison.answers.find((a) => a.side !== side);
      if (!chosen || comparison.mode !== "full") throw conflict("This comparison has no full answer to keep yet.");
      const marked = await markComparisonChosen(db, comparisonId, {
        chosenProvider: chosen.provider,
        chosenModel: chosen.model,
        otherProvider: other?.provider ?? "",
      });
      if (!marked) throw conflict("An answer was already chosen for this comparison.");
      const { ai } = await settings.get();
      const accepted = await acceptUserMessage(run, {
        caseId,
        userId: user.id,
        limit: messageLimit(user.plan, ai),
        staleBefore: staleReplyBefore(ai.responseTimeout),
        defaultTitle: NEW_CASE.title,
        newTitle: titleFromQuestion(comparison.question),
        category: classifyCase(comparison.question),
        content: comparison.question,
      });
      if (!accepted) {
        await unmarkComparisonChosen(db, comparisonId);
        return explainRefusal(run, user, caseId, {
          limit: messageLimit(user.plan, ai),
          staleBefore: staleReplyBefore(ai.responseTimeout),
        });
      }
      // The kept answer shows the law library's facts its question was given, as a streamed one does.
      const { facts } = await caseLaw.forQuestion(accepted.row, await historyOf(db, caseId), comparison.question);
      const stored = await storeAnswer(run, {
        caseId,
        content: chosen.content,
        provider: chosen.provider,
        model: chosen.model,
        promptTokens: null,
        completionTokens: null,
        totalTokens: null,
        offerText: null,
        sources: await caseLaw.sourcesOf(chosen, facts),
      });
      await logs.app({
        ...actor,
        category: "ai",
        message: "Comparison answer chosen",
        metadata: { caseId, comparisonId, side, provider: chosen.provider },
      });
      return {
        messages: [toChatMessage(accepted.message), toChatMessage(stored.answer)],
        case: stored.after ? toCaseDetail(stored.after, user.plan, ai) : null,
      };
    },
  };
}

export type ComparisonsService = ReturnType<typeof createComparisonsService>;
