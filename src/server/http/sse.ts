import { GENERIC_TEXT } from "@shared/messages";
import type { Context } from "hono";

/** Send one server-sent event; never throws (a member who left just stops receiving). */
export type Emit = (event: string, data: unknown) => Promise<void>;

const encoder = new TextEncoder();

/**
 * A response of server-sent events written by `run`. Each event is queued straight into the
 * response body's stream, which the Node server writes out as soon as it is queued: one hop per
 * event, where Hono's `streamSSE` takes a TransformStream and a second stream wrapped around it
 * (several promises per event, on every word of every answer). When the member goes away the
 * events are dropped and `run` carries on (a reply is still stored).
 */
export function eventStream(c: Context, run: (emit: Emit) => Promise<void>): Response {
  let queue: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      queue = controller;
    },
    cancel() {
      queue = null;
    },
  });
  const send = (event: string, data: unknown) => {
    if (!queue) return;
    try {
      // JSON.stringify writes no line breaks, so the data is one `data:` line.
      queue.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    } catch {
      queue = null;
    }
  };
  const emit: Emit = async (event, data) => send(event, data);
  run(emit)
    .catch(() => send("error", { message: GENERIC_TEXT.internal }))
    .finally(() => {
      try {
        queue?.close();
      } catch {
        // already closed by the member leaving
      }
      queue = null;
    });
  return c.newResponse(body, 200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
    "Transfer-Encoding": "chunked",
    Connection: "keep-alive",
  });
}
