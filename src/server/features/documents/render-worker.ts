/**
 * A render worker thread (render-pool.ts): turns a generated document's text into its PDF or Word
 * file, one at a time, so the request loop never spends its time laying out pages.
 */
import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { toDocx, toPdf } from "./document-files";
import type { RenderWorkerJob, RenderWorkerReply } from "./render-pool";

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs as a worker thread only");

/**
 * On Linux this thread runs at a lower priority (nice 10) than the process, so when renders keep
 * every core busy the request loop still gets the CPU first. Linux applies a priority set on a
 * thread's id to that thread alone; elsewhere, or where it is refused, nothing changes.
 */
function yieldToTheRequestLoop() {
  if (process.platform !== "linux") return;
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (threadId > 0 && threadId !== process.pid) os.setPriority(threadId, Math.max(os.getPriority(threadId), 10));
  } catch {
    // The thread keeps the process's priority.
  }
}
yieldToTheRequestLoop();

port.on("message", async (job: RenderWorkerJob) => {
  let reply: RenderWorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const rendered = job.format === "pdf" ? await toPdf(job.title, job.text) : await toDocx(job.title, job.text);
    // Moved to the main thread, not copied: a view of a larger buffer is cut out first.
    const whole =
      rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength ? rendered : rendered.slice();
    reply = { type: "done", id: job.id, ok: true, bytes: whole };
    transfer = [whole.buffer as ArrayBuffer];
  } catch (error) {
    // Its kind and where it happened, never its message (which may quote the document).
    const kind = error instanceof Error ? error.name : typeof error;
    const at = (error instanceof Error ? (error.stack ?? "") : "")
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .map((line) => line.trim());
    reply = { type: "done", id: job.id, ok: false, fault: { kind, at } };
  }
  port.postMessage(reply, transfer);
});

port.postMessage({ type: "ready" } satisfies RenderWorkerReply);
