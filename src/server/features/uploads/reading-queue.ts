import type { UploadKind } from "@shared/uploads";
import { UPLOAD_TEXT } from "@shared/uploads";
import type { Db } from "../../db/client";
import { describeFault, type Logger } from "../../lib/logger";
import type { Extractor } from "./extraction/extractor";
import { UnreadableFileError } from "./extraction/extractor";
import { type FileStorage, readWhole } from "./file-storage";
import { claimNextReading, markUnreadable, storeReading, uploadStatus } from "./uploads.queries";

/** A claim older than this belongs to a process that stopped: another takes the file over. */
const STALE_CLAIM_MS = 5 * 60_000;
/** How often an idle process looks for files another process received (or left behind). */
const POLL_MS = 3_000;
/** The extracted text kept on the file's row (the passages hold all of it). */
const STORED_TEXT_CHARS = 200_000;

/**
 * Reading uploaded files, off the request: the upload row is the job (status `reading`), claimed
 * with SKIP LOCKED so any of several processes may take it, and read by the reading process
 * one file at a time. The process that received a file is woken at once; the others poll.
 */
export function createReadingQueue(deps: { db: Db; storage: FileStorage; extractor: Extractor; logger: Logger }) {
  const { db, storage, extractor, logger } = deps;
  let draining: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let closed = false;

  async function readOne(): Promise<boolean> {
    const row = await claimNextReading(db, new Date(Date.now() - STALE_CLAIM_MS));
    if (!row) return false;
    try {
      const bytes = await readWhole(storage, row.id);
      const extracted = await extractor.extract(new Uint8Array(bytes), row.fileKind as UploadKind);
      const text = extracted.passages
        .map((p) => p.text)
        .join("\n\n")
        .slice(0, STORED_TEXT_CHARS);
      await storeReading(db, row.id, { passages: extracted.passages, pageCount: extracted.pageCount, text });
    } catch (error) {
      const message = error instanceof UnreadableFileError ? error.message : UPLOAD_TEXT.unreadable;
      if (!(error instanceof UnreadableFileError))
        logger.error({ fault: describeFault(error), uploadId: row.id }, "reading an upload failed");
      await markUnreadable(db, row.id, message).catch(() => {});
    }
    return true;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      while (!closed && (await readOne().catch(() => false)));
    } while (again && !closed);
  }

  function notify(): void {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain().finally(() => {
      draining = null;
    });
  }

  return {
    /** A file was received here: read it now. */
    notify,
    /** Also look for files every few seconds (files received by other processes, or left behind). */
    start() {
      if (timer || closed) return;
      timer = setInterval(notify, POLL_MS);
      timer.unref();
      notify();
    },
    /**
     * Wait until a file has been read (or could not be); resolves with its status, or null if it
     * was removed. Gives up after `timeoutMs` with the status it has then.
     */
    async settled(id: string, timeoutMs = 120_000, signal?: AbortSignal): Promise<string | null> {
      const deadline = Date.now() + timeoutMs;
      let pause = 50;
      for (;;) {
        const status = await uploadStatus(db, id);
        if (status !== "reading" || Date.now() > deadline || signal?.aborted) return status;
        notify();
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(500, pause * 2);
      }
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await draining?.catch(() => {});
      await extractor.close();
    },
  };
}

export type ReadingQueue = ReturnType<typeof createReadingQueue>;
