import { ERROR_CODES } from "@shared/api-error";
import {
  classifyCase,
  DOCUMENT_OFFER_TEXT,
  MESSAGES_PAGE_SIZE,
  matchesDocumentOffer,
  titleFromQuestion,
} from "@shared/chat";
import { NEW_CASE } from "@shared/constants";
import { LAW_EVENTS, type LawEvent } from "@shared/law";
import { AI_LIMIT_TEXT, CASE_TEXT } from "@shared/messages";
import { messageLimit, modelTier } from "@shared/plans";
import type { ChatMessage, MessageSources, Page, SendMessage } from "@shared/schemas/cases";
import type { ChatStreamEvent } from "@shared/schemas/streams";
import type { SessionUser } from "@shared/session";
import { stateOfCase } from "../../ai/offline/jurisdictions";
import { type AiResult, type ChatTurn, StoppedError } from "../../ai/types";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import type { Emit, StreamBody } from "../../http/sse";
import { longDay } from "../../law/deadlines";
import { keyDateMention } from "../../law/key-date-mention";
import { invalidInput, notFound, tooManyRequests } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import { AllProvidersFailedError, type Assistant } from "../assistant/assistant.service";
import type { DocumentAnalysis } from "../assistant/document-analysis.service";
import type { LawLibrary } from "../law-library/law-library.service";
import type { SettingsService } from "../settings/settings.service";
import type { UploadFile, UploadsService } from "../uploads/uploads.service";
import { aiAllowanceOf, judgeAiAllowance, type UsageService } from "../usage/usage.service";
import { type AnswerWriter, createAnswerWriter } from "./answer-writer";
import { createCaseLaw } from "./case-law";
import { staleReplyBefore, toCaseDetail, toChatMessage } from "./cases.mappers";
import { type CaseRow, findOwnedCase } from "./cases.queries";
import {
  acceptUserMessage,
  claimForRegenerate,
  finishReply,
  insertCaseAboutFile,
  insertKeyDateOffer,
  listMessagesPage,
  requestStop,
  storeAnswer,
  storeApology,
  storeStopped,
} from "./chat.queries";
import { contextOf, explainRefusal, historyOf, turnsOf } from "./conversation";
import type { ReplyStops } from "./reply-stops";

/** A reply being streamed: the events of `POST /api/cases/{id}/messages` and `/regenerate`. */
export type ChatStream = StreamBody<ChatStreamEvent>;

/** What the reply to the last member message goes on. */
interface Turn {
  /** The conversation the reply answers, when already read; else it is read when the reply starts. */
  history?: ChatTurn[];
  /** Files sent with the message: each one analysed in turn. */
  files: UploadFile[];
  /** The member asked for something a document could do: the offer to prepare one may follow. */
  offerCandidate: boolean;
  /** False when the case has no files to search for passages; when unknown, they are searched. */
  hasFiles?: boolean;
  /** A key date the member's message stated: the offer to add it follows the answer. */
  keyDate?: { event: LawEvent; eventDate: string } | null;
}

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
  analysis: Pick<DocumentAnalysis, "analyse">;
  settings: SettingsService;
  logger: Logger;
  usage: UsageService;
  stops: ReplyStops;
  uploads: Pick<UploadsService, "forMessage" | "attach" | "toAttachment" | "passagesFor" | "get" | "keepAnalysis">;
  law: Pick<LawLibrary, "factsOf" | "sections">;
}) {
  const { db, run, assistant, analysis, settings, logger, usage, stops, uploads } = deps;
  const caseLaw = createCaseLaw({ law: deps.law, logger });

  async function caseDetail(row: CaseRow, user: SessionUser) {
    const { ai } = await settings.get();
    return toCaseDetail(row, user.plan, ai);
  }

  /**
   * Store and count the member's message with its files, in the statement that reads the
   * conversation. Refused (nothing stored): 404 unknown case or file, 409 archived, 402 at the
   * plan's limit, 409 a reply in progress. Over the AI limits, the message is stored all the same
   * and then refused (429).
   */
  async function store(user: SessionUser, caseId: string, input: SendMessage) {
    const { ai } = await settings.get();
    const { content } = input;
    // The files must be the member's own and whole (404 otherwise) before anything is stored.
    const files = input.attachments.length > 0 ? await uploads.forMessage(user, input.attachments) : [];
    const topic = content || files.map((f) => f.fileName ?? f.title).join(", ");
    const rule = { limit: messageLimit(user.plan, ai), staleBefore: staleReplyBefore(ai.responseTimeout) };
    const now = new Date();
    // The answer's AI call is counted with the message; a member over the AI limits still has it stored.
    const stored = await acceptUserMessage(run, {
      caseId,
      userId: user.id,
      ...rule,
      defaultTitle: NEW_CASE.title,
      newTitle: content ? titleFromQuestion(content) : titleFromQuestion(`Review of ${topic}`),
      category: classifyCase(topic),
      content,
      attachments: files.map(uploads.toAttachment),
      aiAllowance: aiAllowanceOf(user.id, now),
    });
    if (!stored) return explainRefusal(run, user, caseId, rule);
    const overAiLimits = stored.aiUsed && judgeAiAllowance(user, stored.aiUsed, ai, now);
    if (files.length > 0) await uploads.attach(user, input.attachments, caseId);
    const turn: Turn = {
      history: [...turnsOf(stored.history), { role: "user", content }],
      files,
      offerCandidate: files.length === 0 && matchesDocumentOffer(content),
      hasFiles: stored.hasFiles,
      keyDate: keyDateMention(content, now.toISOString().slice(0, 10)),
    };
    return { row: stored.row, message: stored.message, turn, overAiLimits };
  }

  /** The reply to a message that brought files: each file's analysis in turn, written as one answer. */
  async function analyseAttachments(
    user: SessionUser,
    row: CaseRow,
    files: UploadFile[],
    question: string,
    writer: AnswerWriter,
    emit: Emit<ChatStreamEvent>,
    signal: AbortSignal,
  ): Promise<AiResult> {
    const parts: string[] = [];
    let source: { provider: AiResult["provider"]; model: string } | null = null;
    let tokens: AiResult["usage"];
    for (const file of files) {
      if (parts.length > 0) writer.nextPart();
      const fileName = file.fileName ?? file.title;
      const part = await analysis.analyse(
        user,
        { id: file.id, fileName },
        {
          context: contextOf(row, user),
          ...(question ? { question } : {}),
          signal,
          onStage: (stage) => void emit("status", { stage, fileName }),
          onEvent: writer.onEvent,
        },
      );
      if (!part.analysed) writer.write(part.content);
      // The analysis is kept with the file too: My documents shows it as analysed, with its reading.
      // A file deleted meanwhile has nothing to keep it with.
      else await uploads.keepAnalysis(user, file.id, part.content).catch(() => undefined);
      parts.push(part.content);
      if (part.analysed) source = { provider: part.provider, model: part.model };
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
      provider: source?.provider ?? "offline",
      model: source?.model ?? "lawguide-files",
      ...(tokens ? { usage: tokens } : {}),
    };
  }

  /**
   * The answer to a question, with the passages of the case's files that bear on it when it has
   * files and the law library's facts on what it asks; a provider's answer comes with its sources.
   */
  async function answerQuestion(
    user: SessionUser,
    row: CaseRow,
    history: ChatTurn[],
    question: string,
    writer: AnswerWriter,
    signal: AbortSignal,
    hasFiles = true,
  ): Promise<AiResult & { sources?: MessageSources | null }> {
    const { facts, library } = await caseLaw.forQuestion(row, history, question);
    const passages = hasFiles
      ? await uploads.passagesFor(user, row.id, question).catch((error: unknown) => {
          logger.warn({ fault: describeFault(error), caseId: row.id }, "searching the case's files failed");
          return [];
        })
      : [];
    const result = await assistant.streamAnswer({
      tier: modelTier(user.plan),
      context: contextOf(row, user),
      history,
      userId: user.id,
      ...(passages.length > 0 ? { task: { type: "answer" as const, passages } } : {}),
      ...(facts.length > 0 ? { law: facts } : {}),
      ...(library.length > 0 ? { library } : {}),
      signal,
      onEvent: writer.onEvent,
    });
    return { ...result, sources: await caseLaw.sourcesOf(result, facts) };
  }

  /**
   * Write the reply to the last member message and store it: the files analysed, or the question
   * answered, then the offer to prepare a document when the question asked for one. Never throws:
   * a Stop keeps what was written, a failure stores the apology.
   */
  async function reply(user: SessionUser, row: CaseRow, emit: Emit<ChatStreamEvent>, turn: Turn): Promise<void> {
    const controller = new AbortController();
    stops.watch(row.id, controller);
    const writer = createAnswerWriter(emit);
    try {
      const history = turn.history ?? (await historyOf(db, row.id));
      const question = [...history].reverse().find((t) => t.role === "user")?.content ?? "";
      const result: AiResult & { sources?: MessageSources | null } =
        turn.files.length > 0
          ? await analyseAttachments(user, row, turn.files, question, writer, emit, controller.signal)
          : await answerQuestion(user, row, history, question, writer, controller.signal, turn.hasFiles);
      writer.flush();
      const stored = await storeAnswer(run, {
        caseId: row.id,
        content: result.content,
        provider: result.provider,
        model: result.model,
        promptTokens: result.usage?.promptTokens ?? null,
        completionTokens: result.usage?.completionTokens ?? null,
        totalTokens: result.usage?.totalTokens ?? null,
        offerText: turn.offerCandidate && !row.documentOfferedAt ? DOCUMENT_OFFER_TEXT : null,
        sources: result.sources ?? null,
      });
      const keyDateOffer = turn.keyDate ? await offerKeyDate(row, turn.keyDate, history) : null;
      await emit("done", {
        message: toChatMessage(stored.answer),
        followUp: stored.followUp ? toChatMessage(stored.followUp) : null,
        keyDateOffer: keyDateOffer ? toChatMessage(keyDateOffer) : null,
        case: stored.after ? await caseDetail(stored.after, user) : null,
      });
    } catch (error) {
      if (error instanceof StoppedError) {
        await finishStopped(user, row, writer, emit);
      } else {
        if (!(error instanceof AllProvidersFailedError))
          logger.error({ fault: describeFault(error), caseId: row.id }, "reply failed");
        await finishWithApology(user, row, emit);
      }
    } finally {
      writer.close();
      stops.unwatch(row.id);
    }
  }

  /**
   * The offer to add the key date the member's message stated (with the state the case names, if
   * any); nothing is added until they say yes. Never fails the reply.
   */
  async function offerKeyDate(row: CaseRow, keyDate: { event: LawEvent; eventDate: string }, history: ChatTurn[]) {
    try {
      const state = stateOfCase({
        messages: history.filter((t) => t.role === "user").map((t) => t.content),
        caseText: `${row.title}\n${row.description}`,
      });
      const label = LAW_EVENTS.find((e) => e.id === keyDate.event)?.label ?? keyDate.event;
      return await insertKeyDateOffer(db, {
        caseId: row.id,
        content: `You mentioned a date: "${label}" on ${longDay(keyDate.eventDate)}. Add it to this case's key dates to see the deadlines that follow and get reminders?`,
        event: keyDate.event,
        eventDate: keyDate.eventDate,
        state,
      });
    } catch (error) {
      logger.warn({ fault: describeFault(error), caseId: row.id }, "key date offer not stored");
      return null;
    }
  }

  async function finishStopped(user: SessionUser, row: CaseRow, writer: AnswerWriter, emit: Emit<ChatStreamEvent>) {
    try {
      const stored = await storeStopped(db, {
        caseId: row.id,
        content: writer.written,
        provider: writer.source?.provider ?? null,
        model: writer.source?.model ?? null,
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

  async function finishWithApology(user: SessionUser, row: CaseRow, emit: Emit<ChatStreamEvent>) {
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
     * Send a message (words, files, or both). Refusals are thrown before anything streams: 404,
     * 402, 409 with nothing stored; 429 over the AI limits with the message stored. Resolves to
     * the reply's stream: the stored message, the files analysed or the question answered, the
     * stored answer.
     */
    async send(user: SessionUser, caseId: string, input: SendMessage): Promise<ChatStream> {
      const accepted = await store(user, caseId, input);
      if (accepted.overAiLimits) {
        await finishReply(db, caseId, 0);
        throw tooManyRequests(
          ERROR_CODES.aiLimited,
          `${accepted.overAiLimits.message} ${AI_LIMIT_TEXT.messageKept}`,
          accepted.overAiLimits.retryAfterSeconds,
        );
      }
      const message = toChatMessage(accepted.message);
      const detail = await caseDetail(accepted.row, user);
      return async (emit) => {
        await emit("message", { message, case: detail });
        await reply(user, accepted.row, emit, accepted.turn);
      };
    },

    /**
     * Write the last answer again: the case is claimed and its last answer removed (refused before
     * anything streams: 404, 409, 429, 400 when there is no answer yet). Resolves to the reply's stream.
     */
    async regenerate(user: SessionUser, caseId: string): Promise<ChatStream> {
      const { ai } = await settings.get();
      if (!(await findOwnedCase(db, caseId, user.id))) throw notFound(CASE_TEXT.notFound);
      await usage.checkAi(user);
      const staleBefore = staleReplyBefore(ai.responseTimeout);
      const claimed = await claimForRegenerate(db, caseId, user.id, staleBefore);
      // Regenerating adds no message of the member's: only the case and the reply slot can refuse it.
      if (!claimed) return explainRefusal(run, user, caseId, { limit: null, staleBefore });
      if (claimed.invalid) throw invalidInput("There is no answer to regenerate yet.");
      const removedId = claimed.removed?.id ?? null;
      return async (emit) => {
        await emit("regenerating", { removedId });
        await reply(user, claimed.row, emit, { files: [], offerCandidate: false });
      };
    },

    /** Open a new case about a file: the file in its first message, with its analysis if it has one. */
    async openCaseAbout(user: SessionUser, uploadId: string): Promise<{ caseId: string }> {
      const upload = await uploads.get(user, uploadId);
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
