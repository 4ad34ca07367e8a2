import type { UploadKind } from "@shared/uploads";
import { fileTypeFromBuffer } from "file-type";

/** How much of a file's start is read to tell its kind (a DOCX names its parts near the start). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * A file's kind from its first bytes, never from its name or the browser's word: an accepted kind,
 * `cfb` for an OLE compound file (a .doc only if it holds a WordDocument stream: see
 * `wordDocumentScanner`), or null for anything else.
 */
export async function sniffKind(head: Uint8Array): Promise<UploadKind | "cfb" | null> {
  const found = await fileTypeFromBuffer(head);
  switch (found?.ext) {
    case "pdf":
      return "pdf";
    case "docx":
      return "docx";
    case "jpg":
      return "jpeg";
    case "png":
    case "apng":
      return "png";
    case "gif":
      return "gif";
    case "cfb":
      return "cfb";
    case "zip":
      // A Word file whose main part is listed past the first entries.
      return Buffer.from(head).includes("word/document.xml") ? "docx" : null;
    default:
      return null;
  }
}

/** "WordDocument" as a compound file's directory writes stream names (UTF-16LE). */
const WORD_DOCUMENT = Buffer.from("WordDocument", "utf16le");

/**
 * Watches a compound file's bytes go by for a stream named WordDocument, which every Word 97–2003
 * document has and other OLE files (Excel, Outlook, installers) do not.
 */
export function wordDocumentScanner() {
  let tail = Buffer.alloc(0);
  let found = false;
  return {
    push(piece: Uint8Array) {
      if (found) return;
      const window = Buffer.concat([tail, Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)]);
      if (window.includes(WORD_DOCUMENT)) found = true;
      tail = Buffer.from(window.subarray(Math.max(0, window.length - WORD_DOCUMENT.length + 1)));
    },
    get found() {
      return found;
    },
  };
}
