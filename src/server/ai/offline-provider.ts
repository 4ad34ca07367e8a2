import { OFFLINE_MODEL } from "@shared/ai-providers";
import { classifyCase } from "@shared/chat";
import { offlineAnalysis, offlineAnswerFromPassages } from "./offline";
import { OFFLINE_ANSWERS, OFFLINE_CLOSING } from "./offline-answers";
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

function pick<T>(items: T[], random: () => number): T {
  return items[Math.floor(random() * items.length) % items.length] as T;
}

/** The answer for a question: the topic's answer (random among several), cut to the token budget. */
export function offlineAnswer(question: string, maxTokens: number, random: () => number = Math.random): string {
  const topic = classifyCase(question);
  const answers = OFFLINE_ANSWERS[topic] ?? OFFLINE_ANSWERS.General ?? [""];
  const full = `${pick(answers, random)}${OFFLINE_CLOSING}`;
  const words = full.split(/(?<=\s)/);
  // About three words to a token is too generous; keep within the budget at ~0.75 words a token.
  const budget = Math.max(20, Math.floor(maxTokens * 0.75));
  return words.length <= budget ? full : `${words.slice(0, budget).join("").trimEnd()}…`;
}

/**
 * The offline assistant: general answers by topic, or, when files are involved, an analysis of the
 * file's own text and answers quoting its passages; after a 1-second pause, streamed in small
 * pieces like a real provider.
 */
export function createOfflineProvider(options: {
  delayMs: number;
  chunkDelayMs?: number;
  random?: () => number;
}): AiProvider {
  const answer = (request: AiRequest) => {
    const question = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const task = request.task;
    // A file is analysed from its own words; a question about a case's files is answered from
    // the passages found for it, when they hold an answer.
    if (task?.type === "analyse") return offlineAnalysis(task);
    if (task?.type === "answer") {
      const grounded = offlineAnswerFromPassages(question, task.passages);
      if (grounded) return `${grounded}${OFFLINE_CLOSING}`;
    }
    return offlineAnswer(question, request.maxTokens, options.random);
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
