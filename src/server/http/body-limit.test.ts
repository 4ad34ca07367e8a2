import { request } from "node:http";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../../tests/factories/serve-app";
import { ApiError } from "../lib/errors";
import { requestBodyLimit } from "./body-limit";
import type { AppEnv } from "./env";

/** Over real HTTP (Content-Length and chunked bodies are only told apart on the wire). */
describe("requestBodyLimit", () => {
  const app = new Hono<AppEnv>()
    .use(requestBodyLimit(1000))
    .post("/echo", async (c) => c.json({ got: await c.req.json() }))
    .onError((error, c) =>
      error instanceof ApiError ? c.json(error.toBody(), error.status) : c.json({ error: String(error) }, 500),
    );
  const served = serveForTests(app.fetch);

  function send(body: string, chunked: boolean): Promise<{ status: number; json: unknown }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { "content-type": "application/json" };
      if (!chunked) headers["content-length"] = Buffer.byteLength(body);
      const req = request({ host: "127.0.0.1", port: served.port, path: "/echo", method: "POST", headers }, (res) => {
        let text = "";
        res.on("data", (d) => (text += String(d)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      });
      req.on("error", reject);
      if (chunked) {
        // Two writes without a length: Node sends Transfer-Encoding: chunked.
        req.write(body.slice(0, 10));
        req.end(body.slice(10));
      } else req.end(body);
    });
  }

  const small = JSON.stringify({ content: "a question" });
  const large = JSON.stringify({ content: "x".repeat(2000) });

  it("passes a body within the limit, with or without a length", async () => {
    expect(await send(small, false)).toEqual({ status: 200, json: { got: { content: "a question" } } });
    expect(await send(small, true)).toEqual({ status: 200, json: { got: { content: "a question" } } });
  });

  it("refuses a larger body with 413 whether it announces its length or is chunked", async () => {
    for (const chunked of [false, true]) {
      const response = await send(large, chunked);
      expect(response.status).toBe(413);
      expect(response.json).toMatchObject({ error: { code: "TOO_LARGE" } });
    }
  });
});
