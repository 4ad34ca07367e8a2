/**
 * The extraction worker thread: reads one file at a time for the main thread (extractor.ts), so
 * parsing and OCR never hold up a request, and a file that exhausts memory ends this thread only.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type ExtractOptions, extractFile } from "./extract-file";
import type { WorkerReply, WorkerRequest } from "./extractor";
import { UnreadableFileError } from "./unreadable-file-error";

const port = parentPort;
if (!port) throw new Error("extraction-worker.ts runs as a worker thread only");
const options = workerData as ExtractOptions;

port.on("message", async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const extracted = await extractFile(new Uint8Array(request.bytes), request.kind, options);
    reply = { id: request.id, ok: true, extracted };
  } catch (error) {
    const unreadable = error instanceof UnreadableFileError ? error : new UnreadableFileError("damaged", String(error));
    reply = { id: request.id, ok: false, reason: unreadable.reason, detail: String(unreadable.cause ?? "") };
  }
  port.postMessage(reply);
});
