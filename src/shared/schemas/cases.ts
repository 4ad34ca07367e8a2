import { z } from "zod";
import { CASE_SEARCH_MAX_CHARS, MESSAGE_MAX_CHARS } from "../chat";
import type { CASE_COMPLEXITIES, CASE_STATUSES } from "../constants";
import { CASE_TEXT } from "../messages";
import { MAX_ATTACHMENTS_PER_MESSAGE, UPLOAD_TEXT } from "../uploads";
import { listCursorSchema, text } from "./text";
import type { ChatAttachment } from "./uploads";

export const createCaseSchema = z.object({
  title: text({ min: 1, max: 200, required: "Please give the case a title." }).optional(),
  description: text({
    max: 4000,
    multiline: true,
    tooLong: "The description can be up to 4,000 characters.",
  }).optional(),
});

export const MESSAGE_CONTROL_CHARS_TEXT =
  "Messages cannot contain control characters such as a null character. Please remove them and send again.";

/** A message's words under the text rule (empty allowed only where files come with it). */
const messageText = (min: 0 | 1) =>
  text({
    min,
    max: MESSAGE_MAX_CHARS,
    multiline: true,
    required: "Please write a message first.",
    tooLong: `Messages can be up to ${MESSAGE_MAX_CHARS} characters.`,
    invalid: MESSAGE_CONTROL_CHARS_TEXT,
  });

/** A question asked of both assistants side by side. */
export const questionSchema = z.object({ content: messageText(1) });

/** A message sent in a case: words, files, or both. */
export const sendMessageSchema = z
  .object({
    content: messageText(0).default(""),
    /** Uploaded files (their ids) the message brings into the case. */
    attachments: z
      .array(z.uuid({ error: "File not found" }))
      .max(MAX_ATTACHMENTS_PER_MESSAGE, UPLOAD_TEXT.tooManyAttachments)
      .default([]),
  })
  .refine((body) => body.content.length > 0 || body.attachments.length > 0, {
    message: "Please write a message first.",
    path: ["content"],
  });

export type SendMessage = z.infer<typeof sendMessageSchema>;

export const chooseComparisonSchema = z.object({
  side: z.enum(["anthropic", "openai"]),
});

export { CASE_SEARCH_MAX_CHARS };

/** Words to find in cases (case-insensitive): the member's case list and the administrators'. */
export const caseSearchSchema = text({
  max: CASE_SEARCH_MAX_CHARS,
  tooLong: `Search for up to ${CASE_SEARCH_MAX_CHARS} characters.`,
}).optional();

export const listQuerySchema = z.object({
  cursor: listCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Words to find in the title or description (case-insensitive). */
  q: caseSearchSchema,
});

export const messagesQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const caseIdParam = z.object({ id: z.uuid({ error: CASE_TEXT.notFound }) });
export const comparisonParams = caseIdParam.extend({ comparisonId: z.uuid({ error: "Comparison not found" }) });

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
  /** The attorney an administrator assigned to the case (a name), if any. */
  assignedAttorney: string | null;
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
  attachments: ChatAttachment[];
  aiProvider: string | null;
  aiModel: string | null;
  /** complete | stopped | error */
  state: string;
  /** chat | document_offer | key_date_offer | apology */
  kind: string;
  /** A key_date_offer's date, offered to be added to the case's key dates. */
  keyDateOffer: KeyDateOffer | null;
  /** An AI provider's answer: the law library's facts it was given, and citations LawGuide does not hold. */
  sources: MessageSources | null;
}

/** One fact of LawGuide's law library an answer was given, shown under it as a source. */
export interface MessageSource {
  state: string;
  stateName: string;
  topic: string;
  topicLabel: string;
  citation: string;
  /** The month the fact was read against its source (YYYY-MM); null: not verified. */
  checked: string | null;
  url: string | null;
}

/** An answer's sources: the library's facts, and the citations it wrote that LawGuide has not checked. */
export interface MessageSources {
  library: MessageSource[];
  unchecked: string[];
}

/** A key date the member stated in a message, offered to be added (nothing is added without their yes). */
export interface KeyDateOffer {
  event: string;
  /** "I moved out and returned the keys". */
  eventLabel: string;
  eventDate: string;
  /** "March 3, 2026". */
  eventDateText: string;
  /** The state the case names; null: the member chooses it when adding. */
  state: string | null;
  stateName: string | null;
  status: "open" | "added" | "declined";
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
