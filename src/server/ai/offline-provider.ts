import { OFFLINE_MODEL } from "@shared/ai-providers";
import { offlineAnalysis, offlineAnswerFromPassages } from "./offline";
import { type CaseWords, legalityRuling, offlineLegalAnswer } from "./offline/legal-answer";
import { OFFLINE_CLOSING } from "./offline-answers";
import type { AiProvider, AiRequest, AiResult } from "./types";
import { StoppedError } from "./types";

export { OFFLINE_MODEL };

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StoppedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StoppedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The answer to the member's newest question, read with the case's earlier messages and its title
 * and description, cut to the token budget; it always ends with the disclaimer.
 */
export function offlineAnswer(
  words: CaseWords | string,
  maxTokens: number,
  random: () => number = Math.random,
): string {
  const full = `${offlineLegalAnswer(typeof words === "string" ? { question: words, earlier: [], caseText: "" } : words, random)}${OFFLINE_CLOSING}`;
  const pieces = full.split(/(?<=\s)/);
  // About three words to a token is too generous; keep within the budget at ~0.75 words a token.
  const budget = Math.max(20, Math.floor(maxTokens * 0.75));
  return pieces.length <= budget ? full : `${pieces.slice(0, budget).join("").trimEnd()}…`;
}

/** What the offline assistant reads of a request: the member's messages and the case's own words. */
function caseWordsOf(request: AiRequest): CaseWords {
  const asked = request.messages.filter((m) => m.role === "user").map((m) => m.content);
  const context = request.context;
  return {
    question: asked[asked.length - 1] ?? "",
    earlier: asked.slice(0, -1),
    caseText: context ? `${context.title}\n${context.description}` : "",
    library: request.library,
    answered: request.messages.filter((m) => m.role === "assistant").map((m) => m.content),
  };
}

/**
 * The offline assistant: answers by topic with the law library's facts, or, when files are involved, an analysis of the
 * file's own text and answers quoting its passages; after a 1-second pause, streamed in small
 * pieces like a real provider.
 */
export function createOfflineProvider(options: {
  delayMs: number;
  chunkDelayMs?: number;
  random?: () => number;
}): AiProvider {
  const answer = (request: AiRequest) => {
    const words = caseWordsOf(request);
    const task = request.task;
    // A file is analysed from its own words; a question about a case's files is answered from
    // the passages found for it, when they hold an answer. Each ends with its own one disclaimer.
    if (task?.type === "analyse") return offlineAnalysis(task);
    if (task?.type === "answer") {
      const grounded = offlineAnswerFromPassages(words.question, task.passages, legalityRuling(words));
      if (grounded) return grounded;
    }
    return offlineAnswer(words, request.maxTokens, options.random);
  };
  const usageOf = (request: AiRequest, content: string): AiResult["usage"] => {
    const prompt = Math.ceil((request.system.length + request.messages.reduce((n, m) => n + m.content.length, 0)) / 4);
    const completion = Math.ceil(content.length / 4);
    return { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion };
  };
  return {
    id: "offline",
    async stream(request, onDelta) {
      const content = answer(request);
      await sleep(options.delayMs, request.signal);
      const pieces = content.match(/\S+\s*/g) ?? [content];
      for (let i = 0; i < pieces.length; i += 3) {
        if (request.signal?.aborted) throw new StoppedError();
        onDelta(pieces.slice(i, i + 3).join(""));
        if (options.chunkDelayMs) await sleep(options.chunkDelayMs, request.signal);
      }
      const usage = usageOf(request, content);
      return { content, provider: "offline", model: OFFLINE_MODEL, ...(usage ? { usage } : {}), finishReason: "stop" };
    },
    async complete(request) {
      const content = answer(request);
      await sleep(options.delayMs, request.signal);
      const usage = usageOf(request, content);
      return { content, provider: "offline", model: OFFLINE_MODEL, ...(usage ? { usage } : {}), finishReason: "stop" };
    },
  };
}
