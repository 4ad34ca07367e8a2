/**
 * What the reading process does with one file: pick the reader for its kind, gather passages, and
 * refuse with UnreadableFileError when nothing readable comes out.
 */
import type { Extracted, FileKind } from "./extractor";
import { imageSize, MAX_OCR_PIXELS, recognizeLines } from "./ocr";
import { PassageCollector, paragraphsFromLines } from "./passages";
import { UnreadableFileError } from "./unreadable-file-error";

export interface ExtractOptions {
  /** Scanned pages read by OCR at most. */
  ocrPageLimit: number;
  /** PDF pages read at most. */
  pageLimit: number;
  /** After this long, no further PDF page is started: the pages read so far are the answer. */
  softDeadlineMs: number;
}

async function extractImage(bytes: Uint8Array): Promise<PassageCollector> {
  const size = imageSize(bytes);
  if (size && size.width * size.height > MAX_OCR_PIXELS) {
    throw new UnreadableFileError("too-large", `${size.width}x${size.height} pixels`);
  }
  const collector = new PassageCollector();
  collector.add(paragraphsFromLines(await recognizeLines(bytes)));
  return collector;
}

export async function extractFile(bytes: Uint8Array, kind: FileKind, options: ExtractOptions): Promise<Extracted> {
  let collector: PassageCollector;
  let pageCount: number | null = null;
  let method: Extracted["method"] = "text";
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (kind) {
    case "pdf": {
      // The streams' sizes are proved before pdf.js inflates any of them.
      await (await import("./pdf-guard")).assertSafePdf(bytes);
      // Each reader loads on first use, so a process that only ever sees Word files never loads pdf.js.
      const { extractPdf } = await import("./pdf-text");
      const pdf = await extractPdf(bytes, {
        ocrPageLimit: options.ocrPageLimit,
        pageLimit: options.pageLimit,
        deadline: Date.now() + options.softDeadlineMs,
      });
      collector = pdf.collector;
      pageCount = pdf.pageCount;
      method = pdf.usedOcr ? (pdf.usedText ? "text+ocr" : "ocr") : "text";
      break;
    }
    case "docx":
      collector = await (await import("./word-text")).extractDocx(buffer);
      break;
    case "doc":
      collector = await (await import("./word-text")).extractDoc(buffer);
      break;
    case "jpeg":
    case "png":
    case "gif":
      collector = await extractImage(bytes);
      method = "ocr";
      break;
    default:
      throw new UnreadableFileError("damaged", `unknown kind ${String(kind)}`);
  }
  if (collector.passages.length === 0) throw new UnreadableFileError("no-text");
  return { passages: collector.passages, pageCount, method };
}
