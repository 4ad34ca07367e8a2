import { ERROR_CODES } from "@shared/api-error";
import {
  classifyCase,
  DOCUMENT_OFFER_TEXT,
  MESSAGES_PAGE_SIZE,
  matchesDocumentOffer,
  opensComparison,
  titleFromQuestion,
} from "@shared/chat";
import { NEW_CASE } from "@shared/constants";
import { AI_LIMIT_TEXT, CASE_TEXT } from "@shared/messages";
import type { ChatMessage, ComparisonAnswer, Page } from "@shared/schemas/cases";
import type { SessionUser } from "@shared/session";
import { AllProvidersFailedError, type Assistant, type ComparisonSide } from "../../ai/assistant";
import { confidenceLineFilter } from "../../ai/prompts";
import { type ChatTurn, StoppedError } from "../../ai/types";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import type { Emit } from "../../http/sse";
import { ApiError, conflict, invalidInput, notFound, planLimit, tooManyRequests } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import type { Actor, LogService } from "../logs/logs.service";
import type { SettingsService } from "../settings/settings.service";
import type { UsageService } from "../usage/usage.service";
import { staleReplyBefore, toCaseDetail, toChatMessage } from "./cases.mappers";
import {
  acceptUserMessage,
  type CaseRow,
  claimForUserMessage,
  claimReply,
  deleteMessage,
  findComparison,
  findOwnedCase,
  finishReply,
  HISTORY_MESSAGES,
  insertComparison,
  insertMessage,
  listMessagesPage,
  type MessageRow,
  markComparisonChosen,
  requestStop,
  setComparisonAnswers,
  stopsRequested,
  storeAnswer,
} from "./cases.queries";

const STOP_POLL_MS = 400;

export const LIMIT_TEXT = `${CASE_TEXT.limitReached}. Upgrade to Premium for unlimited messages.`;
export const ARCHIVED_TEXT = "This case is archived. Restore it to continue the conversation.";
export const REPLY_IN_PROGRESS_TEXT =
  "The assistant is still answering in this case. Wait for it to finish, or stop it.";

/**
 * The conversation of a case: the member's message is stored (and counted) before any provider
 * is called, the answer streams as it is written and is stored when complete, Stop keeps what was
 * written, Regenerate replaces the last answer; plan limits and the one-reply-at-a-time rule are
 * checked by the database in the same statement that counts the message.
 */
export function createChatService(deps: {
  db: Db;
  run: RunPrepared;
  assistant: Assistant;
  settings: SettingsService;
  logs: LogService;
  logger: Logger;
  usage: UsageService;
}) {
  const { db, run, assistant, settings, logs, logger, usage } = deps;
  /**
   * Replies being written by this process, so Stop takes effect at once here. Stop pressed where
   * another process serves the request (several on one PostgreSQL) is found by one poll for all
   * of them every STOP_POLL_MS: one statement however many replies are streaming.
   */
  const running = new Map<string, AbortController>();
  let poller: ReturnType<typeof setInterval> | null = null;
  let polling = false;

  async function pollStops() {
    if (polling || running.size === 0) return;
    polling = true;
    try {
      for (const caseId of await stopsRequested(run, [...running.keys()])) running.get(caseId)?.abort();
    } catch {
      // the next poll tries again
    } finally {
      polling = false;
    }
  }

  function startWatching(caseId: string, controller: AbortController) {
    running.set(caseId, controller);
    poller ??= setInterval(pollStops, STOP_POLL_MS);
  }

  function stopWatching(caseId: string) {
    running.delete(caseId);
    if (running.size === 0 && poller) {
      clearInterval(poller);
      poller = null;
    }
  }

  async function explainRefusal(user: SessionUser, caseId: string, limit: number): Promise<never> {
    const row = await findOwnedCase(db, caseId, user.id);
    if (!row) throw notFound(CASE_TEXT.notFound);
    if (row.status === "archived") throw conflict(ARCHIVED_TEXT);
    if (user.plan !== "premium" && row.userMessageCount >= limit) throw planLimit(LIMIT_TEXT);
    throw conflict(REPLY_IN_PROGRESS_TEXT);
  }

  async function history(caseId: string): Promise<ChatTurn[]> {
    const rows = await listMessagesPage(db, caseId, null, HISTORY_MESSAGES * 2 + 2);
    return rows
      .filter((m) => m.kind === "chat" && m.content.trim())
      .slice(0, HISTORY_MESSAGES + 1)
      .reverse()
      .map((m) => ({ role: m.isUser ? "user" : "assistant", content: m.content }));
  }

  function contextOf(row: CaseRow, user: SessionUser) {
    return {
      caseId: row.id,
      title: row.title,
      description: row.description,
      category: row.category,
      complexity: row.complexity,
      profession: user.profession || null,
    };
  }

  async function caseDetail(row: CaseRow, user: SessionUser) {
    const { ai } = await settings.get();
    return toCaseDetail(row, user.plan, ai.freeUserMessageLimit, ai.responseTimeout);
  }

  /** Stream the assistant's answer to the last member message and store it. Never throws. */
  async function reply(
    user: SessionUser,
    row: CaseRow,
    emit: Emit,
    offerCandidate: boolean,
    knownHistory?: ChatTurn[],
  ): Promise<void> {
    const controller = new AbortController();
    startWatching(row.id, controller);
    let written = "";
    let source: { provider: string; model: string } | null = null;
    // The first piece goes out at once; later pieces that arrive together are sent as one event.
    let pending = "";
    let scheduled = false;
    let sentFirst = false;
    const flush = () => {
      scheduled = false;
      if (!pending) return;
      const text = pending;
      pending = "";
      void emit("delta", { text });
    };
    try {
      const result = await assistant.streamAnswer({
        tier: user.plan,
        context: contextOf(row, user),
        history: knownHistory ?? (await history(row.id)),
        userId: user.id,
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "start") {
            source = { provider: event.provider, model: event.model };
            void emit("start", source);
          } else if (event.type === "delta") {
            written += event.text;
            pending += event.text;
            if (!sentFirst) {
              sentFirst = true;
              flush();
            } else if (!scheduled) {
              scheduled = true;
              setImmediate(flush);
            }
          } else {
            written = "";
            pending = "";
            void emit("reset", { failed: event.failed });
          }
        },
      });
      flush();
      const stored = await storeAnswer(run, {
        caseId: row.id,
        content: result.content,
        provider: result.provider,
        model: result.model,
        promptTokens: result.usage?.promptTokens ?? null,
        completionTokens: result.usage?.completionTokens ?? null,
        totalTokens: result.usage?.totalTokens ?? null,
        offerText: offerCandidate && !row.documentOfferedAt ? DOCUMENT_OFFER_TEXT : null,
      });
      await emit("done", {
        message: toChatMessage(stored.answer),
        followUp: stored.followUp ? toChatMessage(stored.followUp) : null,
        case: stored.after ? await caseDetail(stored.after, user) : null,
      });
    } catch (error) {
      if (error instanceof StoppedError) {
        await finishStopped(user, row, written, source, emit);
      } else {
        if (!(error instanceof AllProvidersFailedError))
          logger.error({ fault: describeFault(error), caseId: row.id }, "reply failed");
        await finishWithApology(user, row, emit);
      }
    } finally {
      stopWatching(row.id);
    }
  }

  async function finishStopped(
    user: SessionUser,
    row: CaseRow,
    written: string,
    source: { provider: string; model: string } | null,
    emit: Emit,
  ) {
    try {
      const stored = await db.transaction(async (tx) => {
        const partial = written.trim()
          ? await insertMessage(tx, {
              caseId: row.id,
              content: written,
              isUser: false,
              aiProvider: source?.provider ?? null,
              aiModel: source?.model ?? null,
              state: "stopped",
            })
          : null;
        const after = await finishReply(tx, row.id, partial ? 1 : 0);
        return { partial, after };
      });
      await emit("stopped", {
        message: stored.partial ? toChatMessage(stored.partial) : null,
        case: stored.after ? await caseDetail(stored.after, user) : null,
      });
    } catch (error) {
      logger.error({ fault: describeFault(error), caseId: row.id }, "could not store a stopped reply");
      await finishReply(db, row.id, 0).catch(() => {});
      await emit("error", { message: CASE_TEXT.assistantFailure });
    }
  }

  async function finishWithApology(user: SessionUser, row: CaseRow, emit: Emit) {
    try {
      const stored = await db.transaction(async (tx) => {
        const apology = await insertMessage(tx, {
          caseId: row.id,
          content: CASE_TEXT.assistantFailure,
          isUser: false,
          state: "error",
          kind: "apology",
        });
        const after = await finishReply(tx, row.id, 1);
        return { apology, after };
      });
      await emit("done", {
        message: toChatMessage(stored.apology),
        followUp: null,
        case: stored.after ? await caseDetail(stored.after, user) : null,
      });
    } catch (error) {
      logger.error({ fault: describeFault(error), caseId: row.id }, "could not store the apology");
      await finishReply(db, row.id, 0).catch(() => {});
      await emit("error", { message: CASE_TEXT.assistantFailure });
    }
  }

  return {
    async messages(
      user: SessionUser,
      caseId: string,
      before: number | null,
      limit = MESSAGES_PAGE_SIZE,
    ): Promise<Page<ChatMessage>> {
      if (!(await findOwnedCase(db, caseId, user.id))) throw notFound(CASE_TEXT.notFound);
      const rows = await listMessagesPage(db, caseId, before, limit + 1);
      const page = rows.slice(0, limit);
      const oldest = page[page.length - 1];
      return {
        items: page.reverse().map(toChatMessage),
        nextCursor: rows.length > limit && oldest ? String(oldest.seq) : null,
      };
    },

    /**
     * Store and count the member's message (refused: 404 unknown case, 402 Free limit, 409 a
     * reply in progress). Returns what is needed to stream the reply.
     */
    async acceptMessage(user: SessionUser, caseId: string, content: string) {
      const { ai } = await settings.get();
      const limit = ai.freeUserMessageLimit;
      // Counted before the message is stored; a member over the AI limits still has it stored.
      const refusal = await usage.aiRefusal(user);
      const stored = await acceptUserMessage(run, {
        caseId,
        userId: user.id,
        premium: user.plan === "premium",
        limit,
        staleBefore: staleReplyBefore(ai.responseTimeout),
        defaultTitle: NEW_CASE.title,
        newTitle: titleFromQuestion(content),
        category: classifyCase(content),
        content,
      });
      if (!stored) return explainRefusal(user, caseId, limit);
      if (refusal) {
        await finishReply(db, caseId, 0);
        throw tooManyRequests(
          ERROR_CODES.aiLimited,
          `${refusal.message} ${AI_LIMIT_TEXT.messageKept}`,
          refusal.retryAfterSeconds,
        );
      }
      return {
        row: stored.row,
        history: [
          ...stored.history.map((m): ChatTurn => ({ role: m.isUser ? "user" : "assistant", content: m.content })),
          { role: "user" as const, content },
        ],
        message: toChatMessage(stored.message),
        case: await caseDetail(stored.row, user),
        offerCandidate: matchesDocumentOffer(content),
      };
    },

    reply,

    /** Claim the case and remove its last answer so it can be written again. */
    async acceptRegenerate(user: SessionUser, caseId: string) {
      const { ai } = await settings.get();
      if (!(await findOwnedCase(db, caseId, user.id))) throw notFound(CASE_TEXT.notFound);
      await usage.checkAi(user);
      const result = await db.transaction(async (tx) => {
        const row = await claimReply(tx, caseId, user.id, staleReplyBefore(ai.responseTimeout));
        if (!row) return null;
        const latest = await listMessagesPage(tx, caseId, null, 3);
        const last = latest[0];
        const lastUser = latest.find((m) => m.isUser);
        if (!last || last.isUser || !lastUser || last.kind === "document_offer")
          return { row, removed: null, invalid: true };
        await deleteMessage(tx, caseId, last.id);
        return { row, removed: last as MessageRow, invalid: false };
      });
      if (!result) return explainRefusal({ ...user, plan: "premium" }, caseId, 0);
      if (result.invalid) {
        await finishReply(db, caseId, 0);
        throw invalidInput("There is no answer to regenerate yet.");
      }
      return { row: result.row, removedId: result.removed?.id ?? null };
    },

    /** Stop the reply being written in this case (wherever it is being written). */
    async stop(user: SessionUser, caseId: string): Promise<boolean> {
      if (!(await findOwnedCase(db, caseId, user.id))) throw notFound(CASE_TEXT.notFound);
      const requested = await requestStop(db, caseId, user.id);
      running.get(caseId)?.abort();
      return requested;
    },

    /**
     * Start a comparison (spec section 5 'Comparison rule'): the question is kept with the
     * comparison before any provider is called. Free members get previews while they have
     * messages left; Premium members get both full answers.
     */
    async startComparison(user: SessionUser, caseId: string, question: string) {
      const s = await settings.get();
      const row = await findOwnedCase(db, caseId, user.id);
      if (!row) throw notFound(CASE_TEXT.notFound);
      if (!opensComparison(question, user.plan === "premium", s.ai.enableComparison)) {
        throw new ApiError(
          409,
          "COMPARISON_OFF",
          "Comparison is not available for this message. Send it as a normal message.",
        );
      }
      if (user.plan !== "premium" && row.userMessageCount >= s.ai.freeUserMessageLimit) throw planLimit(LIMIT_TEXT);
      await usage.checkAi(user, { calls: 2 });
      const mode = user.plan === "premium" ? ("full" as const) : ("preview" as const);
      const comparison = await insertComparison(db, { userId: user.id, caseId, question, mode });
      return { row, comparison, mode };
    },

    /** Run both sides; full answers stream through `emit`. The answers are kept with the comparison. */
    async runComparison(
      user: SessionUser,
      row: CaseRow,
      comparisonId: string,
      question: string,
      mode: "preview" | "full",
      emit?: Emit,
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
      const answers = await assistant.compare({
        mode,
        tier: user.plan,
        context: contextOf(row, user),
        history: [...(await history(row.id)), { role: "user", content: question }],
        userId: user.id,
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

    /** Premium: keep one answer. The question and that answer join the conversation. */
    async choose(user: SessionUser, caseId: string, comparisonId: string, side: ComparisonSide, actor: Actor) {
      // Ownership first: someone else's comparison is not found, whatever the plan.
      const comparison = await findComparison(db, comparisonId, user.id, caseId);
      if (!comparison) throw notFound("Comparison not found");
      if (user.plan !== "premium")
        throw planLimit("Choosing an answer is part of Premium. Upgrade to keep full answers.");
      const chosen = comparison.answers.find((a) => a.side === side);
      const other = comparison.answers.find((a) => a.side !== side);
      if (!chosen || comparison.mode !== "full") throw conflict("This comparison has no full answer to keep yet.");
      const { ai } = await settings.get();
      const result = await db.transaction(async (tx) => {
        if (
          !(await markComparisonChosen(tx, comparisonId, {
            chosenProvider: chosen.provider,
            chosenModel: chosen.model,
            otherProvider: other?.provider ?? "",
          }))
        ) {
          return "chosen" as const;
        }
        const row = await claimForUserMessage(tx, {
          caseId,
          userId: user.id,
          premium: true,
          limit: 0,
          staleBefore: staleReplyBefore(ai.responseTimeout),
          defaultTitle: NEW_CASE.title,
          newTitle: titleFromQuestion(comparison.question),
          category: classifyCase(comparison.question),
        });
        if (!row) return "busy" as const;
        const question = await insertMessage(tx, { caseId, content: comparison.question, isUser: true });
        const answer = await insertMessage(tx, {
          caseId,
          content: chosen.content,
          isUser: false,
          aiProvider: chosen.provider,
          aiModel: chosen.model,
        });
        const after = await finishReply(tx, caseId, 1);
        return { question, answer, after };
      });
      if (result === "chosen") throw conflict("An answer was already chosen for this comparison.");
      if (result === "busy") throw conflict(REPLY_IN_PROGRESS_TEXT);
      await logs.app({
        ...actor,
        category: "ai",
        message: "Comparison answer chosen",
        metadata: { caseId, comparisonId, side, provider: chosen.provider },
      });
      return {
        messages: [toChatMessage(result.question), toChatMessage(result.answer)],
        case: result.after ? await caseDetail(result.after, user) : null,
      };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
