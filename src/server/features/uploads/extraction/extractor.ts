/**
 * Text extraction for uploaded files, outside the server's process: one reading process (a child,
 * extraction-process.ts) reads one file at a time (PDF text layer, OCR of scans and images, Word
 * files) and hands back passages. A file cannot lift the process's ceilings: its data segment is
 * capped by the kernel (RLIMIT_DATA) where `prlimit` is available, its JavaScript heap by V8, its
 * resident memory is watched from here and the process killed past `maxRssMb`, and a file that
 * takes longer than `jobTimeoutMs` is given up. A killed or crashed process refuses that file
 * only; the next file gets a fresh process. An idle process exits, so it costs nothing at rest.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { UploadKind } from "@shared/uploads";
import type { ExtractOptions } from "./extract-file";
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
  /** Stop the reading process; jobs still waiting are rejected. */
  close(): Promise<void>;
  /** The reading process's id while one runs (its watchers and the tests read /proc with it). */
  processId(): number | null;
}

/**
 * What the reading process inherits of the server's environment: only what Node needs to run and
 * to find its temporary folder, locale and time zone. Never the server's secrets (AUTH_SECRET,
 * DATABASE_URL, provider and Stripe keys, SMTP_URL): a file that found a way to run code there
 * would find nothing to take.
 */
const READER_ENVIRONMENT = ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "NODE_ENV"];

export function readerEnvironment(parent: NodeJS.ProcessEnv, options: ExtractOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of READER_ENVIRONMENT) if (parent[name] !== undefined) env[name] = parent[name];
  env.LAWGUIDE_EXTRACT_OPTIONS = JSON.stringify(options);
  return env;
}

export interface ExtractorOptions {
  /** Resident memory of the reading process past which it is killed and the file refused (default 224 MB). */
  maxRssMb?: number;
  /** The reading process's JavaScript heap (default 160 MB). */
  maxOldGenerationSizeMb?: number;
  /**
   * The kernel's cap on the process's data segment (default DEFAULT_DATA_MB; it counts reserved
   * thread stacks and heap space, so it sits above the resident limit): an allocation past it
   * fails at once, before the next look at the resident memory. 0 leaves it off.
   */
  maxDataMb?: number;
  /** Scanned PDF pages read by OCR at most (default 10); further scanned pages are skipped. */
  ocrPageLimit?: number;
  /** PDF pages read at most (default 500); the rest of a longer PDF is left unread. */
  pageLimit?: number;
  /** One file's time limit (default 2 minutes); past it the process is killed. */
  jobTimeoutMs?: number;
  /** How long an idle reading process waits for the next file before it exits (default 30 s). */
  idleMs?: number;
  /** How often the resident memory is looked at while a file is read (default 50 ms). */
  watchIntervalMs?: number;
}

/** Messages between this process and extraction-process.ts. */
export interface ProcessRequest {
  id: number;
  bytes: Uint8Array;
  kind: FileKind;
}

export type ProcessReply =
  | { id: number; ok: true; extracted: Extracted }
  | { id: number; ok: false; reason: UnreadableReason; detail: string };

const MB = 1024 * 1024;
/** A process that grew past this while reading stays alive no longer: V8 keeps memory it once took. */
const RECYCLE_ABOVE_MB = 160;
/** The last words of the process's error output kept for the log of a failure. */
const STDERR_TAIL = 2000;

/** The compiled entry when the server runs as JavaScript; otherwise the boot that registers tsx. */
function entryPath(): string {
  const compiled = fileURLToPath(new URL("./extraction-process.js", import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL("./extraction-process-boot.mjs", import.meta.url));
}

/**
 * What the reading process's V8 reserves before it reads anything, in its data segment: Node 24
 * reserves about 1.1 GB up front (a worker thread, which OCR and tsx start, does not start below
 * it); Node 20 and 22 under 200 MB.
 */
export const RESERVED_DATA_MB = Number(process.versions.node.split(".")[0]) >= 24 ? 1152 : 0;
/** The default data-segment cap: what is reserved, and 768 MB for the reading itself. */
const DEFAULT_DATA_MB = RESERVED_DATA_MB + 768;

const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((candidate) => existsSync(candidate)) ?? null;

/** Resident memory of a process in bytes (Linux), or null when it cannot be read. */
export function residentBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

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
  watch: NodeJS.Timeout;
}

interface Reader {
  child: ChildProcess;
  stderr: string;
}

export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const maxRss = (options.maxRssMb ?? 224) * MB;
  const heapMb = options.maxOldGenerationSizeMb ?? 160;
  const dataMb = options.maxDataMb ?? DEFAULT_DATA_MB;
  const jobTimeoutMs = options.jobTimeoutMs ?? 2 * 60_000;
  const idleMs = options.idleMs ?? 30_000;
  const watchIntervalMs = options.watchIntervalMs ?? 50;
  const extractOptions: ExtractOptions = {
    ocrPageLimit: options.ocrPageLimit ?? 10,
    pageLimit: options.pageLimit ?? 500,
    // The process stops reading more pages a little before it would be killed, and answers with
    // what it has read.
    softDeadlineMs: Math.max(0, jobTimeoutMs - Math.min(15_000, jobTimeoutMs / 4)),
  };
  const queue: Job[] = [];
  let reader: Reader | null = null;
  let running: Running | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;

  function startReader(): Reader {
    const node = [process.execPath, `--max-old-space-size=${heapMb}`, entryPath()];
    const command = PRLIMIT && dataMb > 0 ? [PRLIMIT, `--data=${dataMb * MB}`, ...node] : node;
    const child = spawn(command[0] as string, command.slice(1), {
      // stdin and stdout unused, stderr kept for the log, and the channel files travel on.
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
      env: readerEnvironment(process.env, extractOptions),
    });
    const started: Reader = { child, stderr: "" };
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (text: string) => {
      started.stderr = (started.stderr + text).slice(-STDERR_TAIL);
    });
    child.on("message", (reply: ProcessReply) => {
      if (reader === started && running && reply.id === running.id) settle(reply);
    });
    child.on("error", (error) => lose(started, "failed", String(error)));
    child.on("exit", (code, signal) =>
      lose(
        started,
        "failed",
        `reading process exited (${signal ?? code})${started.stderr ? `: ${started.stderr}` : ""}`,
      ),
    );
    return started;
  }

  /** Stop a reading process for good (it is no longer ours). */
  function stopReader(lost: Reader): void {
    if (reader === lost) reader = null;
    if (lost.child.exitCode === null && lost.child.signalCode === null) lost.child.kill("SIGKILL");
  }

  /** The process died, hung or grew too large: refuse the file it was reading, go on with a fresh one. */
  function lose(lost: Reader, reason: UnreadableReason, detail: string) {
    if (reader !== lost) return;
    stopReader(lost);
    if (running) {
      clearTimeout(running.timer);
      clearInterval(running.watch);
      running.job.reject(new UnreadableFileError(reason, detail));
      running = null;
    }
    next();
  }

  function settle(reply: ProcessReply) {
    if (!running) return;
    clearTimeout(running.timer);
    clearInterval(running.watch);
    const { job } = running;
    running = null;
    if (reply.ok) job.resolve(reply.extracted);
    else job.reject(new UnreadableFileError(isUnreadableReason(reply.reason) ? reply.reason : "damaged", reply.detail));
    // Memory a file made the process take is not given back to the system: start the next afresh.
    const current = reader;
    const pid = current?.child.pid;
    if (current && pid && (residentBytes(pid) ?? 0) > RECYCLE_ABOVE_MB * MB) stopReader(current);
    next();
  }

  function idle() {
    const current = reader;
    if (!current) return;
    // Idle: the process neither keeps the server alive nor stays when no file comes.
    current.child.unref();
    current.child.channel?.unref();
    (current.child.stderr as Socket | null)?.unref();
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (reader === current && !running) {
        reader = null;
        current.child.disconnect();
      }
    }, idleMs);
    idleTimer.unref();
  }

  function next() {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) {
      idle();
      return;
    }
    if (idleTimer) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    let current: Reader;
    try {
      reader ??= startReader();
      current = reader;
    } catch (error) {
      job.reject(new UnreadableFileError("failed", String(error)));
      next();
      return;
    }
    current.child.ref();
    current.child.channel?.ref();
    (current.child.stderr as Socket | null)?.ref();
    const id = nextId++;
    const timer = setTimeout(() => lose(current, "failed", `took longer than ${jobTimeoutMs} ms`), jobTimeoutMs);
    const watch = setInterval(() => {
      const pid = current.child.pid;
      const rss = pid ? residentBytes(pid) : null;
      if (rss !== null && rss > maxRss) lose(current, "too-large", `used ${Math.round(rss / MB)} MB of memory`);
    }, watchIntervalMs);
    running = { job, id, timer, watch };
    const request: ProcessRequest = { id, bytes: job.bytes, kind: job.kind };
    current.child.send(request, (error) => {
      if (error) lose(current, "failed", `could not hand the file over: ${String(error)}`);
    });
  }

  return {
    extract(bytes, kind) {
      if (closed) return Promise.reject(new Error("The extractor is closed."));
      return new Promise<Extracted>((resolve, reject) => {
        queue.push({ bytes, kind, resolve, reject });
        next();
      });
    },
    processId: () => reader?.child.pid ?? null,
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const stopped = new Error("The extractor is closed.");
      for (const job of queue.splice(0)) job.reject(stopped);
      if (running) {
        clearTimeout(running.timer);
        clearInterval(running.watch);
        running.job.reject(stopped);
        running = null;
      }
      const current = reader;
      reader = null;
      if (current && current.child.exitCode === null && current.child.signalCode === null) {
        const exited = new Promise((resolve) => current.child.once("exit", resolve));
        // An idle process no longer holds this one open: it must, until it has gone.
        current.child.ref();
        current.child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
