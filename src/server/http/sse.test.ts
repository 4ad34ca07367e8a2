import { get } from "node:http";
import type { Socket } from "node:net";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../../tests/factories/serve-app";
import { parseSse } from "../../../tests/factories/sse";
import { type Emit, eventStream } from "./sse";

/** An app whose one route streams what `run` emits; `finished` settles when `run` has ended. */
function streamingApp() {
  let run: (emit: Emit) => Promise<void> = async () => {};
  let finish: (value: string) => void = () => {};
  let finished = Promise.resolve("");
  const app = new Hono()
    // As LawGuide's own middleware do: a header set before the route, others after it.
    .use(requestId())
    .use(async (c, next) => {
      await next();
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    })
    .get("/events", (c) =>
      eventStream(c, async (emit) => {
        try {
          await run(emit);
          finish("ran to its end");
        } catch (error) {
          finish("threw");
          throw error;
        }
      }),
    );
  return {
    app,
    /** The next request streams with `next`; returns a promise of how that run ended. */
    streams(next: (emit: Emit) => Promise<void>): Promise<string> {
      run = next;
      finished = new Promise<string>((resolve) => {
        finish = resolve;
      });
      return finished;
    },
  };
}

const { app, streams } = streamingApp();
const served = serveForTests(app.fetch);

/** Resolves when the server sees the response of its next request close (the reader left). */
function nextResponseClosed(): Promise<void> {
  return new Promise((resolve) => {
    served.server.once("request", (_req, res) => res.once("close", () => resolve()));
  });
}

/** A promise, and the function that resolves it: a step the test lets the run take. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

// Served by Node the events are written straight to the socket; through `app.request` (the
// tests' client) they go into the body's stream. Both must behave the same. `get` also says when
// the server has seen the reader leave: on Node when the response closes; through app.request
// cancelling the body runs the stream's cancel at once.
const transports = [
  {
    name: "served by Node",
    get: () => {
      const left = nextResponseClosed();
      return { response: fetch(`http://127.0.0.1:${served.port}/events`), left };
    },
  },
  { name: "through app.request", get: () => ({ response: app.request("/events"), left: Promise.resolve() }) },
];

/** Everything left to read of a body. */
async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, decoder: TextDecoder): Promise<string> {
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

describe.each(transports)("event stream, $name", ({ get }) => {
  it("writes each event as it is emitted and ends with the run", async () => {
    // The second event is emitted only once the first has reached the reader.
    const firstRead = gate();
    streams(async (emit) => {
      await emit("message", { text: "one\nline two" });
      await firstRead.opened;
      await emit("done", { count: 2 });
    });
    const response = await get().response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    // Headers from the middleware, set before and after the route.
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before its first event");
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe('event: message\ndata: {"text":"one\\nline two"}\n\n');
    firstRead.open();
    text += await readAll(reader, decoder);
    expect(text).toBe('event: message\ndata: {"text":"one\\nline two"}\n\nevent: done\ndata: {"count":2}\n\n');
    expect(parseSse(text)).toEqual([
      { event: "message", data: { text: "one\nline two" } },
      { event: "done", data: { count: 2 } },
    ]);
  });

  it("sends what a run emits and ends it even when the run ends at once", async () => {
    streams(async (emit) => {
      await emit("only", { n: 1 });
    });
    const response = await get().response;
    expect(parseSse(await response.text())).toEqual([{ event: "only", data: { n: 1 } }]);
  });

  it("keeps running when the reader goes away, and its later events are dropped quietly", async () => {
    const readerGone = gate();
    const finished = streams(async (emit) => {
      await emit("first", {});
      // Written after the server has seen the member go.
      await readerGone.opened;
      await emit("after leaving", {});
      await emit("still after leaving", {});
    });
    const { response: pending, left } = get();
    const response = await pending;
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: first");
    await reader.cancel();
    await left;
    readerGone.open();
    expect(await finished).toBe("ran to its end");
  });

  it("ends with an error event when the run fails", async () => {
    const finished = streams(async (emit) => {
      await emit("first", {});
      throw new Error("boom");
    });
    const response = await get().response;
    expect(parseSse(await response.text())).toEqual([
      { event: "first", data: {} },
      { event: "error", data: { message: "An unexpected error occurred" } },
    ]);
    expect(await finished).toBe("threw");
  });
});

describe("event stream served by Node", () => {
  it("sends the head and the events emitted at once in a single write to the socket", async () => {
    // Every write LawGuide's server makes on the connection, as the socket is handed them.
    const writes: string[] = [];
    const record = (socket: Socket) => {
      const raw = socket as unknown as {
        _write: (chunk: Buffer, encoding: string, cb: () => void) => void;
        _writev: (chunks: { chunk: Buffer | string }[], cb: () => void) => void;
      };
      const write = raw._write.bind(socket);
      const writev = raw._writev.bind(socket);
      raw._write = (chunk, encoding, cb) => {
        writes.push(String(chunk));
        write(chunk, encoding, cb);
      };
      raw._writev = (chunks, cb) => {
        writes.push(chunks.map((c) => String(c.chunk)).join(""));
        writev(chunks, cb);
      };
    };
    served.server.once("connection", record);
    let release = () => {};
    const finished = streams(async (emit) => {
      await emit("message", { stored: true });
      await emit("start", { provider: "openai" });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await emit("delta", { text: "Hello" });
    });
    // A connection of its own (not one kept alive by the tests above), so its writes are seen.
    const body = await new Promise<string>((resolve, reject) => {
      get({ host: "127.0.0.1", port: served.port, path: "/events", agent: false }, (res) => {
        let text = "";
        res.once("data", () => release());
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => resolve(text));
      }).on("error", reject);
    });
    expect(await finished).toBe("ran to its end");
    expect(parseSse(body).map((e) => e.event)).toEqual(["message", "start", "delta"]);
    expect(writes[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(writes[0]).toContain("event: message\n");
    expect(writes[0]).toContain("event: start\n");
    expect(writes[0]).not.toContain("event: delta");
    expect(writes.slice(1).join("")).toContain('event: delta\ndata: {"text":"Hello"}');
  });
});
