import { request } from "node:http";
import { GENERIC_TEXT } from "@shared/messages";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../../tests/factories/serve-app";
import { setupTestApp } from "../../../tests/factories/test-app";
import { cases } from "../db/schema";

const t = setupTestApp();
const served = serveForTests((request, env) => t.app.fetch(request, env));

const NOT_JSON = { error: { code: "UNSUPPORTED_TYPE", message: GENERIC_TEXT.notJson } };
const caseCount = async (userId: string) =>
  (await t.services.db.select({ n: count() }).from(cases).where(eq(cases.userId, userId)))[0]?.n ?? 0;

describe("JSON bodies", () => {
  it("refuses a body that is not labelled JSON with 415, and writes nothing", async () => {
    const { client, id } = await t.member();
    const body = JSON.stringify({ title: "Deposit" });
    for (const headers of [
      { "content-type": "text/plain" },
      { "content-type": "text/plain;charset=UTF-8" },
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "multipart/form-data; boundary=x" },
      { "content-type": "application/jsonp" },
      { "content-type": "" },
    ]) {
      const response = await client.request("/api/cases", { method: "POST", body, headers });
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(await response.json()).toEqual(NOT_JSON);
    }
    // No Content-Type at all, but a body (bytes): the route takes JSON, so 415 as well.
    const unlabelled = await client.request("/api/cases", { method: "POST", body: new TextEncoder().encode(body) });
    expect(unlabelled.status).toBe(415);
    expect(await caseCount(id)).toBe(0);

    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "Application/JSON",
      "application/merge-patch+json",
    ]) {
      const response = await client.request("/api/cases", { method: "POST", body, headers: { "content-type": type } });
      expect(response.status, type).toBe(201);
    }
  });

  it("refuses it on every method and route, the account endpoints too", async () => {
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", { title: "A case" })).json()).case.id as string;
    for (const [method, path] of [
      ["PATCH", "/api/profile"],
      ["PUT", "/api/profile/preferences"],
      ["POST", `/api/cases/${caseId}/archive`],
      ["DELETE", `/api/documents/drafts/will`],
      ["POST", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/sign-out"],
    ] as const) {
      const response = await client.request(path, {
        method,
        body: "email=a@example.com",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(response.status, `${method} ${path}`).toBe(415);
      expect(await response.json()).toEqual(NOT_JSON);
    }
    expect(await client.me()).not.toBeNull();
  });

  it("accepts a bodiless POST, without a Content-Type, where the route takes no body", async () => {
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", { title: "A case" })).json()).case.id as string;
    const archived = await client.request(`/api/cases/${caseId}/archive`, { method: "POST" });
    expect(archived.status).toBe(200);
    // A route that takes JSON says so.
    const bodiless = await client.request("/api/cases", { method: "POST" });
    expect(bodiless.status).toBe(415);
  });

  it("leaves the Stripe webhook and uploads to read their own bodies", async () => {
    const webhook = await t.client().request("/api/billing/webhook", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "text/plain", origin: "" },
    });
    expect(webhook.status).toBe(404); // demo mode: no webhook; never 415
    const { client } = await t.member();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(0)], { type: "application/pdf" }), "empty.pdf");
    const upload = await client.request("/api/uploads", { method: "POST", body: form });
    // The uploads feature judges the file itself (an empty one is refused by its own rule).
    expect((await upload.json()).error?.message).not.toBe(GENERIC_TEXT.notJson);
  });

  it("judges the body by its headers over real HTTP: a length of 0 is no body, a chunked text body is refused", async () => {
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", { title: "A case" })).json()).case.id as string;
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const send = (path: string, headers: Record<string, string | number>, chunks: string[]) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: served.port,
            path,
            method: "POST",
            headers: { origin: "http://localhost:3000", cookie, ...headers },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        for (const chunk of chunks.slice(0, -1)) req.write(chunk);
        req.end(chunks.at(-1));
      });
    expect(await send(`/api/cases/${caseId}/archive`, { "content-length": 0 }, [""])).toBe(200);
    expect(await send(`/api/cases/${caseId}/restore`, { "content-type": "text/plain" }, ['{"a":', "1}"])).toBe(415);
  });
});
