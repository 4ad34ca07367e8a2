/**
 * The reading process: a child of the server (extractor.ts) that reads one file at a time and
 * answers with its passages. Its memory is capped and watched from outside, and it is killed past
 * its time, so a hostile file costs this process only, never the server's memory or its requests.
 */
import { type ExtractOptions, extractFile } from "./extract-file";
import type { ProcessReply, ProcessRequest } from "./extractor";
import { UnreadableFileError } from "./unreadable-file-error";

const send = process.send?.bind(process);
if (!send) throw new Error("extraction-process.ts runs as a child process with an IPC channel only");

const options = JSON.parse(process.env.LAWGUIDE_EXTRACT_OPTIONS ?? "{}") as ExtractOptions;

/**
 * An allocation refused by the memory cap surfaces as a RangeError wherever it happened, which a
 * reader may have wrapped in an error of its own ("damaged"): either way the file is too large.
 */
function outOfMemory(error: unknown): boolean {
  const text = error instanceof UnreadableFileError ? String(error.cause ?? "") : String(error);
  return /allocation failed|invalid array length|out of memory/i.test(text);
}

process.on("message", async (request: ProcessRequest) => {
  let reply: ProcessReply;
  try {
    const extracted = await extractFile(request.bytes, request.kind, options);
    reply = { id: request.id, ok: true, extracted };
  } catch (error) {
    const unreadable = error instanceof UnreadableFileError ? error : new UnreadableFileError("damaged", String(error));
    const reason = outOfMemory(error) ? "too-large" : unreadable.reason;
    reply = { id: request.id, ok: false, reason, detail: String(unreadable.cause ?? "") };
  }
  send(reply);
});

// The server went away (or let this process go when idle): nothing is left to do.
process.on("disconnect", () => process.exit(0));
