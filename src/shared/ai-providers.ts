/**
 * Who may write an answer: the two AI providers, or LawGuide's offline assistant when neither
 * answers. Their names as members and administrators read them, in one place.
 */
export const ANSWER_SOURCES = ["openai", "anthropic", "offline"] as const;
export type AnswerSourceId = (typeof ANSWER_SOURCES)[number];

export const ANSWER_SOURCE_NAMES: Record<AnswerSourceId, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  offline: "Offline assistant",
};

/** A stored provider id in words (an id from an older version is shown as it is). */
export const answerSourceName = (id: string): string => ANSWER_SOURCE_NAMES[id as AnswerSourceId] ?? id;

/** The model id stored with the offline assistant's answers. */
export const OFFLINE_MODEL = "lawguide-offline";

/** A stored model id in words: the offline assistant's is not a model anyone chose. */
export const modelName = (model: string): string => (model === OFFLINE_MODEL ? "built in" : model);
