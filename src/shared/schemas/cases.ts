import { z } from "zod";
import { MESSAGE_MAX_CHARS } from "../chat";
import type { CASE_COMPLEXITIES, CASE_STATUSES } from "../constants";

export const createCaseSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(4000).optional(),
});

export const MESSAGE_CONTROL_CHARS_TEXT = "Messages cannot contain a null character.";

export const sendMessageSchema = z.object({
  content: z
    .string({ error: "Please write a message first." })
    .trim()
    .min(1, "Please write a message first.")
    .max(MESSAGE_MAX_CHARS, `Messages can be up to ${MESSAGE_MAX_CHARS} characters.`)
    .refine((text) => !text.includes("\u0000"), MESSAGE_CONTROL_CHARS_TEXT),
});

export const chooseComparisonSchema = z.object({
  side: z.enum(["anthropic", "openai"]),
});

export const listQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const caseIdParam = z.object({ id: z.uuid({ error: "Case not found" }) });

export type CaseStatus = (typeof CASE_STATUSES)[number];
export type CaseComplexity = (typeof CASE_COMPLEXITIES)[number];

/** A case as lists and the chat header see it. */
export interface CaseSummary {
  id: string;
  title: string;
  description: string;
  status: string;
  category: string | null;
  complexity: string | null;
  messageCount: number;
  userMessageCount: number;
  lastMessageAt: string | null;
  createdAt: string;
  updatedAt: string;
  replying: boolean;
}

export interface CaseDetail extends CaseSummary {
  /** Free members' messages left in this case; null when unlimited. */
  remaining: number | null;
  messageLimit: number | null;
}

export interface ChatMessage {
  id: string;
  caseId: string;
  content: string;
  isUser: boolean;
  createdAt: string;
  attachments: string[];
  aiProvider: string | null;
  aiModel: string | null;
  /** complete | stopped | error */
  state: string;
  /** chat | document_offer | apology */
  kind: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface ComparisonAnswer {
  side: "anthropic" | "openai";
  provider: string;
  model: string;
  content: string;
  confidence: number;
  reasoning: string;
}
