import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../tests/factories/sse";
import { type Emit, eventStream } from "./sse";

/** An app whose one route streams what `run` emits; `finished` settles when `run` has ended. */
function streamingApp(run: (emit: Emit) => Promise<void>) {
  let finish: (value: string) => void = () => {};
  const finished = new Promise<string>((resolve) => {
    finish = resolve;
  });
  const app = new Hono().get("/events", (c) =>
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
  return { app, finished };
}

describe("event stream", () => {
  it("writes each event as it is emitted and ends with the run", async () => {
    const { app } = streamingApp(async (emit) => {
      await emit("message", { text: "one\nline two" });
      await new Promise((r) => setTimeout(r, 10));
      await emit("done", { count: 2 });
    });
    const response = await app.request("/events");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const text = await response.text();
    expect(text).toBe('event: message\ndata: {"text":"one\\nline two"}\n\nevent: done\ndata: {"count":2}\n\n');
    expect(parseSse(text)).toEqual([
      { event: "message", data: { text: "one\nline two" } },
      { event: "done", data: { count: 2 } },
    ]);
  });

  it("keeps running when the reader goes away, and its later events are dropped quietly", async () => {
    let release = () => {};
    const { app, finished } = streamingApp(async (emit) => {
      await emit("first", {});
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await emit("after leaving", {});
      await emit("still after leaving", {});
    });
    const response = await app.request("/events");
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: first");
    await reader.cancel();
    release();
    expect(await finished).toBe("ran to its end");
  });

  it("ends with an error event when the run fails", async () => {
    const { app, finished } = streamingApp(async (emit) => {
      await emit("first", {});
      throw new Error("boom");
    });
    const response = await app.request("/events");
    expect(parseSse(await response.text())).toEqual([
      { event: "first", data: {} },
      { event: "error", data: { message: "An unexpected error occurred" } },
    ]);
    expect(await finished).toBe("threw");
  });
});
