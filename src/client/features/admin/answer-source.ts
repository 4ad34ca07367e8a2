import { answerSourceName, OFFLINE_MODEL } from "@shared/ai-providers";

/**
 * Who wrote an answer, as administrators read it: 'OpenAI (gpt-5-mini)'. The offline assistant is
 * named 'Offline assistant' alone: its stored model id (`lawguide-offline`) is not a model anyone
 * chose, and says nothing more.
 */
export function answerSourceLabel(provider: string, model: string | null | undefined): string {
  if (provider === "offline" || model === OFFLINE_MODEL) return answerSourceName("offline");
  return model ? `${answerSourceName(provider)} (${model})` : answerSourceName(provider);
}

/** A stored model id in words: the offline assistant's own id names the assistant. */
export const modelLabel = (model: string): string => (model === OFFLINE_MODEL ? answerSourceName("offline") : model);
