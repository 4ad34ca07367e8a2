/**
 * Uploads: which files a member may bring, how big, how many a month, and how their sizes and
 * names read. The server enforces every rule here; the browser mirrors them before sending.
 */
import type { PlanId } from "./plans";
import { PLANS } from "./plans";

/** The kinds of file LawGuide reads, as their bytes identify them (never by name or browser type). */
export const UPLOAD_KINDS = ["pdf", "doc", "docx", "jpeg", "png", "gif"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_MIME_TYPES: Record<UploadKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** The file picker's `accept` list (spec: pdf, doc, docx, jpg, jpeg, png, gif). */
export const UPLOAD_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif";

/** Whether the browser's idea of a file looks acceptable (the server decides from the bytes). */
export function looksLikeAcceptedFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type.startsWith("image/") || type === "application/pdf" || type.includes("word") || type.includes("document"))
    return true;
  return /\.(pdf|docx?|jpe?g|png|gif)$/i.test(file.name);
}

/** Files attached to one message at most. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;

/** Bytes in the administrator's upload limit (setting `maxFileUploadSize`, in MB). */
export const uploadLimitBytes = (maxFileUploadSizeMb: number): number => maxFileUploadSizeMb * 1024 * 1024;

/** Uploads a plan allows per calendar month (UTC); null is unlimited. */
export const uploadsPerMonth = (plan: PlanId): number | null => PLANS[plan].entitlements.uploadsPerMonth;

/** The calendar month (UTC) an upload counts towards, e.g. "2026-11". */
export const uploadPeriod = (at: Date): string => at.toISOString().slice(0, 7);

export const UPLOAD_TEXT = {
  wrongType: "Please upload only images, PDFs, or document files.",
  tooLarge: (maxMb: number) => `File size must be less than ${maxMb}MB.`,
  allowanceReached: (limit: number, planName: string) =>
    `You've used your ${limit} uploads for this month on the ${planName} plan. Upgrade to Premium for unlimited uploads, or wait until the 1st of next month.`,
  notFound: "File not found",
  noFile: "Please choose a file to upload.",
  interrupted: "The upload was interrupted. Please try again.",
  failed: "We couldn't upload this file. Please try again.",
  tooManyAttachments: `You can attach up to ${MAX_ATTACHMENTS_PER_MESSAGE} files to one message.`,
  notReadyToSend: "Please wait until your files have finished uploading.",
  unreadable:
    "We couldn't read any text in this file. If it is a photo or a scan, try a sharper, well-lit picture or a PDF with selectable text.",
  stillReading: "This file is still being read. Please try again in a moment.",
  tooManyReading: (count: number) =>
    `You have ${count} files still being uploaded or read. Please wait until they are ready before adding more.`,
} as const;

/** A member's files being received or read at once at most: a queue of files is everyone's wait. */
export const MAX_UPLOADS_IN_FLIGHT = 2 * MAX_ATTACHMENTS_PER_MESSAGE;

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** A size as the spec shows it: Bytes, KB, MB or GB, with at most two decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[power]}`;
}

export const FILE_NAME_MAX_CHARS = 200;

/**
 * A file name as it may be stored and shown: the last path segment only (no folders, no `..`),
 * no control or bidirectional-override characters, trimmed and bounded; never empty.
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? "";
  let kept = "";
  for (const char of lastSegment) {
    const code = char.codePointAt(0) ?? 0;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    // The bidi overrides and marks that make "gpj.exe" read as "exe.jpg".
    const bidi =
      (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f;
    // A lone surrogate half (a whole pair arrives here as one character).
    const loneSurrogate = code >= 0xd800 && code <= 0xdfff;
    if (!control && !bidi && !loneSurrogate) kept += char;
  }
  const cleaned = kept.replace(/\s+/g, " ").trim().replace(/^\.+/, "").trim();
  const bounded = [...cleaned].slice(0, FILE_NAME_MAX_CHARS).join("");
  return bounded || "document";
}

/** Where an uploaded file is downloaded from (kept free of the schemas, so pages load no validator). */
export const uploadFileUrl = (id: string) => `/api/uploads/${id}/file`;
