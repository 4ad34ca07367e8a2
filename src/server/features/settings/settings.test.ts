import { DEFAULT_SETTINGS } from "@shared/schemas/settings";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { waitUntil } from "../../../../tests/factories/wait";
import { auditLogs, systemSettings } from "../../db/schema";

const t = setupTestApp();

describe("system settings", () => {
  it("start with the spec's defaults", async () => {
    const admin = await t.admin();
    const body = await (await admin.get("/api/admin/settings")).json();
    expect(body.settings).toEqual(DEFAULT_SETTINGS);
    expect(body.settings.security).toEqual({
      sessionTimeout: 24,
      passwordMinLength: 6,
      requireEmailVerification: false,
      enableTwoFactor: false,
      maxLoginAttempts: 5,
    });
    expect(body.settings.ai).toMatchObject({
      defaultProvider: "anthropic",
      freeUserMessageLimit: 10,
      previewTokenLimit: 200,
      responseTimeout: 30,
    });
  });

  it("save a section, write an audit row and take effect at once", async () => {
    const admin = await t.admin();
    const response = await admin.put("/api/admin/settings/security", { passwordMinLength: 10 });
    expect(response.status).toBe(200);
    expect((await response.json()).values.passwordMinLength).toBe(10);
    const publicSettings = await (await t.client().get("/api/settings/public")).json();
    expect(publicSettings.passwordMinLength).toBe(10);
    const [audit] = await t.services.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update"));
    expect(audit).toMatchObject({ tableName: "system_settings", recordId: "security" });
    expect(audit?.oldValues).toMatchObject({ passwordMinLength: 6 });
    expect(audit?.newValues).toMatchObject({ passwordMinLength: 10 });
  });

  it.each([
    ["general", { maxFileUploadSize: 0 }],
    ["general", { maxFileUploadSize: 101 }],
    ["ai", { freeUserMessageLimit: 101 }],
    ["ai", { previewTokenLimit: 49 }],
    ["ai", { responseTimeout: 121 }],
    ["subscription", { trialPeriodDays: 31 }],
    ["subscription", { gracePeriodDays: 16 }],
    ["security", { sessionTimeout: 169 }],
    ["security", { passwordMinLength: 5 }],
    ["security", { maxLoginAttempts: 11 }],
    ["security", { maxLoginAttempts: 2.5 }],
    ["ai", { defaultProvider: "other" }],
    ["general", { unknownKey: true }],
  ])("refuse out-of-bounds values: %s %o", async (section, patch) => {
    const admin = await t.admin();
    const response = await admin.put(`/api/admin/settings/${section}`, patch);
    expect(response.status).toBe(400);
  });

  it("refuse an unknown section", async () => {
    const admin = await t.admin();
    expect((await admin.put("/api/admin/settings/everything", { a: 1 })).status).toBe(400);
  });

  it("fall back to defaults for a stored value that no longer validates", async () => {
    await t.services.db
      .update(systemSettings)
      .set({ values: { ...DEFAULT_SETTINGS.security, maxLoginAttempts: 999 } })
      .where(eq(systemSettings.section, "security"));
    t.services.settings.invalidate();
    const settings = await t.services.settings.get();
    expect(settings.security.maxLoginAttempts).toBe(5);
    expect(settings.security.sessionTimeout).toBe(24);
  });

  it("are kept in memory, and a change made here applies at once", async () => {
    const first = await t.services.settings.get();
    expect(await t.services.settings.get()).toBe(first);
    await t.services.settings.update("ai", { freeUserMessageLimit: 7 }, {});
    expect((await t.services.settings.get()).ai.freeUserMessageLimit).toBe(7);
  });

  it("are kept until the database announces another process's change (PostgreSQL); the embedded one has only this one", async () => {
    await t.services.settings.update("ai", { freeUserMessageLimit: 7 }, {});
    const kept = await t.services.settings.get();
    /** Another process's change, written straight to the database. */
    const changeElsewhere = (limit: number) =>
      t.services.db
        .update(systemSettings)
        .set({ values: { ...kept.ai, freeUserMessageLimit: limit } })
        .where(eq(systemSettings.section, "ai"));
    if (t.services.database.kind === "postgres") {
      await changeElsewhere(4);
      await waitUntil(async () => (await t.services.settings.get()).ai.freeUserMessageLimit === 4, {
        what: "the announced change to be in force",
        timeout: 1_000,
      });
    }
    // With nothing announced, the copy is kept however long it has been (a fake clock: Date only).
    const current = await t.services.settings.get();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.advanceTimersByTime(60_000);
      expect(await t.services.settings.get()).toBe(current);
    } finally {
      vi.useRealTimers();
    }
    if (t.services.database.kind === "pglite") {
      await changeElsewhere(4);
      expect(await t.services.settings.get()).toBe(current);
    }
  });

  it("show demo accounts publicly in embedded mode only", async () => {
    const body = await (await t.client().get("/api/settings/public")).json();
    if (t.services.config.mode === "embedded") {
      expect(body.demoAccounts.map((a: { email: string }) => a.email)).toEqual([
        "demo@example.com",
        "premium@example.com",
        "admin@example.com",
      ]);
    } else {
      expect(body.demoAccounts).toEqual([]);
    }
  });
});
