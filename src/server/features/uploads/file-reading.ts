import type { UploadKind } from "@shared/uploads";
import { UPLOAD_TEXT } from "@shared/uploads";
import type { Db, DbOrTx } from "../../db/client";
import type { JobQueue } from "../../lib/jobs";
import { describeFault, type Logger } from "../../lib/logger";
import type { Signals } from "../../lib/signals";
import type { Extractor } from "./extraction/extractor";
import { UnreadableFileError } from "./extraction/extractor";
import { type FileStorage, readWhole } from "./file-storage";
import { findUploadToRead, markStalledReadings, markUnreadable, storeReading, uploadStatus } from "./uploads.queries";

/** The job queue's kind for reading one file. */
export const READ_UPLOAD_JOB = "read-upload";
/** The channel a file's reading announces its end on (signals.ts). */
export const UPLOAD_READ_CHANNEL = "lawguide_upload_read";
/** The extracted text kept on the file's row (the passages hold all of it). */
const STORED_TEXT_CHARS = 200_000;
/** A file still being read this long after it arrived was lost with its process's tries: unreadable. */
const STALLED_AFTER_MS = 30 * 60_000;

/**
 * Reading uploaded files, off the request, as jobs of the one job queue (lib/jobs.ts): a received
 * file's job is queued with its row's change to `reading`, taken by whichever process is free (one
 * file at a time per process, through the reading process of extraction/), and its end is
 * announced (`signals`), so a request waiting for the text wakes at once instead of looking again
 * and again. A try cut short by its process's end is tried again when its time runs out.
 */
export function createFileReading(deps: {
  db: Db;
  storage: FileStorage;
  extractor: Extractor;
  jobs: JobQueue;
  signals: Signals;
  logger: Logger;
}) {
  const { db, storage, extractor, jobs, signals, logger } = deps;

  async function read(uploadId: string): Promise<void> {
    const row = await findUploadToRead(db, uploadId);
    if (!row) return; // removed meanwhile, or read already (a try run again)
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
      await markUnreadable(db, row.id, message);
    }
    await signals.send(row.id);
  }

  jobs.define<{ uploadId: string }>(READ_UPLOAD_JOB, {
    retryLimit: 2,
    retryDelaySeconds: 5,
    // The reading process's own limit is 2 minutes a file: a try still running after 4 was cut short.
    expireInSeconds: 240,
    handle: ({ uploadId }) => read(uploadId),
  });

  return {
    /** Queue a received file's reading (with `tx`: when that transaction commits). */
    queue: (uploadId: string, tx?: DbOrTx) => jobs.send(READ_UPLOAD_JOB, { uploadId }, tx),

    /**
     * Wait until a file has been read (or could not be); resolves with its status, or null if it
     * was removed. Gives up after `timeoutMs` with the status it has then.
     */
    async settled(id: string, timeoutMs: number, signal?: AbortSignal): Promise<string | null> {
      const done = async () => {
        const status = await uploadStatus(db, id);
        return status === "reading" ? null : { status };
      };
      const result = await signals.wait(id, done, { timeoutMs, ...(signal ? { signal } : {}) });
      return result ? result.status : "reading";
    },

    /** Files whose every try was lost with its process (housekeeping): said to be unreadable. */
    async markStalled(): Promise<number> {
      const stalled = await markStalledReadings(db, new Date(Date.now() - STALLED_AFTER_MS), UPLOAD_TEXT.unreadable);
      for (const id of stalled) await signals.send(id);
      return stalled.length;
    },

    /** Stop the reading process (the job queue stops its workers). */
    close: () => extractor.close(),
  };
}

export type FileReading = ReturnType<typeof createFileReading>;
