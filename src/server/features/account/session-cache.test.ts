import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { session, user, userProfiles } from "../../db/schema";

describe("sessions kept in memory", () => {
  const t = setupTestApp();
  const embedded = () => t.services.database.kind === "pglite";

  /** A second client presenting the same session cookie (as another tab would). */
  function sameSession(client: TestClient): TestClient {
    const copy = t.client();
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    return copy;
  }

  it("are kept on the embedded engine only, and the kept member is the one in the database", async () => {
    const m = await t.member({ firstName: "Kept" });
    expect((await m.client.me())?.firstName).toBe("Kept");
    if (embedded()) expect(t.services.sessionCache?.size).toBeGreaterThan(0);
    else expect(t.services.sessionCache).toBeNull();
    expect((await m.client.me())?.firstName).toBe("Kept");
  });

  it("refuse a session deleted in the database on the very next request", async () => {
    const m = await t.member();
    expect(await m.client.me()).not.toBeNull();
    await t.services.db.delete(session).where(eq(session.userId, m.id));
    expect(await m.client.me()).toBeNull();
    expect((await m.client.get("/api/cases")).status).toBe(401);
  });

  it("refuse a member banned, or a session expired, by a change in the database", async () => {
    const banned = await t.member();
    expect(await banned.client.me()).not.toBeNull();
    await t.services.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
    expect((await banned.client.get("/api/cases")).status).toBe(401);

    const expired = await t.member();
    expect(await expired.client.me()).not.toBeNull();
    await t.services.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, expired.id));
    expect((await expired.client.get("/api/cases")).status).toBe(401);
  });

  it("refuse a session signed out elsewhere, and a deleted account", async () => {
    const m = await t.member();
    const otherTab = sameSession(m.client);
    expect(await otherTab.me()).not.toBeNull();
    expect((await m.client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await otherTab.me()).toBeNull();

    const gone = await t.member({ password: "delete-me-1" });
    const stillOpen = sameSession(gone.client);
    expect(await stillOpen.me()).not.toBeNull();
    const deleted = await gone.client.post("/api/profile/delete", { password: "delete-me-1" });
    expect(deleted.status).toBe(200);
    expect(await stillOpen.me()).toBeNull();
  });

  it("show a new plan, profile or role at once", async () => {
    const m = await t.member({ firstName: "Before" });
    expect(await m.client.me()).toMatchObject({ plan: "free", firstName: "Before", isAdmin: false });
    await t.services.billing.ensureDemoPremium(m.id);
    expect((await m.client.me())?.plan).toBe("premium");
    await t.services.db.update(userProfiles).set({ firstName: "After" }).where(eq(userProfiles.id, m.id));
    expect((await m.client.me())?.firstName).toBe("After");
    await t.services.db.update(user).set({ role: "admin" }).where(eq(user.id, m.id));
    expect((await m.client.me())?.isAdmin).toBe(true);
  });

  it("are all forgotten when the sessions table is emptied", async () => {
    const m = await t.member();
    expect(await m.client.me()).not.toBeNull();
    await t.services.db.execute(sql`truncate table session`);
    expect(await m.client.me()).toBeNull();
    if (embedded()) expect(t.services.sessionCache?.size).toBe(0);
  });

  it("are shared by requests and cannot be changed by one of them", async () => {
    const m = await t.member();
    expect(await m.client.me()).not.toBeNull();
    const token = decodeURIComponent(m.client.cookies.get("lawguide.session_token") ?? "").split(".")[0] ?? "";
    const kept = await t.services.accounts.resolveSession(token);
    expect(kept).not.toBeNull();
    expect(Object.isFrozen(kept) && Object.isFrozen(kept?.user) && Object.isFrozen(kept?.user.preferences)).toBe(true);
  });
});
