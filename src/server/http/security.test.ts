import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CONSENT } from "../../../tests/factories/people";
import { errorBody } from "../../../tests/factories/responses";
import { setupTestApp } from "../../../tests/factories/test-app";
import { TestClient } from "../../../tests/factories/test-client";
import { createApp } from "../app";
import { createLogger } from "../lib/logger";
import type { AppEnv } from "./env";
import { clientAddress } from "./security";

const clientDir = mkdtempSync(path.join(tmpdir(), "lawguide-client-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(
  path.join(clientDir, "index.html"),
  '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><link rel="stylesheet" crossorigin href="/assets/app-abc123.css"></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(clientDir, "assets", "app-abc123.css"), "body{color:#123456}");
writeFileSync(
  path.join(clientDir, "welcome.html"),
  '<!doctype html><html data-session="__SESSION__"><head></head><body><div id="root"></div></body></html>',
);
mkdirSync(path.join(clientDir, "pages"));
writeFileSync(
  path.join(clientDir, "pages", "login.html"),
  '<!doctype html><html><head></head><body><div id="root">Prerendered sign-in</div></body></html>',
);
writeFileSync(
  path.join(clientDir, "pages", "welcome-visitor.html"),
  '<!doctype html><html data-session="__SESSION__"><head></head><body>Visitor landing</body></html>',
);
writeFileSync(
  path.join(clientDir, "pages", "welcome-member.html"),
  '<!doctype html><html data-session="__SESSION__"><head></head><body>Member landing</body></html>',
);
writeFileSync(
  path.join(clientDir, "pages", "pages.json"),
  JSON.stringify({
    "/login": "pages/login.html",
    "/welcome#visitor": "pages/welcome-visitor.html",
    "/welcome#member": "pages/welcome-member.html",
  }),
);
writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
writeFileSync(path.join(clientDir, "assets", "app-abc123.js.br"), "compressed");
writeFileSync(path.join(clientDir, ".build-stamp"), "build stamp");
mkdirSync(path.join(clientDir, ".vite"));
writeFileSync(path.join(clientDir, ".vite", "manifest.json"), "{}");

const t = setupTestApp({ CLIENT_DIR: clientDir });

describe("administrator routes", () => {
  it("refuse visitors (401) and members (403) on every /api/admin route, and admit the administrator", async () => {
    const adminRoutes = t.app.routes.filter((r) => r.path.startsWith("/api/admin") && r.method !== "ALL");
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    const visitor = t.client();
    const { client: member } = await t.member();
    const admin = await t.admin();
    // What the administrator gets from each route called with an empty body and a made-up id: a new
    // admin route must be added here, so its exact answer is checked (a 500 never passes).
    const adminStatus: Record<string, number> = {
      "GET /api/admin/settings": 200,
      "PUT /api/admin/settings/:section": 200,
      "PATCH /api/admin/settings": 200,
      "GET /api/admin/stats": 200,
      "GET /api/admin/activity": 200,
      "GET /api/admin/charts": 200,
      "GET /api/admin/logs": 200,
      "GET /api/admin/audit-logs": 200,
      "GET /api/admin/outbox": 200,
      "GET /api/admin/mail": 200,
      "POST /api/admin/mail/:id/retry": 404,
      "GET /api/admin/users": 200,
      "GET /api/admin/users/stats": 200,
      "POST /api/admin/users": 400,
      "PATCH /api/admin/users/:id": 404,
      "DELETE /api/admin/users/:id": 404,
      "POST /api/admin/users/:id/unlock": 404,
      "PUT /api/admin/users/:id/subscription": 400,
      "DELETE /api/admin/users/:id/subscription": 404,
      "GET /api/admin/cases": 200,
      "GET /api/admin/cases/stats": 200,
      "GET /api/admin/cases/:id": 404,
      "GET /api/admin/cases/:id/messages": 404,
      "PATCH /api/admin/cases/:id": 400,
      "POST /api/admin/cases/:id/toggle-status": 404,
      "GET /api/admin/attorneys": 200,
      "POST /api/admin/attorneys": 400,
      "PATCH /api/admin/attorneys/:id": 400,
      "DELETE /api/admin/attorneys/:id": 404,
      "GET /api/admin/referrals": 200,
      "POST /api/admin/referrals/:id/assign": 400,
      "GET /api/admin/testimonials": 200,
      "POST /api/admin/testimonials": 400,
      "PATCH /api/admin/testimonials/:id": 400,
      "DELETE /api/admin/testimonials/:id": 404,
      "POST /api/admin/testimonials/:id/move": 400,
      "GET /api/admin/ai-models": 200,
      "GET /api/admin/ai-models/leaderboard": 200,
      "POST /api/admin/ai-models": 400,
      "PATCH /api/admin/ai-models/settings": 400,
      "PATCH /api/admin/ai-models/:id": 400,
      "DELETE /api/admin/ai-models/:id": 404,
      "GET /api/admin/law-library": 200,
      "GET /api/admin/law-library/:state/:topic": 400,
      "PATCH /api/admin/law-library/:state/:topic": 400,
      "POST /api/admin/law-library/:state/:topic/checked": 400,
      "POST /api/admin/law-library/:state/:topic/release": 400,
    };
    const adminGot: Record<string, number> = {};
    for (const route of adminRoutes) {
      const url = route.path.replace(":section", "general").replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000");
      const body = route.method === "GET" ? undefined : {};
      const call = (c: TestClient) => c.request(url, { method: route.method, ...(body ? { json: body } : {}) });
      expect((await call(visitor)).status, `${route.method} ${url} visitor`).toBe(401);
      const refused = await call(member);
      expect(refused.status, `${route.method} ${url} member`).toBe(403);
      expect(await refused.json()).toEqual({
        error: { code: "FORBIDDEN", message: "Administrator access is required." },
      });
      adminGot[`${route.method} ${route.path}`] = (await call(admin)).status;
    }
    // Every route at once, so a missing or changed entry shows in one diff.
    expect(adminGot).toEqual(adminStatus);
  });
});

describe("request checks", () => {
  it("refuses state-changing requests without our Origin", async () => {
    const noOrigin = new TestClient(t.app, "");
    let response = await noOrigin.signUp({ email: "x@example.com" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("BAD_ORIGIN");

    const foreign = new TestClient(t.app, "https://evil.example");
    response = await foreign.signUp({ email: "x@example.com" });
    expect(response.status).toBe(403);

    // Same-origin requests to another host name of this server are accepted...
    response = await new TestClient(t.app, "http://127.0.0.1:3000").request(
      "http://127.0.0.1:3000/api/auth/sign-up/email",
      { json: { email: "y@example.com", password: "secret1", firstName: "Y", ...CONSENT } },
    );
    expect(response.status).toBe(200);
    // ...but the scheme counts as well as the host: an https page may not post to http, nor the reverse.
    for (const [origin, url] of [
      ["https://127.0.0.1:3000", "http://127.0.0.1:3000/api/auth/sign-up/email"],
      ["http://lawguide.example", "https://lawguide.example/api/auth/sign-up/email"],
    ] as const) {
      response = await new TestClient(t.app, origin).request(url, {
        json: { email: "z@example.com", password: "secret1", firstName: "Z", ...CONSENT },
      });
      expect(response.status, `${origin} → ${url}`).toBe(403);
    }
  });

  it("limits JSON bodies to 1 MB with 413", async () => {
    const { client } = await t.member();
    const response = await client.request("/api/auth/change-password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: "x".repeat(1024 * 1024 + 10), newPassword: "yyyyyyyy" }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("TOO_LARGE");
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const response = await t.client().get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
  });

  it("answers invalid input with 400 and the field", async () => {
    const admin = await t.admin();
    const body = await errorBody(await admin.put("/api/admin/settings/ai", { freeUserMessageLimit: 0 }), 400);
    expect(body.error.code).toBe("INVALID_INPUT");
    expect(body.error.fields).toHaveProperty("freeUserMessageLimit");
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
  });

  it("log an unexpected error as one line with the route and an error id, never the request's data", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    const app = createApp({ ...t.services, logger });
    const { client } = await t.member();
    const member = new TestClient(app);
    for (const [name, value] of client.cookies) member.cookies.set(name, value);
    // A real fault: the table a case is written to is not there for a moment.
    await t.services.db.execute(sql`alter table cases rename to cases_away`);
    let response: Response;
    try {
      response = await member.post("/api/cases", { title: "Secret title 7f3a", description: "private words" });
    } finally {
      await t.services.db.execute(sql`alter table cases_away rename to cases`);
    }
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: "INTERNAL", message: "An unexpected error occurred" });
    expect(body.error.errorId).toEqual(expect.any(String));
    const faults = lines.filter((l) => l.msg === "unhandled error");
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ errorId: body.error.errorId, method: "POST", route: "/api/cases" });
    expect(JSON.stringify(lines)).not.toMatch(/Secret title|private words|member\d+-/);
  });
});

describe("responses", () => {
  it("carry security headers with a strict Content-Security-Policy", async () => {
    const response = await t.client().get("/api/health");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    // Only a page with our own <style> tags admits them (by its nonce); an answer of the API none.
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain("nonce-");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("report health: database, AI providers, payments, mail, version", async () => {
    const response = await t.client().get("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { status: "up" },
      ai: { openai: "offline", anthropic: "offline" },
      payments: "demo",
      mail: "outbox",
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("serve the client with the nonce filled in, for every page path (SPA fallback)", async () => {
    for (const page of ["/", "/dashboard/case/123", "/anything/else"]) {
      const response = await t.client().get(page);
      expect(response.status, page).toBe(200);
      const html = await response.text();
      const nonce = html.match(/content="([^"]+)"/)?.[1];
      expect(nonce, page).toBeTruthy();
      expect(nonce).not.toBe("__CSP_NONCE__");
      expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      // The stylesheet is written into the page, under the same nonce.
      expect(html).toContain(`<style nonce="${nonce}">body{color:#123456}</style>`);
      // A disabled copy of the link stays (not fetched), so lazy chunks do not add it again.
      expect(html).toContain('<link rel="stylesheet" href="/assets/app-abc123.css" disabled>');
      expect(html).not.toContain('<link rel="stylesheet" crossorigin');
    }
  });

  it("serve prerendered pages, and the landing page for visitors or members as the session says", async () => {
    expect(await (await t.client().get("/login")).text()).toContain("Prerendered sign-in");
    const visitor = await (await t.client().get("/welcome")).text();
    expect(visitor).toContain("Visitor landing");
    expect(visitor).toContain('data-session="visitor"');
    const { client } = await t.member();
    const member = await (await client.get("/welcome")).text();
    expect(member).toContain("Member landing");
    expect(member).toContain('data-session="member"');
    // A forged or stale session cookie gets the visitor's page.
    const forged = await t.client().get("/welcome", { cookie: "lawguide.session_token=forged.sig" });
    expect(await forged.text()).toContain("Visitor landing");
    // The built pages are never served as raw files.
    expect(await (await t.client().get("/pages/login.html")).text()).not.toContain("Prerendered sign-in");
  });

  it("preload a case chat's answers with its HTML, for a signed-in member only", async () => {
    const caseId = "3f0c2a4e-8b1d-4c6f-9a2e-5d7b8c9e0f1a";
    const preloads = (html: string) => html.match(/<link rel="preload" as="fetch"[^>]*>/g) ?? [];
    const { client } = await t.member();
    const chat = await client.get(`/dashboard/case/${caseId}`);
    const html = await chat.text();
    // Exactly the requests the app makes (same address, CORS mode, same-origin credentials), so
    // its own fetch() takes the preloaded answers.
    expect(preloads(html)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/api/me">',
      `<link rel="preload" as="fetch" crossorigin href="/api/cases/${caseId}">`,
      `<link rel="preload" as="fetch" crossorigin href="/api/cases/${caseId}/messages">`,
    ]);
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf("</head>"));
    // The CSP lets the page fetch them (its own origin).
    expect(chat.headers.get("content-security-policy")).toContain("connect-src 'self'");
    // Nothing for a visitor, a forged or stale session cookie, an id the API would refuse, or any other page.
    expect(preloads(await (await t.client().get(`/dashboard/case/${caseId}`)).text())).toEqual([]);
    const forged = await t.client().get(`/dashboard/case/${caseId}`, { cookie: "lawguide.session_token=forged.sig" });
    expect(preloads(await forged.text())).toEqual([]);
    for (const other of ["/dashboard/case/123", `/dashboard/case/${caseId}/x`, "/dashboard/cases", "/dashboard"]) {
      expect(preloads(await (await client.get(other)).text()), other).toEqual([]);
    }
  });

  it("compress the page when the browser accepts it", async () => {
    const response = await t.client().get("/welcome", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("serve hashed assets compressed and cached for a year, and 404 missing files", async () => {
    const asset = await t.client().get("/assets/app-abc123.js", { "accept-encoding": "gzip, br" });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await t.client().get("/assets/missing.js")).status).toBe(404);
    expect((await t.client().get("/../package.json")).status).not.toBe(200);
  });

  it("serve a real robots.txt", async () => {
    const response = await t.client().get("/robots.txt");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("User-agent: *");
  });

  it("never serve build artefacts", async () => {
    for (const path of ["/.build-stamp", "/.vite/manifest.json", "/pages/pages.json", "/assets/app-abc123.js.br"]) {
      const response = await t.client().get(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("the client's address", () => {
  it("is one address for an IPv4 client whether it reaches a dual-stack socket directly or comes through the proxy", async () => {
    const seen: Array<string | null> = [];
    const app = new Hono<AppEnv>().use(clientAddress({ trustProxy: true })).get("/", (c) => {
      seen.push(c.get("clientIp"));
      return c.text("ok");
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "::" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "198.51.100.7, ::ffff:127.0.0.1" } });
      await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "127.0.0.1, 198.51.100.7" } });
    } finally {
      server.close();
    }
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1", "198.51.100.7"]);
  });
});
