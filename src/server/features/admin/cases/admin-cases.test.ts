import { ADMIN_CASES_TEXT } from "@shared/schemas/admin-cases";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectAdminOnly } from "../../../../../tests/factories/admin-access";
import { setupTestApp } from "../../../../../tests/factories/test-app";
import type { TestClient } from "../../../../../tests/factories/test-client";
import { attorneyReferrals, attorneys, auditLogs, caseMessages, cases, userProfiles } from "../../../db/schema";

const t = setupTestApp();

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** A case of a member's, written directly (the fields only administrators change included). */
async function insertCase(
  userId: string,
  values: Partial<typeof cases.$inferInsert> & { title: string },
): Promise<string> {
  const [row] = await t.services.db
    .insert(cases)
    .values({ userId, ...values })
    .returning({ id: cases.id });
  if (!row) throw new Error("no case");
  return row.id;
}

async function named(firstName: string, lastName: string, email?: string) {
  const m = await t.member({ firstName, ...(email ? { email } : {}) });
  await t.services.db.update(userProfiles).set({ firstName, lastName }).where(eq(userProfiles.id, m.id));
  return m;
}

async function listOf(client: TestClient, query = "") {
  const response = await client.get(`/api/admin/cases${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as {
    cases: Array<{ id: string; title: string; status: string; userEmail: string; userName: string }>;
    total: number;
    page: number;
    pageSize: number;
  };
}

const auditRowsOf = (caseId: string) =>
  t.services.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.recordId, caseId), eq(auditLogs.tableName, "cases")));

describe("admin cases: who may use them", () => {
  it("answers 401 signed out and 403 to members and Premium members on every route; 200 to the administrator", async () => {
    const owner = await t.member();
    const caseId = await insertCase(owner.id, { title: "Fence dispute" });
    await expectAdminOnly(
      t,
      [
        { path: "/api/admin/cases" },
        { path: "/api/admin/cases?q=fence&status=active&complexity=simple&page=1" },
        { path: "/api/admin/cases/stats" },
        { path: `/api/admin/cases/${caseId}` },
        { path: `/api/admin/cases/${caseId}/messages` },
        { method: "PATCH", path: `/api/admin/cases/${caseId}`, body: { complexity: "simple" } },
        { method: "POST", path: `/api/admin/cases/${caseId}/toggle-status`, body: {} },
      ],
      { "the case's owner": owner.client },
    );
    // The refused requests changed nothing; the administrator's two did, and were audited.
    expect(await auditRowsOf(caseId)).toHaveLength(2);
  });
});

describe("admin case list", () => {
  it("searches title, description, e-mail and the member's full name, case-insensitively, combined with the filters", async () => {
    const ada = await named("Ada", "Lovelace", `ada.l-${process.pid}@example.com`);
    const bob = await named("Bob", "Stone");
    const lease = await insertCase(ada.id, { title: "Lease renewal", complexity: "simple" });
    const wage = await insertCase(ada.id, {
      title: "Unpaid wages",
      description: "My EMPLOYER withheld pay",
      status: "referred",
      complexity: "complex",
    });
    const fence = await insertCase(bob.id, { title: "Fence dispute", status: "archived", complexity: "complex" });
    const admin = await t.admin();
    const ids = async (query: string) => (await listOf(admin, query)).cases.map((c) => c.id).sort();

    expect(await ids("?q=LEASE")).toEqual([lease]);
    expect(await ids("?q=employer")).toEqual([wage]);
    expect(await ids(`?q=${encodeURIComponent("ADA.L-")}`)).toEqual([lease, wage].sort());
    expect(await ids(`?q=${encodeURIComponent("ada lovelace")}`)).toEqual([lease, wage].sort());
    expect(await ids(`?q=${encodeURIComponent("a lovel")}`)).toEqual([lease, wage].sort());
    expect(await ids(`?q=${encodeURIComponent("bob st")}`)).toEqual([fence]);
    expect(await ids("?status=archived")).toEqual([fence]);
    expect(await ids("?complexity=complex")).toEqual([fence, wage].sort());
    expect(await ids("?complexity=complex&status=referred")).toEqual([wage]);
    expect(await ids(`?q=ada&complexity=complex`)).toEqual([wage]);
    expect(await ids(`?q=ada&status=archived`)).toEqual([]);
    expect(await ids(`?q=ada&status=&complexity=`)).toEqual([lease, wage].sort());
    // LIKE's wildcards are taken literally.
    expect(await ids(`?q=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await ids(`?q=${encodeURIComponent("_")}`)).toEqual([]);

    const [row] = (await listOf(admin, "?q=employer")).cases;
    expect(row).toMatchObject({
      title: "Unpaid wages",
      description: "My EMPLOYER withheld pay",
      status: "referred",
      complexity: "complex",
      userEmail: ada.email,
      userName: "Ada Lovelace",
      userId: ada.id,
      messageCount: 0,
      assignedAttorney: null,
      estimatedValue: null,
      lastMessageAt: null,
    });
  });

  it("orders by last activity and pages by 25 with the total", async () => {
    const m = await t.member();
    const base = Date.now() - 1_000_000;
    const values = Array.from({ length: 30 }, (_, i) => ({
      userId: m.id,
      title: `Case ${String(i).padStart(2, "0")}`,
      updatedAt: new Date(base + i * 1000),
    }));
    await t.services.db.insert(cases).values(values);
    const admin = await t.admin();
    const first = await listOf(admin);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.cases).toHaveLength(25);
    expect(first.cases[0]?.title).toBe("Case 29");
    const second = await listOf(admin, "?page=2");
    expect(second.cases.map((c) => c.title)).toEqual(["Case 04", "Case 03", "Case 02", "Case 01", "Case 00"]);
    expect((await listOf(admin, "?page=3")).cases).toEqual([]);
    expect((await listOf(admin, "?q=case%200")).total).toBe(10);
  });

  it("refuses bad queries with 400", async () => {
    const admin = await t.admin();
    for (const query of [
      "?status=closed",
      "?complexity=hard",
      "?page=0",
      "?page=-1",
      "?page=abc",
      "?page=1.5",
      `?q=${"x".repeat(101)}`,
      "?q=%00",
    ]) {
      const response = await admin.get(`/api/admin/cases${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.message, query).toBeTruthy();
    }
  });

  it("counts the tiles in SQL: active, referred, archived, complex", async () => {
    const m = await t.member();
    await insertCase(m.id, { title: "a" });
    await insertCase(m.id, { title: "b", complexity: "complex" });
    await insertCase(m.id, { title: "c", status: "referred", complexity: "complex" });
    await insertCase(m.id, { title: "d", status: "archived" });
    await insertCase(m.id, { title: "e", status: "archived", complexity: "moderate" });
    const admin = await t.admin();
    expect(await (await admin.get("/api/admin/cases/stats")).json()).toEqual({
      active: 2,
      referred: 1,
      archived: 2,
      complex: 2,
      total: 5,
    });
  });
});

describe("a case and its messages", () => {
  it("shows the case with its member, and its messages oldest first, 50 at a time", async () => {
    const m = await named("Cara", "Diaz");
    const caseId = await insertCase(m.id, { title: "Long chat", category: "Employment", estimatedValue: 1250.5 });
    const rows = Array.from({ length: 120 }, (_, i) => ({
      caseId,
      content: `Message ${i}`,
      isUser: i % 2 === 0,
      ...(i % 2 === 1 ? { aiProvider: "anthropic", aiModel: "claude-test" } : {}),
    }));
    await t.services.db.insert(caseMessages).values(rows);
    await t.services.db.update(cases).set({ messageCount: 120 }).where(eq(cases.id, caseId));
    const admin = await t.admin();

    const detail = await (await admin.get(`/api/admin/cases/${caseId}`)).json();
    expect(detail.case).toMatchObject({
      id: caseId,
      title: "Long chat",
      category: "Employment",
      estimatedValue: 1250.5,
      messageCount: 120,
      userName: "Cara Diaz",
      userEmail: m.email,
    });

    const seen: Array<{ content: string; isUser: boolean; aiProvider: string | null; aiModel: string | null }> = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const response = await admin.get(
        `/api/admin/cases/${caseId}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        messages: Array<{ content: string; isUser: boolean; aiProvider: string | null; aiModel: string | null }>;
        nextCursor: string | null;
      };
      sizes.push(page.messages.length);
      seen.push(...page.messages);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen.map((msg) => msg.content)).toEqual(rows.map((r) => r.content));
    // Every page keeps who wrote each message and which model answered.
    for (const [i, msg] of seen.entries()) {
      expect(msg).toMatchObject(
        i % 2 === 0
          ? { isUser: true, aiProvider: null, aiModel: null }
          : { isUser: false, aiProvider: "anthropic", aiModel: "claude-test" },
      );
    }
    const first = await (await admin.get(`/api/admin/cases/${caseId}/messages`)).json();
    expect(first.messages[0]).toMatchObject({ content: "Message 0", isUser: true, aiProvider: null });
    expect(first.messages[1]).toMatchObject({ isUser: false, aiProvider: "anthropic", aiModel: "claude-test" });
  });

  it("answers 404 for an unknown case and 400 for a malformed id or cursor", async () => {
    const m = await t.member();
    const caseId = await insertCase(m.id, { title: "x" });
    const admin = await t.admin();
    expect((await admin.get(`/api/admin/cases/${UNKNOWN}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/cases/${UNKNOWN}/messages`)).status).toBe(404);
    expect((await admin.patch(`/api/admin/cases/${UNKNOWN}`, { status: "active" })).status).toBe(404);
    expect((await admin.post(`/api/admin/cases/${UNKNOWN}/toggle-status`)).status).toBe(404);
    expect((await admin.get("/api/admin/cases/not-a-uuid")).status).toBe(400);
    expect((await admin.patch("/api/admin/cases/not-a-uuid", { status: "active" })).status).toBe(400);
    for (const cursor of ["abc", "0", "-5", "1.5", "99999999999999999999"]) {
      const response = await admin.get(`/api/admin/cases/${caseId}/messages?cursor=${cursor}`);
      expect(response.status, cursor).toBe(400);
    }
    // An empty case has no messages and no next page.
    expect(await (await admin.get(`/api/admin/cases/${caseId}/messages`)).json()).toEqual({
      messages: [],
      nextCursor: null,
    });
  });
});

/** An active attorney of the directory; their id. */
async function directoryAttorney(name: string): Promise<string> {
  const [row] = await t.services.db
    .insert(attorneys)
    .values({ name, email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com` })
    .returning({ id: attorneys.id });
  if (!row) throw new Error("no attorney");
  return row.id;
}

describe("changing a case", () => {
  it("assigns an attorney of the directory: the case is referred, audited, the member sees it and is told by mail", async () => {
    const m = await t.member({ firstName: "Dana" });
    const created = await (await m.client.post("/api/cases", { title: "Custody question" })).json();
    const caseId = created.case.id as string;
    const admin = await t.admin();
    const jane = await directoryAttorney("Jane Counsel");
    // A name typed outside the directory is refused: it would be mailed to the member.
    const typed = await admin.patch(`/api/admin/cases/${caseId}`, { assignedAttorney: "Somebody Notinthedirectory" });
    expect(typed.status).toBe(400);
    expect((await typed.json()).error.message).toBe(ADMIN_CASES_TEXT.attorneyFromDirectory);
    expect(await auditRowsOf(caseId)).toHaveLength(0);
    const response = await admin.patch(`/api/admin/cases/${caseId}`, { attorneyId: jane });
    expect(response.status).toBe(200);
    expect((await response.json()).case).toMatchObject({ status: "referred", assignedAttorney: "Jane Counsel" });

    // The member's own views.
    const own = await (await m.client.get(`/api/cases/${caseId}`)).json();
    expect(own.case).toMatchObject({ status: "referred", assignedAttorney: "Jane Counsel" });
    const list = await (await m.client.get("/api/cases")).json();
    expect(list.items[0]).toMatchObject({ id: caseId, status: "referred", assignedAttorney: "Jane Counsel" });

    const [audit] = await auditRowsOf(caseId);
    expect(audit).toMatchObject({
      action: "case.update",
      oldValues: { assignedAttorney: null, status: "active" },
      newValues: { assignedAttorney: "Jane Counsel", status: "referred", attorneyId: jane },
    });
    expect(audit?.userId).toBeTruthy();
    expect(audit?.userId).not.toBe(m.id);

    const assignedMails = async (email: string) =>
      (await t.outbox()).filter((mail) => mail.to === email && mail.subject.includes("assigned"));
    const mails = await assignedMails(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("An attorney has been assigned to your case");
    expect(mails[0]?.text).toContain('We have passed your case "Custody question" to Jane Counsel');
    expect(mails[0]?.text).toContain(`/dashboard/case/${caseId}`);
    expect(mails[0]?.text).toContain("no attorney-client relationship exists");
    expect(mails[0]?.text).toContain("Questions? Write to");

    // The same attorney again changes nothing: no audit row, no second mail.
    await admin.patch(`/api/admin/cases/${caseId}`, { attorneyId: jane });
    expect(await auditRowsOf(caseId)).toHaveLength(1);
    expect(await assignedMails(m.email)).toHaveLength(1);

    // Removing the name keeps the status.
    const cleared = await (await admin.patch(`/api/admin/cases/${caseId}`, { assignedAttorney: null })).json();
    expect(cleared.case).toMatchObject({ status: "referred", assignedAttorney: null });
  });

  it("mails only when the case-update setting and the member's preference allow", async () => {
    const admin = await t.admin();
    const quiet = await t.member();
    await t.services.db
      .update(userProfiles)
      .set({ preferences: { emailNotifications: false, pushNotifications: true, marketingEmails: false } })
      .where(eq(userProfiles.id, quiet.id));
    const quietCase = await insertCase(quiet.id, { title: "Quiet" });
    await admin.patch(`/api/admin/cases/${quietCase}`, { attorneyId: await directoryAttorney("A Lawyer") });

    const other = await t.member();
    const otherCase = await insertCase(other.id, { title: "Setting off" });
    await t.services.settings.update("notifications", { caseUpdateEmailEnabled: false }, {});
    await admin.patch(`/api/admin/cases/${otherCase}`, { attorneyId: await directoryAttorney("B Lawyer") });
    const outbox = (await t.outbox()).filter((mail) => mail.subject.includes("assigned"));
    expect(outbox.filter((mail) => mail.to === quiet.email || mail.to === other.email)).toEqual([]);
    // Both were still assigned.
    expect((await (await admin.get(`/api/admin/cases/${otherCase}`)).json()).case.status).toBe("referred");

    await t.services.settings.update("notifications", { caseUpdateEmailEnabled: true }, {});
    await admin.patch(`/api/admin/cases/${otherCase}`, { attorneyId: await directoryAttorney("C Lawyer") });
    expect(
      (await t.outbox()).filter((mail) => mail.to === other.email && mail.subject.includes("assigned")),
    ).toHaveLength(1);
  });

  it("takes an attorney from the directory by id; refuses unknown and inactive ones", async () => {
    const m = await t.member();
    const caseId = await insertCase(m.id, { title: "Contract" });
    const [active, inactive] = await t.services.db
      .insert(attorneys)
      .values([
        { name: "Rita Moreno", email: "rita@example.com", firm: "Moreno LLP" },
        { name: "Old Timer", email: "old@example.com", isActive: false },
      ])
      .returning({ id: attorneys.id });
    const admin = await t.admin();

    const unknown = await admin.patch(`/api/admin/cases/${caseId}`, { attorneyId: UNKNOWN });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toBe(ADMIN_CASES_TEXT.attorneyNotFound);
    const retired = await admin.patch(`/api/admin/cases/${caseId}`, { attorneyId: inactive?.id });
    expect(retired.status).toBe(400);
    expect((await retired.json()).error.message).toBe(ADMIN_CASES_TEXT.attorneyInactive);
    expect(await auditRowsOf(caseId)).toHaveLength(0);

    const picked = await admin.patch(`/api/admin/cases/${caseId}`, { attorneyId: active?.id });
    expect(picked.status).toBe(200);
    expect((await picked.json()).case).toMatchObject({ assignedAttorney: "Rita Moreno", status: "referred" });
    const [audit] = await auditRowsOf(caseId);
    expect(audit?.newValues).toMatchObject({ assignedAttorney: "Rita Moreno", attorneyId: active?.id });
  });

  it("assigns the case's pending referral along with it, so the referral queue agrees with the case", async () => {
    const m = await t.member();
    const { case: created } = await (await m.client.post("/api/cases", {})).json();
    const referred = await m.client.post(`/api/cases/${created.id}/referral`);
    expect(referred.status).toBe(201);
    const [lawyer] = await t.services.db
      .insert(attorneys)
      .values({ name: "Rita Moreno", email: "rita@example.com" })
      .returning({ id: attorneys.id });
    const admin = await t.admin();
    expect((await admin.patch(`/api/admin/cases/${created.id}`, { attorneyId: lawyer?.id })).status).toBe(200);
    const [referral] = await t.services.db
      .select()
      .from(attorneyReferrals)
      .where(eq(attorneyReferrals.caseId, created.id));
    expect(referral).toMatchObject({ status: "assigned", attorneyId: lawyer?.id });
    const queue = await (await admin.get("/api/admin/referrals?status=pending")).json();
    expect(queue.referrals.map((r: { caseId: string | null }) => r.caseId)).not.toContain(created.id);
  });

  it("sets any status, complexity and estimated value (or clears them), audited with old and new values", async () => {
    const m = await t.member();
    const caseId = await insertCase(m.id, { title: "Values", status: "referred" });
    const admin = await t.admin();
    const patch = async (body: unknown) => {
      const response = await admin.patch(`/api/admin/cases/${caseId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      return (await response.json()).case;
    };
    expect(await patch({ status: "archived" })).toMatchObject({ status: "archived" });
    expect(await patch({ status: "active" })).toMatchObject({ status: "active" });
    expect(await patch({ complexity: "moderate", estimatedValue: 2500.75 })).toMatchObject({
      complexity: "moderate",
      estimatedValue: 2500.75,
      status: "active",
    });
    expect(await patch({ complexity: null, estimatedValue: 0 })).toMatchObject({ complexity: null, estimatedValue: 0 });
    expect(await patch({ estimatedValue: null })).toMatchObject({ estimatedValue: null });
    // An explicit status in the same request as an attorney is kept.
    const sam = await directoryAttorney("Sam Vega");
    expect(await patch({ status: "active", attorneyId: sam })).toMatchObject({
      status: "active",
      assignedAttorney: "Sam Vega",
    });

    const rows = (await auditRowsOf(caseId)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.oldValues, r.newValues])).toEqual([
      [{ status: "referred" }, { status: "archived" }],
      [{ status: "archived" }, { status: "active" }],
      [
        { complexity: null, estimatedValue: null },
        { complexity: "moderate", estimatedValue: 2500.75 },
      ],
      [
        { complexity: "moderate", estimatedValue: 2500.75 },
        { complexity: null, estimatedValue: 0 },
      ],
      [{ estimatedValue: 0 }, { estimatedValue: null }],
      [{ assignedAttorney: null }, { assignedAttorney: "Sam Vega", attorneyId: sam }],
    ]);
  });

  it("refuses bad values with 400 and changes nothing", async () => {
    const m = await t.member();
    const caseId = await insertCase(m.id, { title: "Bad input" });
    const admin = await t.admin();
    for (const body of [
      {},
      { status: "closed" },
      { status: null },
      { complexity: "hard" },
      { estimatedValue: -1 },
      { estimatedValue: "100" },
      { estimatedValue: 1.234 },
      { estimatedValue: 1e15 },
      { assignedAttorney: "A typed name" },
      { assignedAttorney: 42 },
      { attorneyId: "not-a-uuid" },
      { title: "not changeable" },
      { userId: m.id },
    ]) {
      const response = await admin.patch(`/api/admin/cases/${caseId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message, JSON.stringify(body)).toBeTruthy();
    }
    const notJson = await admin.request(`/api/admin/cases/${caseId}`, {
      method: "PATCH",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await auditRowsOf(caseId)).toHaveLength(0);
    const [row] = await t.services.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row).toMatchObject({ status: "active", complexity: null, estimatedValue: null, assignedAttorney: null });
  });
});

describe("Toggle Status", () => {
  it("switches active to archived and any other status to active, audited; the member sees it", async () => {
    const m = await t.member();
    const active = await insertCase(m.id, { title: "Active one" });
    const referred = await insertCase(m.id, { title: "Referred one", status: "referred" });
    const odd = await insertCase(m.id, { title: "Odd one", status: "on_hold" });
    const admin = await t.admin();
    const toggle = async (id: string) => {
      const response = await admin.post(`/api/admin/cases/${id}/toggle-status`);
      expect(response.status).toBe(200);
      return (await response.json()).case.status as string;
    };
    expect(await toggle(active)).toBe("archived");
    expect((await (await m.client.get(`/api/cases/${active}`)).json()).case.status).toBe("archived");
    expect(await toggle(active)).toBe("active");
    expect(await toggle(referred)).toBe("active");
    expect(await toggle(odd)).toBe("active");
    const rows = (await auditRowsOf(active)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.action, r.oldValues, r.newValues])).toEqual([
      ["case.toggle_status", { status: "active" }, { status: "archived" }],
      ["case.toggle_status", { status: "archived" }, { status: "active" }],
    ]);
    expect((await auditRowsOf(referred))[0]?.oldValues).toEqual({ status: "referred" });
  });
});
