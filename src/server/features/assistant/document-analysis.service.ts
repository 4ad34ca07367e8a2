import { CASE_TEXT } from "@shared/messages";
import { modelTier } from "@shared/plans";
import type { UploadAnalysisStreamEvent } from "@shared/schemas/streams";
import type { SessionUser } from "@shared/session";
import { analysisTitle, findUnverifiedQuotes } from "../../ai/document-analysis";
import type { CaseContext } from "../../ai/prompts";
import type { AiResult } from "../../ai/types";
import type { StreamBody } from "../../http/sse";
import type { UploadsService } from "../uploads/uploads.service";
import type { UsageService } from "../usage/usage.service";
import type { AnswerEvent, Assistant } from "./assistant.service";

/** Passages of one file given to an analysis (the prompt bounds the text further). */
const ANALYSIS_PASSAGES = 400;

export const UNVERIFIED_QUOTES_NOTE =
  "\n\n> **Check the quotes:** some quoted words above could not be found in your document. Rely on the document's own wording.";

/** The file to analyse. */
export interface FileToAnalyse {
  id: string;
  fileName: string;
}

/**
 * One file's analysis: written by a provider (its tokens in `usage`), or, when the file has no text
 * to analyse, the reason under the analysis heading with no provider.
 */
export type FileAnalysis =
  | (AiResult & { analysed: true })
  | { analysed: false; content: string; provider: null; model: null; usage?: undefined };

export interface AnalysisOptions {
  /** What the assistant is told about where the file is being read (a case, or the Document Center). */
  context: CaseContext;
  /** The member's words sent with the file, answered with the analysis. */
  question?: string;
  signal?: AbortSignal;
  /** The file is being read (waited for until it has been), then analysed. */
  onStage: (stage: "reading" | "analysing") => void;
  onEvent: (event: AnswerEvent) => void;
}

/**
 * The analysis of a member's file by the assistant: the file's passages (with their places) go to
 * the answer chain, and quotes the document does not hold are flagged. Used by the case chat (a
 * file sent with a message) and by the Document Center (`POST /api/uploads/{id}/analysis`).
 */
export function createDocumentAnalysis(deps: {
  assistant: Assistant;
  uploads: Pick<UploadsService, "get" | "whenRead" | "keepAnalysis">;
  usage: Pick<UsageService, "checkAi">;
}) {
  const { assistant, uploads, usage } = deps;

  /** Analyse one file, streamed through `onEvent`; waits for the file to be read first. */
  async function analyse(user: SessionUser, file: FileToAnalyse, options: AnalysisOptions): Promise<FileAnalysis> {
    const { fileName } = file;
    options.onStage("reading");
    const read = await uploads.whenRead(user, file.id, {
      limit: ANALYSIS_PASSAGES,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!read.ready) {
      return { analysed: false, content: `## ${analysisTitle(fileName)}\n\n${read.why}`, provider: null, model: null };
    }
    options.onStage("analysing");
    const result = await assistant.streamAnswer({
      tier: modelTier(user.plan),
      context: options.context,
      history: [
        {
          role: "user",
          content: options.question
            ? `${options.question}\n\n(Attached: ${fileName})`
            : `Please analyse my document "${fileName}".`,
        },
      ],
      userId: user.id,
      task: {
        type: "analyse",
        fileName,
        passages: read.passages,
        ...(options.question ? { question: options.question } : {}),
      },
      ...(options.signal ? { signal: options.signal } : {}),
      onEvent: options.onEvent,
    });
    if (findUnverifiedQuotes(result.content, read.passages).length === 0) return { ...result, analysed: true };
    options.onEvent({ type: "delta", text: UNVERIFIED_QUOTES_NOTE });
    return { ...result, content: result.content + UNVERIFIED_QUOTES_NOTE, analysed: true };
  }

  return {
    analyse,

    /**
     * The Document Center's analysis of a file on its own ('Analyse', 'Analyse again'), kept with
     * the file. An unknown file (404) and a spent AI allowance (429) are refused before the stream
     * opens; the stream then says where the analysis is and ends with the file as stored.
     */
    async analyseUpload(user: SessionUser, id: string): Promise<StreamBody<UploadAnalysisStreamEvent>> {
      const upload = await uploads.get(user, id);
      await usage.checkAi(user);
      const context: CaseContext = {
        caseId: "none (Document Center)",
        title: `Document review: ${upload.fileName}`,
        description: "",
        category: null,
        complexity: null,
        profession: user.profession || null,
      };
      return async (emit) => {
        const failed = () => emit("error", { message: CASE_TEXT.assistantFailure });
        try {
          const result = await analyse(user, upload, {
            context,
            onStage: (stage) => void emit("status", { stage, fileName: upload.fileName }),
            onEvent: (event) => {
              if (event.type === "start") void emit("start", { provider: event.provider, model: event.model });
              else if (event.type === "delta") void emit("delta", { text: event.text });
              else void emit("reset", { failed: event.failed });
            },
          });
          // A file with no text to analyse (unreadable, or still being read) has no analysis to keep.
          if (!result.analysed) return await failed();
          await emit("done", { upload: await uploads.keepAnalysis(user, upload.id, result.content) });
        } catch {
          await failed();
        }
      };
    },
  };
}

export type DocumentAnalysis = ReturnType<typeof createDocumentAnalysis>;
