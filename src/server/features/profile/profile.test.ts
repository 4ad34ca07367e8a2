import { count, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { memberWithCaseAndUpload, storedBytes } from "../../../../tests/factories/members";
import { PROFILE } from "../../../../tests/factories/people";
import { ADMIN, setupTestApp } from "../../../../tests/factories/test-app";
import {
  appLogs,
  attorneyReferrals,
  auditLogs,
  caseMessages,
  cases,
  comparisonVotes,
  documentDrafts,
  documents,
  session,
  subscriptions,
  user,
  userProfiles,
} from "../../db/schema";

const t = setupTestApp();

/** A member with a bit of everything: a case with messages, a referral, a document with a file, a draft, a subscription. */
async function memberWithData(premium = false) {
  const m = await memberWithCaseAndUpload(t, { premium });
  await m.client.post(`/api/cases/${m.caseId}/referral`);
  await t.services.db.insert(documentDrafts).values({ userId: m.id, templateId: "will", answers: { fullName: "Ada" } });
  await t.services.db
    .insert(comparisonVotes)
    .values({ userId: m.id, caseId: m.caseId, question: "Which?", mode: "full" });
  return m;
}

async function countFor(userId: string) {
  const n = async (table: PgTable, column: PgColumn) =>
    Number((await t.services.db.select({ n: count() }).from(table).where(eq(column, userId)))[0]?.n ?? 0);
  return {
    user: await n(user, user.id),
    profile: await n(userProfiles, userProfiles.id),
    cases: await n(cases, cases.userId),
    documents: await n(documents, documents.userId),
    referrals: await n(attorneyReferrals, attorneyReferrals.userId),
    drafts: await n(documentDrafts, documentDrafts.userId),
    comparisons: await n(comparisonVotes, comparisonVotes.userId),
    subscriptions: await n(subscriptions, subscriptions.userId),
    sessions: await n(session, session.userId),
  };
}

describe("profile", () => {
  it("shows real figures and the subscription", async () => {
    const m = await memberWithData(true);
    const body = await (await m.client.get("/api/profile")).json();
    expect(body.stats).toMatchObject({ activeCases: 0, totalCases: 1, documents: 1 });
    expect(body.stats.memberSince).toBe(body.user.createdAt);
    expect(body.subscription).toMatchObject({
      plan: "Premium Solutions",
      status: "active",
      cancelAtPeriodEnd: false,
      paymentMethodLast4: "4242",
    });
    const free = await t.member();
    expect((await (await free.client.get("/api/profile")).json()).subscription).toBeNull();
  });

  it("updates the member's own details only, checks them on the server, and never the role", async () => {
    const a = await t.member();
    const b = await t.member({ firstName: "Bob" });
    const response = await a.client.patch("/api/profile", {
      ...PROFILE,
      role: "admin",
      email: "stolen@example.com",
      id: b.id,
    });
    expect(response.status).toBe(200);
    const { user: updated } = await response.json();
    expect(updated).toMatchObject({ ...PROFILE, email: a.email, isAdmin: false });
    expect((await b.client.me())?.firstName).toBe("Bob");
    const [row] = await t.services.db.select().from(user).where(eq(user.id, a.id));
    expect(row).toMatchObject({ role: "user", email: a.email, name: "Ada Lovelace" });

    for (const [field, value] of [
      ["firstName", ""],
      ["firstName", "<script>"],
      ["lastName", "1234"],
      ["phone", "call me"],
      ["phone", "12"],
      ["address", "x".repeat(201)],
      ["profession", "y".repeat(101)],
    ] as const) {
      const bad = await a.client.patch("/api/profile", { ...PROFILE, [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect((await bad.json()).error.fields).toHaveProperty(field);
    }
    expect((await t.client().patch("/api/profile", PROFILE)).status).toBe(401);
  });

  it("keeps the account-settings toggles", async () => {
    const m = await t.member();
    const prefs = { emailNotifications: false, pushNotifications: true, marketingEmails: true };
    expect((await m.client.put("/api/profile/preferences", prefs)).status).toBe(200);
    expect((await m.client.me())?.preferences).toEqual({ ...prefs, compareAnswers: "every" });
    expect((await m.client.put("/api/profile/preferences", { emailNotifications: "no" })).status).toBe(400);
    // When to compare answers is kept, and stays as it was when a request leaves it out.
    expect((await m.client.put("/api/profile/preferences", { ...prefs, compareAnswers: "long" })).status).toBe(200);
    expect((await m.client.put("/api/profile/preferences", prefs)).status).toBe(200);
    expect((await m.client.me())?.preferences).toEqual({ ...prefs, compareAnswers: "long" });
    expect((await m.client.put("/api/profile/preferences", { ...prefs, compareAnswers: "sometimes" })).status).toBe(
      400,
    );
  });

  it("deletes the member with every row and file, asks for the password, and touches nobody else", async () => {
    const a = await memberWithData(true);
    const b = await memberWithData();
    const before = await countFor(b.id);

    const wrong = await a.client.post("/api/profile/delete", { password: "not-it" });
    expect(wrong.status).toBe(400);
    expect((await countFor(a.id)).user).toBe(1);

    const response = await a.client.post("/api/profile/delete", { password: a.password });
    expect(response.status).toBe(200);
    expect(await countFor(a.id)).toEqual({
      user: 0,
      profile: 0,
      cases: 0,
      documents: 0,
      referrals: 0,
      drafts: 0,
      comparisons: 0,
      subscriptions: 0,
      sessions: 0,
    });
    expect(await t.services.db.select().from(caseMessages).where(eq(caseMessages.caseId, a.caseId))).toHaveLength(0);
    expect(await storedBytes(t, a.uploadId)).toBe(0);
    expect(await t.services.db.select().from(appLogs).where(eq(appLogs.userId, a.id))).toHaveLength(0);
    expect(await a.client.me()).toBeNull();
    expect((await t.client().signIn(a.email, a.password)).status).toBe(401);

    expect(await countFor(b.id)).toEqual(before);
    expect(await storedBytes(t, b.uploadId)).toBeGreaterThan(0);
  });

  it("deletes an account once when asked ten times at once: the others find it gone or wait their turn, never a 500", async () => {
    const a = await memberWithData();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => a.client.post("/api/profile/delete", { password: a.password })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // Each check of the password is counted before it is made (the sign-in lockout's
    // maxLoginAttempts, 5): past them, the others are told to wait (429) without a check.
    expect(statuses.filter((s) => s !== 200).every((s) => s === 401 || s === 429)).toBe(true);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(["UNAUTHENTICATED", "ACCOUNT_LOCKED"]).toContain((await response.json()).error.code);
    }
    expect((await countFor(a.id)).user).toBe(0);
    const audits = await t.services.db.select().from(auditLogs).where(eq(auditLogs.recordId, a.id));
    expect(audits.filter((row) => row.action === "account.delete")).toHaveLength(1);
  });

  it("never deletes the built-in administrator", async () => {
    const admin = await t.admin();
    const response = await admin.post("/api/profile/delete", { password: ADMIN.password });
    expect(response.status).toBe(403);
    expect((await t.client().signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});
