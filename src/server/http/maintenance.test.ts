import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import type { TestClient } from "../../../tests/factories/test-client";
import type { AppEnv } from "./env";
import { MAINTENANCE_RETRY_AFTER_S, maintenanceGuard } from "./maintenance";

const t = setupTestApp();

async function maintenance(admin: TestClient, on: boolean, general: Record<string, unknown> = {}) {
  const response = await admin.patch("/api/admin/settings", { general: { maintenanceMode: on, ...general } });
  expect(response.status).toBe(200);
}

async function expectDown(response: Response, siteName = "LawGuide", supportEmail = "support@lawguide.example") {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe(String(MAINTENANCE_RETRY_AFTER_S));
  const body = await response.json();
  expect(body.error.code).toBe("MAINTENANCE");
  expect(body.error.message).toContain(`${siteName} is down for maintenance`);
  expect(body.error.message).toContain(supportEmail);
}

describe("maintenance mode", () => {
  it("answers visitors and members 503 with a clear text and Retry-After, until it is turned off", async () => {
    const member = await t.member();
    const admin = await t.admin();
    const visitor = t.client();
    expect((await member.client.get("/api/cases")).status).toBe(200);

    await maintenance(admin, true);
    await expectDown(await member.client.get("/api/cases"));
    await expectDown(await member.client.post("/api/cases", {}));
    await expectDown(await member.client.get("/api/profile"));
    await expectDown(await visitor.get("/api/testimonials"));
    // Nobody new joins during maintenance.
    await expectDown(await visitor.signUp({ email: "new-during-maintenance@example.com" }));
    // Whatever the request's body: down is said before a form or an oversized body is refused.
    await expectDown(
      await member.client.request("/api/cases", {
        method: "POST",
        body: "title=Deposit",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    await expectDown(
      await member.client.request("/api/cases", {
        method: "POST",
        body: JSON.stringify({ title: "x".repeat(2 * 1024 * 1024) }),
        headers: { "content-type": "application/json" },
      }),
    );

    await maintenance(admin, false);
    expect((await member.client.get("/api/cases")).status).toBe(200);
    expect((await visitor.get("/api/testimonials")).status).toBe(200);
  });

  it("names the site and the support address the settings give", async () => {
    const member = await t.member();
    await maintenance(await t.admin(), true, { siteName: "Acme Legal", supportEmail: "help@acme.example" });
    await expectDown(await member.client.get("/api/cases"), "Acme Legal", "help@acme.example");
  });

  it("keeps the health check, the public settings, who is signed in, and signing in and out open", async () => {
    const member = await t.member();
    await maintenance(await t.admin(), true);
    const visitor = t.client();
    expect((await visitor.get("/api/health")).status).toBe(200);
    const settings = await visitor.get("/api/settings/public");
    expect(settings.status).toBe(200);
    expect((await settings.json()).maintenanceMode).toBe(true);
    expect((await member.client.me())?.email).toBe(member.email);
    expect((await member.client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await member.client.me()).toBeNull();
    // A member may sign in (the page then shows the maintenance notice), but reaches nothing else.
    expect((await member.client.signIn(member.email, member.password)).status).toBe(200);
    await expectDown(await member.client.get("/api/cases"));
    expect((await visitor.post("/api/auth/request-password-reset", { email: member.email })).status).toBe(200);
  });

  it("lets administrators sign in and work: the admin API and the member API", async () => {
    const admin = await t.admin();
    await maintenance(admin, true);
    const again = t.client();
    expect((await again.signIn("admin@example.com", "admin-password")).status).toBe(200);
    expect((await again.get("/api/admin/settings")).status).toBe(200);
    expect((await again.get("/api/admin/stats")).status).toBe(200);
    expect((await again.get("/api/cases")).status).toBe(200);
    expect((await again.post("/api/cases", {})).status).toBe(201);
  });

  it("leaves the admin API's own answers to everyone else: 401 and 403, not 503", async () => {
    const member = await t.member();
    await maintenance(await t.admin(), true);
    expect((await t.client().get("/api/admin/settings")).status).toBe(401);
    expect((await member.client.get("/api/admin/settings")).status).toBe(403);
  });

  it("blocks nothing when the settings cannot be read (the health check must report the fault)", async () => {
    const app = new Hono<AppEnv>()
      .use(
        maintenanceGuard({
          settings: { get: () => Promise.reject(new Error("database down")) },
          currentUser: async () => null,
        }),
      )
      .get("/api/cases", (c) => c.text("ok"));
    expect((await app.request("/api/cases")).status).toBe(200);
  });
});
