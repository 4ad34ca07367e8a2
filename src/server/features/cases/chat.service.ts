import { ERROR_CODES } from "@shared/api-error";
import {
  classifyCase,
  DOCUMENT_OFFER_TEXT,
  MESSAGES_PAGE_SIZE,
  matchesDocumentOffer,
  titleFromQuestion,
} from "@shared/chat";
import { NEW_CASE } from "@shared/constants";
import { AI_LIMIT_TEXT, CASE_TEXT } from "@shared/messages";
import { messageLimit, modelTier } from "@shared/plans";
import type { ChatMessage, Page } from "@shared/schemas/cases";
import type { UploadDetail } from "@shared/schemas/uploads";
import type { SessionUser } from "@shared/session";
import { type AiResult, type ChatTurn, StoppedError } from "../../ai/types";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import type { Emit } from "../../http/sse";
import { invalidInput, notFound, tooManyRequests } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import { AllProvidersFailedError, type AnswerEvent, type Assistant } from "../assistant/assistant.service";
import type { SettingsService } from "../settings/settings.service";
import type { UploadFile, UploadsService } from "../uploads/uploads.service";
import type { UsageService } from "../usage/usage.service";
import { staleReplyBefore, toCaseDetail, toChatMessage } from "./cases.mappers";
import { type CaseRow, findOwnedCase } from "./cases.queries";
import {
  acceptUserMessage,
  claimForRegenerate,
  finishReply,
  insertCaseAboutFile,
  listMessagesPage,
  requestStop,
  storeAnswer,
  storeApology,
  storeStopped,
} from "./chat.queries";
import { contextOf, explainRefusal, historyOf } from "./conversation";
import type { ReplyStops } from "./reply-stops";

/**
 * Sending in a case: the member's message is stored (and counted) before any provider is called,
 * the answer streams as it is written and is stored when complete, Stop keeps what was written,
 * Regenerate replaces the last answer. Plan limits and the one-reply-at-a-time rule are checked by
 * the database in the same statement that counts the message.
 */
export function createChatService(deps: {
  db: Db;
  run: RunPrepared;
  assistant: Assistant;
  settings: SettingsService;
  logger: Logger;
  usage: UsageService;
  stops: ReplyStops;
  uploads: UploadsService;
}) {
  const { db, run, assistant, settings, logger, usage, stops, uploads } = deps;

  async function caseDetail(row: CaseRow, user: SessionUser) {
    const { ai } = await settings.get();
    return toCaseDetail(row, user.plan, ai);
  }

  /** The passages of the case's files that bear on the question, for the assistant to answer from. */
  async function documentTaskFor(user: SessionUser, row: CaseRow, question: string) {
    const passages = await uploads.passagesFor(user, row.id, question).catch((error: unknown) => {
      logger.warn({ fault: describeFault(error), caseId: row.id }, "searching the case's files failed");
      return [];
    });
    return passages.length > 0 ? { task: { type: "answer" as const, passages } } : {};
  }

  /**
   * The reply to a message that brought files: each file's analysis in turn ('Document Analysis:
   * {fileName}'), the member's words answered with it, written as one answer.
   */
  async function analyseFiles(
    user: SessionUser,
    row: CaseRow,
    files: UploadFile[],
    question: string,
    signal: AbortSignal,
    emit: Emit,
    onEvent: (event: AnswerEvent) => void,
    setBefore: (text: string) => void,
  ): Promise<AiResult> {
    const parts: string[] = [];
    let last: AiResult | null = null;
    let tokens: AiResult["usage"];
    for (const file of files) {
      if (parts.length > 0) {
        const joined = `${parts.join("\n\n")}\n\n`;
        setBefore(joined);
        onEvent({ type: "delta", text: "\n\n" });
      }
      const part = await uploads.analyse(user, file, {
        context: contextOf(row, user),
        ...(question ? { question } : {}),
        signal,
        onStage: (stage) => void emit("status", { stage, fileName: file.fileName ?? file.title }),
        onEvent,
      });
      if (!part.provider) onEvent({ type: "delta", text: part.content });
      parts.push(part.content);
      if (part.provider && part.model) last = { content: "", provider: part.provider, model: part.model };
      if (part.usage) {
        tokens = {
          promptTokens: (tokens?.promptTokens ?? 0) + part.usage.promptTokens,
          completionTokens: (tokens?.completionTokens ?? 0) + part.usage.completionTokens,
          totalTokens: (tokens?.totalTokens ?? 0) + part.usage.totalTokens,
        };
      }
    }
    return {
      content: parts.join("\n\n"),
      provider: last?.provider ?? "offline",
      model: last?.model ?? "lawguide-files",
      ...(tokens ? { usage: tokens } : {}),
    };
  }

  /** Stream the assistant's answer to the last member message and store it. Never throws. */
  async function reply(
    user: SessionUser,
    row: CaseRow,
    emit: Emit,
    offerCandidate: boolean,
    knownHistory?: ChatTurn[],
    files: UploadFile[] = [],
  ): Promise<void> {
    const controller = new AbortController();
    stops.watch(row.id, controller);
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
    // Text of files already analysed in this reply: a provider failing on a later file restarts
    // only that file's part.
    let before = "";
    const onEvent = (event: AnswerEvent) => {
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
        written = before;
        pending = "";
        void emit("reset", { failed: event.failed });
        if (before) void emit("delta", { text: before });
      }
    };
    try {
      const history = knownHistory ?? (await historyOf(db, row.id));
      const question = [...history].reverse().find((turn) => turn.role === "user")?.content ?? "";
      const result =
        files.length > 0
          ? await analyseFiles(user, row, files, question, controller.signal, emit, onEvent, (text) => {
              before = text;
            })
          : await assistant.streamAnswer({
              tier: modelTier(user.plan),
              context: contextOf(row, user),
              history,
              userId: user.id,
              ...(await documentTaskFor(user, row, question)),
              signal: controller.signal,
              onEvent,
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
      stops.unwatch(row.id);
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
      const stored = await storeStopped(db, {
        caseId: row.id,
        content: written,
        provider: source?.provider ?? null,
        model: source?.model ?? null,
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
      const stored = await storeApology(db, row.id, CASE_TEXT.assistantFailure);
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
     * Store and count the member's message (refused: 404 unknown case, 402 plan limit, 409 a
     * reply in progress; 429 over the AI limits, the message stored all the same). Returns what
     * is needed to stream the reply.
     */
    async acceptMessage(user: SessionUser, caseId: string, content: string, attachmentIds: string[] = []) {
      const { ai } = await settings.get();
      // The files must be the member's own and whole (404 otherwise) before anything is stored.
      const files = attachmentIds.length > 0 ? await uploads.forMessage(user, attachmentIds) : [];
      const topic = content || files.map((f) => f.fileName ?? f.title).join(", ");
      // Counted before the message is stored; a member over the AI limits still has it stored.
      const refusal = await usage.aiRefusal(user);
      const stored = await acceptUserMessage(run, {
        caseId,
        userId: user.id,
        limit: messageLimit(user.plan, ai),
        staleBefore: staleReplyBefore(ai.responseTimeout),
        defaultTitle: NEW_CASE.title,
        newTitle: content ? titleFromQuestion(content) : titleFromQuestion(`Review of ${topic}`),
        category: classifyCase(topic),
        content,
        attachments: files.map(uploads.toAttachment),
      });
      if (!stored) return explainRefusal(db, user, caseId, ai);
      if (files.length > 0) await uploads.attach(user, attachmentIds, caseId);
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
        offerCandidate: files.length === 0 && matchesDocumentOffer(content),
        files,
      };
    },

    /** Open a new case about a file: the file in its first message, with its analysis if it has one. */
    async openCaseAbout(user: SessionUser, upload: UploadDetail): Promise<{ caseId: string }> {
      const row = await insertCaseAboutFile(db, {
        userId: user.id,
        title: titleFromQuestion(`Review of ${upload.fileName}`),
        description: `Questions about my document ${upload.fileName}.`,
        category: classifyCase(`${upload.fileName} ${upload.analysis ?? ""}`),
        content:
          upload.analysis ??
          `I've added **${upload.fileName}** to this case. Ask me anything about it and I'll answer from its own words.`,
        file: { id: upload.id, fileName: upload.fileName, mimeType: upload.mimeType, sizeBytes: upload.sizeBytes },
      });
      await uploads.attach(user, [upload.id], row.id);
      return { caseId: row.id };
    },

    reply,

    /** Claim the case and remove its last answer so it can be written again. */
    async acceptRegenerate(user: SessionUser, caseId: string) {
      const { ai } = await settings.get();
      if (!(await findOwnedCase(db, caseId, user.id))) throw notFound(CASE_TEXT.notFound);
      await usage.checkAi(user);
      const result = await claimForRegenerate(db, caseId, user.id, staleReplyBefore(ai.responseTimeout));
      // Regenerating adds no message of the member's: only the case and the reply slot can refuse it.
      if (!result) return explainRefusal(db, { ...user, plan: "premium" }, caseId, ai);
      if (result.invalid) throw invalidInput("There is no answer to regenerate yet.");
      return { row: result.row, removedId: result.removed?.id ?? null };
    },

    /** Stop the reply being written in this case (wherever it is being written). */
    async stop(user: SessionUser, caseId: string): Promise<boolean> {
      if (!(await findOwnedCase(db, caseId, user.id))) throw notFound(CASE_TEXT.notFound);
      const requested = await requestStop(db, caseId, user.id);
      stops.abortHere(caseId);
      return requested;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
