import { z } from "zod";
import { CASE_TEXT } from "../messages";
import type { UploadKind } from "../uploads";
import { listCursorSchema } from "./text";

export const uploadIdParamSchema = z.object({ id: z.uuid({ error: "File not found" }) });
/**
 * GET /api/uploads: the member's files a page at a time; `caseId`: only that case's files; with
 * `unsent=1` too, only those received for its message box and not sent yet (they wait there across
 * reloads until sent or removed).
 */
export const uploadListQuerySchema = z.object({
  cursor: listCursorSchema.optional(),
  caseId: z.uuid({ error: CASE_TEXT.notFound }).optional(),
  unsent: z.enum(["1", "true"]).optional(),
});
/** The multipart form's one text field: the case the file is brought into (optional). */
export const uploadFieldsSchema = z.object({ caseId: z.uuid({ error: CASE_TEXT.notFound }).optional() });

/**
 * Where a file is: `reading` while its text is extracted (in the background), then `ready`, or
 * `unreadable` when no text could be found (the file itself is kept).
 */
export type UploadStatus = "reading" | "ready" | "unreadable";

/** A member's uploaded file as lists and chips show it. */
export interface UploadSummary {
  id: string;
  /** The name as the member gave it (cleaned of paths and control characters). */
  fileName: string;
  kind: UploadKind;
  mimeType: string;
  sizeBytes: number;
  status: UploadStatus;
  /** Why a file is unreadable, in words for the member. */
  statusMessage: string | null;
  caseId: string | null;
  /** The title of the case it belongs to, if any. */
  caseTitle: string | null;
  /** When it was first sent in a message of its case; null while it waits in the message box. */
  sentAt: string | null;
  pageCount: number | null;
  createdAt: string;
  /** When the assistant last analysed it (in a case chat or the Document Center), if ever. */
  analysedAt: string | null;
}

export interface UploadDetail extends UploadSummary {
  /** The last analysis (Markdown), if any. */
  analysis: string | null;
}

/** Uploads used this month against the plan's allowance (limit null: unlimited). */
export interface UploadAllowance {
  used: number;
  limit: number | null;
  period: string;
}

export interface UploadCreated {
  upload: UploadSummary;
  allowance: UploadAllowance;
}

/** A file a chat message carries; its download address is `/api/uploads/{id}/file`. */
export interface ChatAttachment {
  id: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

export { uploadFileUrl } from "../uploads";
