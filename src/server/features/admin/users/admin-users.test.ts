import { ADMIN_TEXT, ADMIN_USERS_TEXT, AUTH_TEXT } from "@shared/messages";
import { entitledPlan } from "@shared/plans";
import type { AdminUserPage, AdminUserRow, AdminUserStats } from "@shared/schemas/admin-users";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectAdminOnly } from "../../../../../tests/factories/admin-access";
import { auditRows } from "../../../../../tests/factories/audit";
import { memberWithCaseAndUpload, storedBytes } from "../../../../../tests/factories/members";
import { NEW_ACCOUNT } from "../../../../../tests/factories/people";
import { ADMIN, setupTestApp } from "../../../../../tests/factories/test-app";
import type { TestClient } from "../../../../../tests/factories/test-client";
import {
  auditLogs,
  caseMessages,
  cases,
  documents,
  session,
  subscriptions,
  user,
  userProfiles,
} from "../../../db/schema";

const t = setupTestApp();

async function list(admin: TestClient, query = ""): Promise<AdminUserPage> {
  const response = await admin.get(`/api/admin/users${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as AdminUserPage;
}

const emailsOf = (page: AdminUserPage) => page.users.map((u) => u.email);

async function createUser(admin: TestClient, body: Record<string, unknown> = NEW_ACCOUNT): Promise<AdminUserRow> {
  const response = await admin.post("/api/admin/users", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { user: AdminUserRow }).user;
}

/** A second administrator (the built-in one cannot be deleted, so tests act as this one too). */
async function secondAdmin() {
  const admin = await t.admin();
  const created = await createUser(admin, {
    email: "second.admin@example.com",
    password: "second-pass",
    isAdmin: true,
  });
  const client = t.client();
  expect((await client.signIn("second.admin@example.com", "second-pass")).status).toBe(200);
  return { client, id: created.id };
}

describe("who reaches /api/admin/users", () => {
  it("answers 401 signed out, 403 to members and Premium members, and 200 to administrators, on every route", async () => {
    const target = await t.member();
    let n = 0;
    await expectAdminOnly(t, [
      { path: "/api/admin/users?q=member&filter=free&page=1" },
      { path: "/api/admin/users/stats" },
      {
        method: "POST",
        path: "/api/admin/users",
        body: () => ({ email: `made${++n}@example.com`, password: "made-password" }),
        ok: 201,
      },
      { method: "PATCH", path: `/api/admin/users/${target.id}`, body: { profession: "Nurse" } },
      { method: "POST", path: `/api/admin/users/${target.id}/unlock` },
      { method: "PUT", path: `/api/admin/users/${target.id}/subscription`, body: { planId: "premium", days: 7 } },
      { method: "DELETE", path: `/api/admin/users/${target.id}/subscription` },
      { method: "DELETE", path: `/api/admin/users/${target.id}` },
    ]);
    // Only the administrator's attempt created an account.
    const made = await t.services.db.select().from(user).where(sql`${user.email} like 'made%'`);
    expect(made.map((u) => u.email)).toEqual(["made4@example.com"]);
  });

  it("refuses bad input with 400 and a clear text, and unknown members with 404", async () => {
    const admin = await t.admin();
    const bad: [string, string, unknown?][] = [
      ["GET", "/api/admin/users?filter=everyone"],
      ["GET", "/api/admin/users?page=0"],
      ["GET", "/api/admin/users?page=abc"],
      ["GET", `/api/admin/users?q=${"x".repeat(201)}`],
      ["GET", "/api/admin/users?q=%00"],
      ["POST", "/api/admin/users", { password: "long-enough" }],
      ["POST", "/api/admin/users", { email: "x@example.com" }],
      ["POST", "/api/admin/users", { email: "not-an-email", password: "long-enough" }],
      ["POST", "/api/admin/users", { email: "x@example.com", password: "long-enough", phone: "call me" }],
      ["POST", "/api/admin/users", { email: "x@example.com", password: "long-enough", isAdmin: "yes" }],
      ["POST", "/api/admin/users", { email: "x@example.com", password: "long-enough", firstName: "<b>" }],
      ["PATCH", "/api/admin/users/not%20an%20id", { firstName: "A" }],
      ["PATCH", "/api/admin/users/abc", { email: "nope" }],
      ["PUT", "/api/admin/users/abc/subscription", { planId: "gold", days: 3 }],
      ["PUT", "/api/admin/users/abc/subscription", { planId: "premium", days: 0 }],
      ["PUT", "/api/admin/users/abc/subscription", { planId: "premium", days: 1.5 }],
      ["PUT", "/api/admin/users/abc/subscription", { planId: "premium", days: 99999 }],
      ["DELETE", "/api/admin/users/a'b"],
    ];
    for (const [method, url, json] of bad) {
      const response = await admin.request(url, { method, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${url}`).toBe(400);
      const body = await response.json();
      expect(body.error.message, `${method} ${url}`).toEqual(expect.any(String));
    }
    const missing = await admin.patch("/api/admin/users/no-such-user", { firstName: "A" });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe(ADMIN_USERS_TEXT.userNotFound);
    expect((await admin.delete("/api/admin/users/no-such-user")).status).toBe(404);
    expect((await admin.post("/api/admin/users/no-such-user/unlock")).status).toBe(404);
    expect((await admin.put("/api/admin/users/no-such-user/subscription", { planId: "basic", days: 3 })).status).toBe(
      404,
    );
  });
});

describe("the user list", () => {
  it("searches the e-mail, or first and last name combined, case-insensitively, with wildcards taken literally", async () => {
    const admin = await t.admin();
    await createUser(admin, {
      email: "ada@example.com",
      password: "password-1",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    await createUser(admin, { email: "zed@sample.org", password: "password-2", firstName: "Alan", lastName: "Turing" });
    await createUser(admin, { email: "per_cent@example.com", password: "password-3", firstName: "Percy" });

    expect(emailsOf(await list(admin, "?q=SAMPLE.ORG"))).toEqual(["zed@sample.org"]);
    expect(emailsOf(await list(admin, "?q=ada%20lovelace"))).toEqual(["ada@example.com"]);
    expect(emailsOf(await list(admin, "?q=n%20TURING"))).toEqual(["zed@sample.org"]);
    expect(emailsOf(await list(admin, "?q=ing"))).toEqual(["zed@sample.org"]);
    // A name across first and last that matches neither alone, and nothing when reversed.
    expect(emailsOf(await list(admin, "?q=lovelace%20ada"))).toEqual([]);
    // '_' and '%' are letters here, not wildcards.
    expect(emailsOf(await list(admin, "?q=per_"))).toEqual(["per_cent@example.com"]);
    expect(emailsOf(await list(admin, "?q=%25"))).toEqual([]);
    const page = await list(admin, "?q=example.com");
    expect(page.total).toBe(page.users.length);
    expect(emailsOf(page)).toEqual(expect.arrayContaining(["ada@example.com", "per_cent@example.com", ADMIN.email]));
  });

  it("filters: active = has signed in, premium = Premium Solutions in force, free = everyone else", async () => {
    const admin = await t.admin();
    const neverSignedIn = await createUser(admin, { email: "never@example.com", password: "password-1" });
    const signedUp = await t.member({ email: "signedup@example.com" });
    const premium = await t.member({ email: "premium.now@example.com", premium: true });
    const basic = await t.member({ email: "basic@example.com" });
    const graceOk = await t.member({ email: "grace.ok@example.com" });
    const graceOver = await t.member({ email: "grace.over@example.com" });
    const endedPeriod = await t.member({ email: "ended@example.com" });
    const trialing = await t.member({ email: "trialing@example.com" });
    const day = 86_400_000;
    const sub = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
      t.services.db
        .insert(subscriptions)
        .values({ userId, source: "demo", plan: "premium", status: "active", ...values });
    await sub(basic.id, { plan: "basic" });
    await sub(graceOk.id, { status: "past_due", graceUntil: new Date(Date.now() + day) });
    await sub(graceOver.id, { status: "past_due", graceUntil: new Date(Date.now() - day) });
    await sub(endedPeriod.id, { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() - day) });
    await sub(trialing.id, { status: "trialing", currentPeriodEnd: new Date(Date.now() + day) });

    const active = emailsOf(await list(admin, "?filter=active&q=example.com"));
    expect(active).toContain(signedUp.email);
    expect(active).toContain(ADMIN.email);
    expect(active).not.toContain(neverSignedIn.email);

    const premiumPage = await list(admin, "?filter=premium");
    expect(emailsOf(premiumPage).sort()).toEqual(
      [
        premium.email,
        graceOk.email,
        trialing.email,
        ...(t.services.config.demoAccounts ? ["premium@example.com"] : []),
      ].sort(),
    );
    expect(premiumPage.users.every((u) => u.plan === "premium")).toBe(true);

    const free = emailsOf(await list(admin, "?filter=free"));
    for (const email of [neverSignedIn.email, signedUp.email, basic.email, graceOver.email, endedPeriod.email]) {
      expect(free).toContain(email);
    }
    expect(free).not.toContain(premium.email);

    // The filter and the plan shown agree with the one plan rule (src/shared/plans.ts) for every member.
    const all = await list(admin, "?filter=all");
    const rows = await t.services.db.select().from(subscriptions);
    for (const row of all.users) {
      const stored = rows.find((r) => r.userId === row.id) ?? null;
      expect(row.plan, row.email).toBe(entitledPlan(stored).plan);
      expect(free.includes(row.email), row.email).toBe(row.plan !== "premium");
    }
    expect(all.users.find((u) => u.email === basic.email)?.subscription).toMatchObject({
      planId: "basic",
      status: "active",
      source: "demo",
    });
  });

  it("pages 25 at a time, newest first, with the total, and counts each member's cases", async () => {
    const admin = await t.admin();
    const base = Date.now() - 1_000_000;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = `paged-${String(i).padStart(2, "0")}`;
      ids.push(id);
      await t.services.db
        .insert(user)
        .values({ id, name: `Paged ${i}`, email: `paged${i}@example.com`, createdAt: new Date(base + i * 1000) });
    }
    await t.services.db.insert(cases).values([
      { userId: "paged-29", title: "One" },
      { userId: "paged-29", title: "Two" },
      { userId: "paged-00", title: "Three" },
    ]);
    const first = await list(admin, "?q=paged");
    expect(first.total).toBe(30);
    expect(first.pageSize).toBe(25);
    expect(first.users).toHaveLength(25);
    expect(first.users[0]?.email).toBe("paged29@example.com");
    expect(first.users[0]?.caseCount).toBe(2);
    expect(first.users[1]?.caseCount).toBe(0);
    const second = await list(admin, "?q=paged&page=2");
    expect(second.users.map((u) => u.id)).toEqual(["paged-04", "paged-03", "paged-02", "paged-01", "paged-00"]);
    expect(second.users.at(-1)?.caseCount).toBe(1);
    expect((await list(admin, "?q=paged&page=3")).users).toEqual([]);
    // A member without a profile row is listed with empty details rather than failing.
    expect(second.users[0]).toMatchObject({ name: "", phone: "", lastSignInAt: null, plan: "free", locked: false });
  });

  it("counts the tiles in SQL: total, active, Premium, administrators", async () => {
    const admin = await t.admin();
    const before = (await (await admin.get("/api/admin/users/stats")).json()) as AdminUserStats;
    await createUser(admin, { email: "tile.admin@example.com", password: "password-1", isAdmin: true });
    await t.member({ premium: true });
    const after = (await (await admin.get("/api/admin/users/stats")).json()) as AdminUserStats;
    expect(after).toEqual({
      total: before.total + 2,
      active: before.active + 1,
      premium: before.premium + 1,
      admins: before.admins + 1,
    });
    const [users] = await t.services.db.select({ n: count() }).from(user);
    expect(after.total).toBe(users?.n);
  });
});

describe("adding a user", () => {
  it("makes a real account that signs in, with its profile, at the top of the list, audited", async () => {
    const admin = await t.admin();
    const created = await createUser(admin);
    expect(created).toMatchObject({
      email: NEW_ACCOUNT.email,
      name: "Ada Lovelace",
      phone: NEW_ACCOUNT.phone,
      profession: "Engineer",
      isAdmin: false,
      plan: "free",
      caseCount: 0,
      lastSignInAt: null,
    });
    expect((await list(admin)).users[0]?.id).toBe(created.id);

    const person = t.client();
    expect((await person.signIn(NEW_ACCOUNT.email, NEW_ACCOUNT.password)).status).toBe(200);
    expect(await person.me()).toMatchObject({ firstName: "Ada", lastName: "Lovelace", isAdmin: false });
    expect((await person.get("/api/admin/stats")).status).toBe(403);
    expect((await list(admin, "?filter=active")).users.map((u) => u.id)).toContain(created.id);

    const [audit] = await auditRows(t, "user.create", created.id);
    expect(audit?.newValues).toMatchObject({ email: NEW_ACCOUNT.email, firstName: "Ada", isAdmin: false });
    expect(JSON.stringify(audit)).not.toContain(NEW_ACCOUNT.password);
  });

  it("with Admin Access: the new administrator reaches the admin side", async () => {
    const admin = await t.admin();
    const created = await createUser(admin, { email: "boss@example.com", password: "boss-password", isAdmin: true });
    expect(created.isAdmin).toBe(true);
    const boss = t.client();
    await boss.signIn("boss@example.com", "boss-password");
    expect((await boss.me())?.isAdmin).toBe(true);
    expect((await boss.get("/api/admin/users/stats")).status).toBe(200);
  });

  it("refuses a taken e-mail (409) and a password shorter than the settings allow (400)", async () => {
    const admin = await t.admin();
    const member = await t.member({ email: "taken@example.com" });
    const taken = await admin.post("/api/admin/users", { email: "TAKEN@example.com", password: "long-enough" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe(ADMIN_USERS_TEXT.emailTaken);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);

    await t.services.settings.update("security", { passwordMinLength: 10 }, {});
    const short = await admin.post("/api/admin/users", { email: "short@example.com", password: "123456789" });
    expect(short.status).toBe(400);
    const body = await short.json();
    expect(body.error.message).toBe(AUTH_TEXT.passwordTooShort(10));
    expect(body.error.fields).toHaveProperty("password");
    expect(await t.services.db.select().from(user).where(eq(user.email, "short@example.com"))).toHaveLength(0);
    await createUser(admin, { email: "short@example.com", password: "1234567890" });
  });
});

describe("editing a user", () => {
  it("merges the changed fields, audits old and new values, and a new e-mail signs in", async () => {
    const admin = await t.admin();
    const m = await t.member({ firstName: "Before" });
    const response = await admin.patch(`/api/admin/users/${m.id}`, {
      firstName: "After",
      lastName: "Name",
      email: "Changed@Example.com",
      profession: "Teacher",
    });
    expect(response.status).toBe(200);
    const { user: edited } = (await response.json()) as { user: AdminUserRow };
    expect(edited).toMatchObject({
      email: "changed@example.com",
      name: "After Name",
      profession: "Teacher",
      phone: "",
      isAdmin: false,
    });
    expect(await m.client.me()).toMatchObject({ firstName: "After", email: "changed@example.com" });
    expect((await t.client().signIn("changed@example.com", m.password)).status).toBe(200);
    expect((await t.client().signIn(m.email, m.password)).status).toBe(401);
    const [row] = await t.services.db.select().from(user).where(eq(user.id, m.id));
    expect(row?.name).toBe("After Name");

    const [audit] = await auditRows(t, "user.update", m.id);
    expect(audit?.oldValues).toMatchObject({ email: m.email, firstName: "Before", lastName: "", profession: "" });
    expect(audit?.newValues).toEqual({
      email: "changed@example.com",
      firstName: "After",
      lastName: "Name",
      profession: "Teacher",
    });

    // Nothing changed: no audit row.
    await admin.patch(`/api/admin/users/${m.id}`, { profession: "Teacher" });
    expect(await auditRows(t, "user.update", m.id)).toHaveLength(1);

    // One field changed: the row holds that field, before and after, and the member's address
    // (which names them) unchanged on both sides, never as removed.
    await admin.patch(`/api/admin/users/${m.id}`, { profession: "Nurse" });
    const rows = await auditRows(t, "user.update", m.id);
    expect(rows).toHaveLength(2);
    const latest = rows.find((r) => (r.newValues as { profession?: string } | null)?.profession === "Nurse");
    expect(latest?.oldValues).toEqual({ email: "changed@example.com", profession: "Teacher" });
    expect(latest?.newValues).toEqual({ email: "changed@example.com", profession: "Nurse" });
  });

  it("grants and removes Admin Access, in force at once for the member's open session", async () => {
    const admin = await t.admin();
    const m = await t.member();
    expect((await m.client.get("/api/admin/users/stats")).status).toBe(403);
    expect((await admin.patch(`/api/admin/users/${m.id}`, { isAdmin: true })).status).toBe(200);
    expect((await m.client.me())?.isAdmin).toBe(true);
    expect((await m.client.get("/api/admin/users/stats")).status).toBe(200);
    const [granted] = await auditRows(t, "user.update", m.id);
    expect(granted).toMatchObject({ oldValues: { isAdmin: false }, newValues: { isAdmin: true } });

    expect((await admin.patch(`/api/admin/users/${m.id}`, { isAdmin: false })).status).toBe(200);
    expect((await m.client.me())?.isAdmin).toBe(false);
    expect((await m.client.get("/api/admin/users/stats")).status).toBe(403);
  });

  it("refuses an administrator removing their own admin access, and a taken e-mail", async () => {
    const { client: second, id } = await secondAdmin();
    const self = await second.patch(`/api/admin/users/${id}`, { isAdmin: false, firstName: "Still" });
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe(ADMIN_USERS_TEXT.cannotRemoveOwnAdmin);
    expect((await second.me())?.isAdmin).toBe(true);
    expect((await second.me())?.firstName).toBe("");
    // Their own other details they may change.
    expect((await second.patch(`/api/admin/users/${id}`, { firstName: "Second", isAdmin: true })).status).toBe(200);

    const other = await t.member({ email: "other@example.com" });
    const taken = await second.patch(`/api/admin/users/${other.id}`, { email: ADMIN.email });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe(ADMIN_USERS_TEXT.emailTaken);
  });

  it("keeps the built-in administrator's e-mail, which comes from the configuration", async () => {
    const { client: second } = await secondAdmin();
    const [builtIn] = await t.services.db.select().from(user).where(eq(user.email, ADMIN.email));
    const response = await second.patch(`/api/admin/users/${builtIn?.id}`, { email: "moved@example.com" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(ADMIN_USERS_TEXT.builtInAdminEmailFixed);
  });
});

describe("deleting a user", () => {
  it("removes the account and its cases, messages, documents, files and sessions; audited", async () => {
    const admin = await t.admin();
    const m = await memberWithCaseAndUpload(t, { premium: true });
    const { caseId, uploadId } = m;
    const bystander = await t.member();
    const [listed] = (await list(admin, `?q=${encodeURIComponent(m.email)}`)).users;
    expect(listed?.caseCount).toBe(1);

    const response = await admin.delete(`/api/admin/users/${m.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });

    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const db = t.services.db;
    expect(await n(db.select({ n: count() }).from(user).where(eq(user.id, m.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(userProfiles).where(eq(userProfiles.id, m.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(cases).where(eq(cases.userId, m.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(caseMessages).where(eq(caseMessages.caseId, caseId)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(documents).where(eq(documents.userId, m.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, m.id)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(session).where(eq(session.userId, m.id)))).toBe(0);
    expect(await storedBytes(t, uploadId)).toBe(0);
    expect(await m.client.me()).toBeNull();
    expect((await t.client().signIn(m.email, m.password)).status).toBe(401);
    expect(await bystander.client.me()).not.toBeNull();

    const [audit] = await auditRows(t, "user.delete", m.id);
    expect(audit?.oldValues).toMatchObject({ email: m.email, plan: "premium", caseCount: 1 });
    expect(emailsOf(await list(admin))).not.toContain(m.email);
  });

  it("deletes a member once when asked ten times at once (and while the member deletes themselves): the rest find them gone", async () => {
    const admin = await t.admin();
    const m = await memberWithCaseAndUpload(t);
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => admin.delete(`/api/admin/users/${m.id}`)),
      m.client.post("/api/profile/delete", { password: m.password }),
    ]);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      statuses.slice(0, 10).every((s) => s === 200 || s === 404),
      String(statuses),
    ).toBe(true);
    expect([200, 401]).toContain(statuses[10]);
    const audits = await t.services.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, m.id), inArray(auditLogs.action, ["user.delete", "account.delete"])));
    expect(audits).toHaveLength(1);
    expect(await storedBytes(t, m.uploadId)).toBe(0);
  });

  it("refuses deleting your own account and the built-in administrator", async () => {
    const admin = await t.admin();
    const [builtIn] = await t.services.db.select().from(user).where(eq(user.email, ADMIN.email));
    const self = await admin.delete(`/api/admin/users/${builtIn?.id}`);
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe(ADMIN_TEXT.cannotDeleteSelf);

    const { client: second, id } = await secondAdmin();
    expect((await second.delete(`/api/admin/users/${id}`)).status).toBe(403);
    const builtInDelete = await second.delete(`/api/admin/users/${builtIn?.id}`);
    expect(builtInDelete.status).toBe(403);
    expect((await builtInDelete.json()).error.message).toBe(ADMIN_TEXT.builtInAdminProtected);
    expect((await t.client().signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
    const rows = (await list(admin, `?q=${ADMIN.email}`)).users;
    expect(rows.map((r) => [r.email, r.isBuiltInAdmin])).toEqual([
      ["second.admin@example.com", false],
      [ADMIN.email, true],
    ]);
  });
});

describe("a member's subscription, granted by an administrator", () => {
  it("grants Premium Solutions for N days, in force at once, then revokes it; both audited", async () => {
    const admin = await t.admin();
    const m = await t.member();
    const response = await admin.put(`/api/admin/users/${m.id}/subscription`, { planId: "premium", days: 30 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ plan: "premium", subscription: { source: "admin", status: "active" } });
    const days = (new Date(body.subscription.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await m.client.me())?.plan).toBe("premium");
    expect(emailsOf(await list(admin, "?filter=premium"))).toContain(m.email);
    const [grant] = await auditRows(t, "subscription.grant", m.id);
    expect(grant).toMatchObject({ oldValues: null, newValues: { plan: "premium", source: "admin", days: 30 } });

    // The member can neither make it renew nor end it early themselves.
    expect((await m.client.post("/api/billing/resume")).status).toBe(409);
    expect((await m.client.post("/api/billing/cancel")).status).toBe(409);

    const revoked = await admin.delete(`/api/admin/users/${m.id}/subscription`);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).user.plan).toBe("free");
    expect((await m.client.me())?.plan).toBe("free");
    const [revoke] = await auditRows(t, "subscription.revoke", m.id);
    expect(revoke).toMatchObject({ oldValues: { status: "active" }, newValues: { status: "canceled" } });
    expect((await admin.delete(`/api/admin/users/${m.id}/subscription`)).status).toBe(409);
  });

  it("ends a grant by itself on its date; grants Basic; leaves a Stripe subscription to Stripe", async () => {
    const admin = await t.admin();
    const m = await t.member();
    await admin.put(`/api/admin/users/${m.id}/subscription`, { planId: "basic", days: 1 });
    expect((await m.client.me())?.plan).toBe("basic");
    await t.services.db
      .update(subscriptions)
      .set({ currentPeriodEnd: sql`now() - interval '1 minute'` })
      .where(eq(subscriptions.userId, m.id));
    expect((await m.client.me())?.plan).toBe("free");

    const payer = await t.member();
    await t.services.db
      .insert(subscriptions)
      .values({ userId: payer.id, source: "stripe", plan: "premium", status: "active", stripeSubscriptionId: "sub_1" });
    const refused = await admin.put(`/api/admin/users/${payer.id}/subscription`, { planId: "basic", days: 5 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(ADMIN_USERS_TEXT.paidThroughStripe);
    expect((await payer.client.me())?.plan).toBe("premium");
    expect((await admin.delete(`/api/admin/users/${payer.id}/subscription`)).status).toBe(409);
  });
});

describe("unlocking an account", () => {
  it("shows a locked account as locked, and unlocking lifts it with an audit row of before and after", async () => {
    const admin = await t.admin();
    const m = await t.member();
    const guesser = t.client();
    for (let i = 0; i < 5; i++) await guesser.signIn(m.email, "wrong-guess");
    const [locked] = (await list(admin, `?q=${encodeURIComponent(m.email)}`)).users;
    expect(locked?.locked).toBe(true);
    expect((await admin.post(`/api/admin/users/${m.id}/unlock`)).status).toBe(200);
    const [after] = (await list(admin, `?q=${encodeURIComponent(m.email)}`)).users;
    expect(after?.locked).toBe(false);
    const [audit] = await auditRows(t, "user.unlock", m.id);
    expect(audit).toMatchObject({ oldValues: { locked: true }, newValues: { locked: false } });
  });
});
