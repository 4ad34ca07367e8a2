import { ANSWER_SOURCE_NAMES } from "@shared/ai-providers";
import type { LawFact } from "@shared/law";
import type { DocumentTask } from "./document-analysis";
import type { CaseContext } from "./prompts";

export type ProviderId = "openai" | "anthropic";
export type AnswerSource = ProviderId | "offline";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** One request to one provider. */
export interface AiRequest {
  system: string;
  messages: ChatTurn[];
  model: string;
  maxTokens: number;
  temperature: number;
  /** The member's id, passed as the provider's end-user identifier (abuse monitoring), never in the prompt. */
  userId?: string;
  /** Give up when nothing arrives for this long (before the first token and between tokens). */
  timeoutMs: number;
  /** Aborted when the member presses Stop. */
  signal?: AbortSignal;
  /**
   * A file being analysed, or passages of the case's files for the question. Providers get it in
   * the system prompt; the offline assistant reads it directly.
   */
  task?: DocumentTask;
  /** The case the question belongs to: providers get it in `system`; the offline assistant reads it here. */
  context?: CaseContext;
  /** The law library's facts on what the member asks: providers get them in `system`; the offline assistant reads them here. */
  law?: LawFact[];
  /** Every fact of the case's state in force: the offline assistant answers from it (providers ignore it). */
  library?: LawFact[];
}

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface AiResult {
  content: string;
  provider: AnswerSource;
  model: string;
  usage?: AiUsage;
  finishReason?: string;
}

export interface AiProvider {
  id: AnswerSource;
  /** Stream the answer: `onDelta` gets each piece of text as it arrives. */
  stream(request: AiRequest, onDelta: (text: string) => void): Promise<AiResult>;
  complete(request: AiRequest): Promise<AiResult>;
}

/** The member pressed Stop: not a provider failure. */
export class StoppedError extends Error {
  constructor() {
    super("Stopped by the member");
  }
}

/** No token for `timeoutMs`. */
export class ProviderTimeoutError extends Error {
  constructor(provider: string, ms: number) {
    super(`Failed to get response from ${provider}: no answer within ${Math.round(ms / 1000)} s`);
  }
}

export const PROVIDER_NAMES: Record<AnswerSource, string> = ANSWER_SOURCE_NAMES;
