/**
 * Text extraction for uploaded files, off the request thread: one long-lived worker thread reads
 * one file at a time (PDF text layer, OCR of scans and images, Word files) and hands back passages.
 * The worker has a heap limit as a backstop; if a file kills it, that file is refused and the next
 * one gets a fresh worker.
 */
import { Worker } from "node:worker_threads";
import type { UploadKind } from "@shared/uploads";
import type { Passage } from "./passages";
import { isUnreadableReason, UnreadableFileError, type UnreadableReason } from "./unreadable-file-error";

export type { Passage } from "./passages";
export { UnreadableFileError, type UnreadableReason } from "./unreadable-file-error";

/** The kinds LawGuide accepts, as the upload told them from the bytes. */
export type FileKind = UploadKind;

export interface Extracted {
  passages: Passage[];
  /** Pages in a PDF; null for other files. */
  pageCount: number | null;
  method: "text" | "ocr" | "text+ocr";
}

export interface Extractor {
  /** Rejects with UnreadableFileError when the file yields no text or cannot be read. */
  extract(bytes: Uint8Array, kind: FileKind): Promise<Extracted>;
  /** Stop the worker; jobs still waiting are rejected. */
  close(): Promise<void>;
}

export interface ExtractorOptions {
  /** The worker's heap limit (default 512 MB): what a hostile file can take before it is refused. */
  maxOldGenerationSizeMb?: number;
  /** Scanned PDF pages read by OCR at most (default 10); further scanned pages are skipped. */
  ocrPageLimit?: number;
  /** One file's time limit (default 5 minutes, room for 10 scanned pages); past it the worker is replaced. */
  jobTimeoutMs?: number;
}

/** Messages between this thread and extraction-worker.ts. */
export interface WorkerRequest {
  id: number;
  bytes: ArrayBuffer;
  kind: FileKind;
}

export type WorkerReply =
  | { id: number; ok: true; extracted: Extracted }
  | { id: number; ok: false; reason: UnreadableReason; detail: string };

/** Registers tsx in the worker thread, then loads extraction-worker.ts. */
const WORKER_URL = new URL("./extraction-worker-boot.mjs", import.meta.url);

interface Job {
  bytes: Uint8Array;
  kind: FileKind;
  resolve: (extracted: Extracted) => void;
  reject: (error: Error) => void;
}

interface Running {
  job: Job;
  id: number;
  timer: NodeJS.Timeout;
}

export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const maxOldGenerationSizeMb = options.maxOldGenerationSizeMb ?? 512;
  const ocrPageLimit = options.ocrPageLimit ?? 10;
  const jobTimeoutMs = options.jobTimeoutMs ?? 5 * 60_000;
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let running: Running | null = null;
  let nextId = 1;
  let closed = false;

  function startWorker(): Worker {
    const started = new Worker(WORKER_URL, {
      // Nothing of this process's flags (Vitest's, the server's): the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb },
      workerData: { ocrPageLimit },
    });
    started.on("message", (reply: WorkerReply) => {
      if (running && reply.id === running.id) settle(reply);
    });
    // An 'error' (uncaught exception, heap exhausted) is followed by 'exit'; either ends the job.
    started.on("error", (error) => lose(started, String(error)));
    started.on("exit", (code) => lose(started, `worker exited with code ${code}`));
    return started;
  }

  /** The worker died or hung: refuse the file it was reading and go on with a fresh one. */
  function lose(lost: Worker, detail: string) {
    if (worker !== lost) return;
    worker = null;
    void lost.terminate();
    if (running) {
      clearTimeout(running.timer);
      running.job.reject(new UnreadableFileError("failed", detail));
      running = null;
    }
    next();
  }

  function settle(reply: WorkerReply) {
    if (!running) return;
    clearTimeout(running.timer);
    const { job } = running;
    running = null;
    if (reply.ok) job.resolve(reply.extracted);
    else job.reject(new UnreadableFileError(isUnreadableReason(reply.reason) ? reply.reason : "damaged", reply.detail));
    next();
  }

  function next() {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) {
      // Idle: the worker stays ready but does not keep the process alive.
      worker?.unref();
      return;
    }
    try {
      worker ??= startWorker();
    } catch (error) {
      job.reject(new UnreadableFileError("failed", String(error)));
      next();
      return;
    }
    const current = worker;
    current.ref();
    const id = nextId++;
    const timer = setTimeout(() => lose(current, `took longer than ${jobTimeoutMs} ms`), jobTimeoutMs);
    running = { job, id, timer };
    const { buffer } = job.bytes;
    const request: WorkerRequest = { id, bytes: buffer as ArrayBuffer, kind: job.kind };
    current.postMessage(request, [buffer as ArrayBuffer]);
  }

  return {
    extract(bytes, kind) {
      if (closed) return Promise.reject(new Error("The extractor is closed."));
      // A copy of our own to hand over: the caller's bytes stay theirs, and the copy moves to the
      // worker without another copy.
      const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
      copy.set(bytes);
      return new Promise<Extracted>((resolve, reject) => {
        queue.push({ bytes: copy, kind, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      const stopped = new Error("The extractor is closed.");
      for (const job of queue.splice(0)) job.reject(stopped);
      if (running) {
        clearTimeout(running.timer);
        running.job.reject(stopped);
        running = null;
      }
      const current = worker;
      worker = null;
      await current?.terminate();
    },
  };
}
