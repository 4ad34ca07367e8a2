/**
 * Renders generated documents to PDF and Word off the request loop (decision 013): a pool of
 * worker threads, no more than the machine's cores, each rendering one document at a time, with a
 * bounded queue in front of them. A render past its time budget ends its worker; a worker that
 * crashes is replaced; idle workers do not keep the process alive and end after a while.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { describeFault } from "../../lib/logger";

export type RenderFormat = "pdf" | "docx";

export interface RenderRequest {
  format: RenderFormat;
  title: string;
  text: string;
}

export interface RenderPoolOptions {
  /** Worker threads at most (default and ceiling: the machine's cores, `os.availableParallelism()`; at least 1). */
  workers?: number;
  /** Renders waiting for a worker at most (default 8 per worker); beyond it, RenderBusyError. */
  maxQueued?: number;
  /** One render's time budget once a worker has it (default 30 s); past it the worker is ended. */
  timeoutMs?: number;
  /**
   * A worker's heap limit (default 128 MB; the longest will the form allows needs under 48 MB):
   * a render that needs more ends its worker and fails.
   */
  maxOldGenerationSizeMb?: number;
  /** An idle worker ends after this long (default 60 s); the next render starts a new one. */
  idleMs?: number;
}

export interface RenderPoolStats {
  /** Worker threads alive (starting, idle, busy or being ended). */
  workers: number;
  /** Renders a worker is working on. */
  running: number;
  /** Renders waiting for a worker. */
  queued: number;
  /** Renders finished, in total. */
  rendered: number;
}

export interface RenderPool {
  render(request: RenderRequest): Promise<Uint8Array>;
  stats(): RenderPoolStats;
  /** A guess at how long until a render asked for now would be done, in ms (at least one render). */
  expectedWaitMs(): number;
  /** End every worker; renders waiting or running are refused with RenderBusyError. */
  close(): Promise<void>;
}

/** The queue is full, or the pool is closing: nothing was started; try again later. */
export class RenderBusyError extends Error {}
/** The render ran past its time budget and its worker was ended. */
export class RenderTimeoutError extends Error {}
/** The worker failed or died (out of memory, a bug) while rendering; `fault` is what the log may keep. */
export class RenderFailedError extends Error {
  constructor(
    message: string,
    readonly fault: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What the log keeps of a failure in the worker: its kind and where, never its message. */
export interface RenderFault {
  kind: string;
  at: string[];
}

/** Messages between this thread and render-worker.ts. */
export interface RenderWorkerJob extends RenderRequest {
  id: number;
}
export type RenderWorkerReply =
  | { type: "ready" }
  | { type: "done"; id: number; ok: true; bytes: Uint8Array }
  | { type: "done"; id: number; ok: false; fault: RenderFault };

/**
 * Where a worker starts: a compiled `render-worker.js` beside this module when the server has
 * been built, otherwise the boot file that registers tsx in the worker and loads the TypeScript
 * (Node 20 does not apply `--import tsx` to a worker whose entry is a .ts file).
 */
export function renderWorkerEntry(base: string | URL = import.meta.url): URL {
  const compiled = new URL("./render-worker.js", base);
  return existsSync(compiled) ? compiled : new URL("./render-worker-boot.mjs", base);
}

/** A worker that never says it is ready within this long is ended (its module failed to load). */
const START_TIMEOUT_MS = 60_000;

interface Job {
  request: RenderRequest;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  state: "starting" | "idle" | "busy" | "ending";
  job: (Job & { id: number; started: number }) | null;
  timer: NodeJS.Timeout | null;
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const cores = os.availableParallelism();
  const size = Math.max(1, Math.min(cores, Math.floor(options.workers ?? cores)));
  const maxQueued = Math.max(0, Math.floor(options.maxQueued ?? size * 8));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const idleMs = options.idleMs ?? 60_000;
  const maxOldGenerationSizeMb = options.maxOldGenerationSizeMb ?? 128;
  const entry = renderWorkerEntry();
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let rendered = 0;
  /** A moving average of render times, for Retry-After. */
  let typicalMs = 1000;
  let closed = false;

  function busyCount() {
    let busy = 0;
    for (const slot of slots) if (slot.state === "busy") busy += 1;
    return busy;
  }

  function clearTimer(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  function start(): Slot {
    const worker = new Worker(entry, {
      // None of this process's flags (Vitest's, the server's): the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb },
    });
    const slot: Slot = { worker, state: "starting", job: null, timer: null };
    slot.timer = setTimeout(
      () => end(slot, new RenderFailedError("the render worker did not start")),
      START_TIMEOUT_MS,
    );
    worker.on("message", (reply: RenderWorkerReply) => {
      if (reply.type === "ready") {
        if (slot.state !== "starting") return;
        clearTimer(slot);
        slot.state = "idle";
        dispatch();
      } else if (slot.job && reply.id === slot.job.id) {
        finish(slot, reply);
      }
    });
    // An 'error' (uncaught exception, heap exhausted) is followed by 'exit'; the first one counts.
    worker.on("error", (error) => end(slot, new RenderFailedError("the render worker failed", describeFault(error))));
    worker.on("exit", (code) => end(slot, new RenderFailedError("the render worker exited", { exitCode: code })));
    slots.add(slot);
    return slot;
  }

  /**
   * The worker is done for: its render (if any) fails with `error`, and it counts against the pool's
   * size until it has really stopped, so a replacement never makes the pool larger than it is.
   */
  function end(slot: Slot, error: Error) {
    if (slot.state === "ending" || !slots.has(slot)) return;
    const wasStarting = slot.state === "starting";
    slot.state = "ending";
    clearTimer(slot);
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(error);
    // A worker that dies before it is ready would die again: the oldest waiting render is refused
    // rather than retried for ever.
    else if (wasStarting && !closed) queue.shift()?.reject(error);
    const gone = () => {
      slots.delete(slot);
      dispatch();
    };
    slot.worker.terminate().then(gone, gone);
  }

  function finish(slot: Slot, reply: Extract<RenderWorkerReply, { type: "done" }>) {
    const job = slot.job;
    if (!job) return;
    clearTimer(slot);
    slot.job = null;
    slot.state = "idle";
    if (reply.ok) {
      rendered += 1;
      typicalMs = typicalMs * 0.8 + (performance.now() - job.started) * 0.2;
      job.resolve(reply.bytes);
    } else {
      job.reject(new RenderFailedError("the render failed", { ...reply.fault }));
    }
    dispatch();
  }

  function dispatch() {
    if (closed) return;
    for (const slot of slots) {
      if (slot.state !== "idle") continue;
      const job = queue.shift();
      if (!job) break;
      clearTimer(slot);
      const id = nextId++;
      slot.state = "busy";
      slot.job = { ...job, id, started: performance.now() };
      slot.worker.ref();
      slot.timer = setTimeout(
        () => end(slot, new RenderTimeoutError(`the render took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      const message: RenderWorkerJob = { id, ...job.request };
      slot.worker.postMessage(message);
    }
    // Start workers for what still waits, up to the pool's size (starting ones will take it).
    const starting = [...slots].filter((s) => s.state === "starting").length;
    for (let missing = queue.length - starting; missing > 0 && slots.size < size; missing--) {
      try {
        start();
      } catch (error) {
        queue.shift()?.reject(new RenderFailedError("the render worker could not start", describeFault(error)));
      }
    }
    // Idle workers wait, not keeping the process alive, and end after `idleMs`.
    for (const slot of slots) {
      if (slot.state !== "idle" || slot.timer) continue;
      slot.worker.unref();
      slot.timer = setTimeout(() => end(slot, new RenderFailedError("the render worker was idle")), idleMs);
      slot.timer.unref();
    }
  }

  return {
    render(request) {
      if (closed) return Promise.reject(new RenderBusyError("the render pool is closed"));
      // Up to `size` renders run and `maxQueued` wait; a render beyond them is refused at once.
      if (busyCount() + queue.length >= size + maxQueued) {
        return Promise.reject(new RenderBusyError("the render queue is full"));
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        dispatch();
      });
    },
    stats() {
      return { workers: slots.size, running: busyCount(), queued: queue.length, rendered };
    },
    expectedWaitMs() {
      return Math.ceil((queue.length + busyCount() + 1) / size) * typicalMs;
    },
    async close() {
      closed = true;
      const closing = new RenderBusyError("the render pool is closed");
      for (const job of queue.splice(0)) job.reject(closing);
      const stopping: Promise<unknown>[] = [];
      for (const slot of slots) {
        clearTimer(slot);
        slot.job?.reject(closing);
        slot.job = null;
        slot.state = "ending";
        stopping.push(slot.worker.terminate());
      }
      await Promise.allSettled(stopping);
      slots.clear();
    },
  };
}
