import { Readable } from "node:stream";
import { ZipFile } from "yazl";

/**
 * The data export as a ZIP written while it is sent: `data.json` first, generated a piece at a
 * time, then `files/` with each uploaded file's bytes as storage hands them over. yazl writes one
 * entry at a time and every stream on the way waits for the member's connection (backpressure),
 * so what is held at once is a page of rows or one stored piece (about 1 MB) per stage, whatever
 * the member holds. Files are stored as they are (most uploads are compressed already); data.json
 * is deflated.
 */

/** An uploaded file named in data.json. */
export interface ArchiveFile {
  id: string;
  fileName: string | null;
  title: string;
  /** When it was uploaded: the file's date in the archive. */
  createdAt: Date;
}

export interface ArchiveInput {
  /** data.json's text in pieces; `addFile` puts a file in the archive and gives back its path there. */
  dataJson(addFile: (file: ArchiveFile) => string, signal: AbortSignal): AsyncIterable<string>;
  /** A file's bytes, a piece at a time. */
  fileBytes(id: string, signal: AbortSignal): AsyncIterable<Uint8Array>;
  /** The request's signal: the member went away. */
  signal?: AbortSignal;
  /** Called once, when the archive was sent whole, failed, or was given up. */
  onClose(outcome: "sent" | "failed" | "cancelled", error?: unknown): void;
}

export const DATA_JSON = "data.json";
export const FILES_FOLDER = "files/";

/** Text in pieces of about 64 KB: few, cheap writes down the pipe. */
async function* inPieces(text: AsyncIterable<string>, size = 64 * 1024): AsyncGenerator<Buffer> {
  let held: string[] = [];
  let length = 0;
  for await (const part of text) {
    held.push(part);
    length += part.length;
    if (length >= size) {
      yield Buffer.from(held.join(""));
      held = [];
      length = 0;
    }
  }
  if (length > 0) yield Buffer.from(held.join(""));
}

export function exportArchive(input: ArchiveInput): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const names = createZipNames();
  const mtime = new Date();
  const stop = new AbortController();
  const sources = new Set<Readable>();
  let closed = false;

  const close = (outcome: "sent" | "failed" | "cancelled", error?: unknown) => {
    if (closed) return;
    closed = true;
    stop.abort();
    input.signal?.removeEventListener("abort", cancelled);
    // Stop reading: each source ends its generator (no further statement), the pipe lets go.
    for (const source of sources) source.destroy();
    sources.clear();
    if (outcome !== "sent") output.destroy(outcome === "failed" ? asError(error) : undefined);
    input.onClose(outcome, error);
  };
  const cancelled = () => close("cancelled");
  const failed = (error: unknown) => close("failed", error);

  /** A readable over `pieces` that the archive reads at its own pace; its failure fails the export. */
  const source = (pieces: AsyncIterable<Uint8Array>): Readable => {
    const readable = Readable.from(pieces, { objectMode: false });
    sources.add(readable);
    readable.on("error", failed);
    readable.once("end", () => sources.delete(readable));
    return readable;
  };

  const addFile = (file: ArchiveFile): string => {
    const path = names.take(FILES_FOLDER, safeFileName(file.fileName ?? file.title));
    zip.addReadStreamLazy(path, { mtime: file.createdAt, compress: false }, (ready) => {
      if (stop.signal.aborted) return;
      ready(null, source(input.fileBytes(file.id, stop.signal)));
    });
    return path;
  };

  async function* dataJsonThenEnd(): AsyncGenerator<Buffer> {
    yield* inPieces(input.dataJson(addFile, stop.signal));
    // Every file is listed now; the archive ends after the last one.
    zip.end();
  }

  zip.on("error", failed);
  zip.addReadStream(source(dataJsonThenEnd()), DATA_JSON, { mtime, compress: true });
  input.signal?.addEventListener("abort", cancelled, { once: true });
  if (input.signal?.aborted) cancelled();

  const chunks = output[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            close("sent");
          } else {
            controller.enqueue(next.value as Uint8Array);
          }
        } catch (error) {
          controller.error(error);
          failed(error);
        }
      },
      cancel() {
        cancelled();
      },
    },
    // Nothing is read ahead of the connection.
    { highWaterMark: 0 },
  );
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error("the data export failed");
}

// ---------------------------------------------------------------- names inside the archive

const RESERVED_ON_WINDOWS = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MAX_NAME = 120;
const MAX_EXTENSION = 12;

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || name.length - dot > MAX_EXTENSION) return { stem: name, extension: "" };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * A file name that is safe to unpack anywhere: one path segment (no `/`, `\` or `..`), no control
 * or invisible formatting characters (no right-to-left tricks), nothing Windows refuses (`<>:"|?*`,
 * `CON`, a trailing dot), not hidden, at most 120 characters with its extension kept.
 */
export function safeFileName(raw: string, fallback = "file"): string {
  let name = raw
    .replace(LONE_SURROGATE, "_")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/[\\/:*?"<>|]/g, "_")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/^[.\s]+/u, "")
    .replace(/[.\s]+$/u, "");
  if (!name) name = fallback;
  let { stem, extension } = splitExtension(name);
  if (RESERVED_ON_WINDOWS.test(stem)) stem = `_${stem}`;
  const room = MAX_NAME - [...extension].length;
  if ([...stem].length > room) stem = [...stem].slice(0, room).join("").trimEnd();
  return `${stem}${extension}`;
}

/**
 * Names taken in one archive: a second `lease.pdf` becomes `lease (2).pdf`. Names are compared
 * without case, as Windows and macOS unpack them.
 */
export function createZipNames() {
  const used = new Set<string>();
  const next = new Map<string, number>();
  return {
    take(folder: string, name: string): string {
      const key = (folder + name).toLowerCase();
      if (!used.has(key)) {
        used.add(key);
        return folder + name;
      }
      const { stem, extension } = splitExtension(name);
      for (let n = next.get(key) ?? 2; ; n++) {
        const candidate = `${folder}${stem} (${n})${extension}`;
        if (!used.has(candidate.toLowerCase())) {
          used.add(candidate.toLowerCase());
          next.set(key, n + 1);
          return candidate;
        }
      }
    },
  };
}
