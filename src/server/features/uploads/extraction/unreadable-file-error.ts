/**
 * Why LawGuide could not read an uploaded file, in a sentence the member can act on. Thrown in the
 * reading process and rebuilt in the server from its reason, so both sides share the words.
 */
export type UnreadableReason = "no-text" | "damaged" | "protected" | "too-large" | "failed";

export const UNREADABLE_MESSAGES: Record<UnreadableReason, string> = {
  "no-text":
    "We could not read any text in this file. If it is a scan, try a clearer photo or a PDF with selectable text.",
  damaged:
    "We could not open this file. It may be damaged or not the kind of file it claims to be. Try saving it again and uploading the new copy.",
  protected:
    "This file is protected by a password, so we cannot read it. Save a copy without the password and upload that instead.",
  "too-large":
    "This file is too large to read once unpacked. Try splitting it into smaller files, or save it as a PDF and upload that.",
  failed:
    "We could not read this file: it is too large or damaged. Try a smaller file, or save it again as a PDF and upload that.",
};

export class UnreadableFileError extends Error {
  override readonly name = "UnreadableFileError";
  readonly reason: UnreadableReason;

  /** `detail` is for the server's log (the parser's own words), never for the member. */
  constructor(reason: UnreadableReason, detail?: string) {
    super(UNREADABLE_MESSAGES[reason], detail ? { cause: detail } : undefined);
    this.reason = reason;
  }
}

export function isUnreadableReason(value: unknown): value is UnreadableReason {
  return typeof value === "string" && value in UNREADABLE_MESSAGES;
}
