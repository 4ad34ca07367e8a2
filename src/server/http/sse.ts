import type { ServerResponse } from "node:http";
import { GENERIC_TEXT } from "@shared/messages";
import type { EventData, ServerEvent } from "@shared/schemas/streams";
import type { Context } from "hono";

/**
 * Send one event of the stream `E` (src/shared/schemas/streams.ts): its name and data are checked
 * against the stream's union. Never throws (a member who left just stops receiving).
 */
export type Emit<E extends ServerEvent = ServerEvent> = <Name extends E["event"]>(
  event: Name,
  data: EventData<E, Name>,
) => Promise<void>;

/**
 * The work of one streamed response, writing its events as it goes. A service that refuses some
 * requests resolves its refusals first and then gives this, so they are answered as plain JSON
 * errors before the stream opens.
 */
export type StreamBody<E extends ServerEvent> = (emit: Emit<E>) => Promise<void>;

/** Marks a response already written straight to Node's ServerResponse (see @hono/node-server). */
const ALREADY_SENT = "x-hono-already-sent";

const SSE_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-store",
  "x-accel-buffering": "no",
} as const;

/** One event on the wire; JSON.stringify writes no line breaks, so the data is one `data:` line. */
function format(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Where events go: `write` drops them quietly once the member has left; `end` closes the stream. */
interface Sink {
  write(text: string): void;
  end(): void;
}

/**
 * A response of server-sent events written by `run`. When the member goes away the events are
 * dropped and `run` carries on (a reply is still stored); if `run` fails, an `error` event with
 * the generic text ends the stream.
 *
 * Served by Node (@hono/node-server puts its ServerResponse in `c.env.outgoing`), the events are
 * written straight to the socket: the headers and the first events leave in one write, after the
 * work started in the same turn (the call to the AI provider) has gone out, and every later
 * event is one `write`, with none of the web-stream promises per word of every answer. Anywhere
 * else (`app.request` in tests) they are queued into the response body's stream.
 */
export function eventStream<E extends ServerEvent>(c: Context, run: StreamBody<E>): Response {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const { sink, response } = outgoing ? nodeSink(c, outgoing) : bodySink(c);
  const emit: Emit<E> = async (event, data) => sink.write(format(event, data));
  run(emit)
    .catch(() => sink.write(format("error", { message: GENERIC_TEXT.internal })))
    .finally(() => sink.end());
  return response;
}

/**
 * Straight to Node's response. The head is written on the next turn of the event loop, once the
 * middleware has added its headers to `c.res` (they are copied from there) and the work `run`
 * started in this turn has been sent; events emitted before then go out with it.
 */
function nodeSink(c: Context, outgoing: ServerResponse): { sink: Sink; response: Response } {
  let state: "waiting" | "open" | "gone" = "waiting";
  let ended = false;
  const early: string[] = [];
  outgoing.once("close", () => {
    state = "gone";
  });
  // A write error (the member's connection reset) is the same as leaving.
  outgoing.on("error", () => {
    state = "gone";
  });
  // The marker tells @hono/node-server not to write this response itself. It looks for it only
  // on a full Response, not on its own light one, and reading `body` turns the light one into a
  // full one. (A middleware that read `c.res` before the route would make Hono copy this
  // response into a new light one; none does, and the streaming tests through a real server
  // would fail if one did.)
  const response = c.newResponse(null, 200, { [ALREADY_SENT]: "1" });
  void response.body;
  setImmediate(() => {
    if (state === "gone") return;
    state = "open";
    const headers: Record<string, string> = {};
    c.res.headers.forEach((value, name) => {
      if (name !== ALREADY_SENT && name !== "content-length") headers[name] = value;
    });
    outgoing.writeHead(200, { ...headers, ...SSE_HEADERS });
    // The head and everything emitted so far leave in one write (Node sends the head with the
    // first write). One string, not writes between cork() and uncork(): Node 24 writes the last
    // chunk of an end() called while corked before the chunks written before it.
    const text = early.join("");
    early.length = 0;
    if (ended) outgoing.end(text);
    else if (text) outgoing.write(text);
  });
  return {
    response,
    sink: {
      write(text) {
        if (state === "open") outgoing.write(text);
        else if (state === "waiting") early.push(text);
      },
      end() {
        ended = true;
        if (state === "open") outgoing.end();
      },
    },
  };
}

/** Queued into the response body's stream (any runtime; tests through `app.request`). */
function bodySink(c: Context): { sink: Sink; response: Response } {
  const encoder = new TextEncoder();
  let queue: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      queue = controller;
    },
    cancel() {
      queue = null;
    },
  });
  return {
    response: c.newResponse(body, 200, { ...SSE_HEADERS, "transfer-encoding": "chunked" }),
    sink: {
      write(text) {
        try {
          queue?.enqueue(encoder.encode(text));
        } catch {
          queue = null;
        }
      },
      end() {
        try {
          queue?.close();
        } catch {
          // already closed by the member leaving
        }
        queue = null;
      },
    },
  };
}
