import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";

type Fetch = Parameters<typeof serve>[0]["fetch"];

/**
 * Serve an app over real HTTP on 127.0.0.1 for the tests of one file (what only shows on the
 * wire: chunked bodies, writes on the socket). Call at the top level of a test file; `port` and
 * `server` are set before the first test, and the server is closed after the last.
 */
export function serveForTests(fetch: Fetch): { port: number; server: ReturnType<typeof serve> } {
  const served = { port: 0, server: undefined as unknown as ReturnType<typeof serve> };
  beforeAll(async () => {
    served.server = serve({ fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => served.server.once("listening", () => resolve()));
    served.port = (served.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => served.server.close(() => resolve())));
  return served;
}
