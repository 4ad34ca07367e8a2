import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { subscriptions, user } from "../../db/schema";

const t = setupTestApp();

describe("seeded accounts", () => {
  it("create the built-in administrator, who lands on the admin side", async () => {
    const admin = await t.admin();
    const me = await admin.me();
    expect(me?.isAdmin).toBe(true);
    expect((await admin.get("/api/admin/stats")).status).toBe(200);
  });

  it("create the demo accounts only in embedded mode, the premium one with an active subscription", async () => {
    const rows = await t.services.db.select().from(user);
    const emails = rows.map((r) => r.email);
    if (t.services.config.demoAccounts) {
      expect(emails).toEqual(expect.arrayContaining(["demo@example.com", "premium@example.com"]));
      const demo = t.client();
      expect((await demo.signIn("demo@example.com", "demo-password")).status).toBe(200);
      expect((await demo.me())?.plan).toBe("free");
      const premium = t.client();
      expect((await premium.signIn("premium@example.com", "demo-password")).status).toBe(200);
      expect((await premium.me())?.plan).toBe("premium");
    } else {
      expect(emails).not.toContain("demo@example.com");
    }
  });

  it("never reset a password changed later, and keep the admin role on restart", async () => {
    const admin = await t.admin();
    await admin.post("/api/auth/change-password", { currentPassword: "admin-password", newPassword: "changed-admin" });
    const [row] = await t.services.db.select().from(user).where(eq(user.email, "admin@example.com"));
    const { seed } = await import("../../seed");
    await seed(t.services);
    expect((await t.client().signIn("admin@example.com", "changed-admin")).status).toBe(200);
    const [after] = await t.services.db.select().from(user).where(eq(user.email, "admin@example.com"));
    expect(after?.role).toBe("admin");
    expect(
      await t.services.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, row?.id ?? "")),
    ).toHaveLength(0);
  });
});
