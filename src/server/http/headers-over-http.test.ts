import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";

/**
 * The headers every answer carries, as Node's HTTP server writes them (the app served as `npm
 * start` serves it: they go on Node's response, not on the context's, and a route's own value
 * must still win). The in-process tests in security.test.ts check the same through `app.request`.
 */
const t = setupTestApp();
let server: ServerType | undefined;
let base = "";

// Served once the test app is ready (inside the first test's hooks).
beforeEach(async () => {
  if (server) return;
  const started = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => started.once("listening", () => resolve()));
  server = started;
  base = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const SECURITY = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY)) expect(response.headers.get(name), name).toBe(value);
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
}

describe("headers over HTTP", () => {
  it("are on an API answer, which is not to be stored, each with its own request id", async () => {
    const [a, b] = await Promise.all([fetch(`${base}/api/health`), fetch(`${base}/api/health`)]);
    for (const response of [a, b]) {
      expect(response.status).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-security-policy")).not.toContain("nonce-");
    }
    expect(a?.headers.get("x-request-id")).not.toBe(b?.headers.get("x-request-id"));
  });

  it("leave a route's own Cache-Control alone, and keep no-store to the API", async () => {
    const testimonials = await fetch(`${base}/api/testimonials`);
    expect(testimonials.status).toBe(200);
    expectSecurityHeaders(testimonials);
    expect(testimonials.headers.get("cache-control")).toBe("public, max-age=60");
    const robots = await fetch(`${base}/robots.txt`);
    expectSecurityHeaders(robots);
    expect(robots.headers.get("cache-control")).toBeNull();
  });

  it("are on errors too, and the cases list is JSON", async () => {
    const missing = await fetch(`${base}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
    const refused = await fetch(`${base}/api/cases`);
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused);
    const { client } = await t.member();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const list = await fetch(`${base}/api/cases`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await list.json()).toEqual({ items: [], nextCursor: null });
    expectSecurityHeaders(list);
  });

  it("admit a page's own <style> by the nonce written into it, and only that page", async () => {
    const responses = await Promise.all([fetch(`${base}/dev/outbox`), fetch(`${base}/dev/outbox`)]);
    const nonces: string[] = [];
    for (const response of responses) {
      expectSecurityHeaders(response);
      const nonce = (await response.text()).match(/<style nonce="([^"]+)">/)?.[1] ?? "";
      expect(nonce).not.toBe("");
      expect(response.headers.get("content-security-policy")).toContain(`style-src 'self' 'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
