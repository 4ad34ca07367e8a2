import type {
  AdminAttorney,
  AttorneyList,
  AttorneyRemoval,
  ReferralAssignment,
  ReferralList,
} from "@shared/schemas/admin-attorneys";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type AdminRoute,
  expectAnsweredToAdmin,
  expectRefusedToNonAdmins,
} from "../../../../../tests/factories/admin-access";
import { auditRows } from "../../../../../tests/factories/audit";
import { generateWill } from "../../../../../tests/factories/documents";
import { setupTestApp } from "../../../../../tests/factories/test-app";
import type { TestClient } from "../../../../../tests/factories/test-client";
import { appLogs, attorneyReferrals, attorneys } from "../../../db/schema";

const t = setupTestApp();

const FULL = {
  name: "Grace Hopper",
  email: "Grace@Hopper-Law.example",
  phone: "+1 555 123 4567",
  firm: "Hopper & Partners",
  specialties: ["Housing", "Tenant Rights"],
  location: "Arlington, VA",
  rating: 4.8,
  experience: 12,
  hourlyRate: 250.5,
  bio: "Tenant advocate.\nTwelve years of practice.",
  isActive: true,
  caseTypes: ["Evictions"],
  availability: "available",
};

async function addAttorney(admin: TestClient, body: Record<string, unknown>): Promise<AdminAttorney> {
  const response = await admin.post("/api/admin/attorneys", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { attorney: AdminAttorney }).attorney;
}

async function search(admin: TestClient, query: string): Promise<AttorneyList> {
  const response = await admin.get(`/api/admin/attorneys?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AttorneyList;
}

async function referredCase(client: TestClient, title = "Deposit not returned") {
  const created = await client.post("/api/cases", { title, description: "My landlord kept the deposit." });
  const caseId = ((await created.json()) as { case: { id: string } }).case.id;
  const referred = await client.post(`/api/cases/${caseId}/referral`);
  expect(referred.status).toBe(201);
  const { referral } = (await referred.json()) as { referral: { id: string } };
  return { caseId, referralId: referral.id };
}

async function referrals(admin: TestClient, query = ""): Promise<ReferralList> {
  const response = await admin.get(`/api/admin/referrals${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ReferralList;
}

describe("access", () => {
  it("every route: 401 signed out, 403 for members and Premium members, answered for administrators", async () => {
    const admin = await t.admin();
    const attorney = await addAttorney(admin, { name: "Access Check", email: "access@example.com" });
    const { client: member } = await t.member();
    const { referralId } = await referredCase(member);

    const routes: AdminRoute[] = [
      { path: "/api/admin/attorneys" },
      { method: "POST", path: "/api/admin/attorneys", body: { name: "New One", email: "new@example.com" }, ok: 201 },
      { method: "PATCH", path: `/api/admin/attorneys/${attorney.id}`, body: { firm: "Firm" } },
      { path: "/api/admin/referrals" },
      { method: "POST", path: `/api/admin/referrals/${referralId}/assign`, body: { attorneyId: attorney.id } },
      { method: "DELETE", path: `/api/admin/attorneys/${attorney.id}` },
    ];
    await expectRefusedToNonAdmins(t, routes, { "the referred member": member });
    // Nothing changed for the refused requests.
    expect((await t.services.db.select().from(attorneys)).map((a) => a.firm)).toEqual([null]);
    await expectAnsweredToAdmin(admin, routes);
  });
});

describe("the directory", () => {
  it("adds an attorney with every field, normalised, and audits it", async () => {
    const admin = await t.admin();
    const attorney = await addAttorney(admin, {
      ...FULL,
      specialties: [" Housing ", "housing", "Tenant Rights"],
    });
    expect(attorney).toMatchObject({
      ...FULL,
      email: "grace@hopper-law.example",
      specialties: ["Housing", "Tenant Rights"],
    });
    expect(attorney.createdAt).toMatch(/^\d{4}-/);
    const [audit] = await auditRows(t, "attorney.create", attorney.id);
    expect(audit?.newValues).toMatchObject({ name: "Grace Hopper", rating: 4.8, hourlyRate: 250.5 });
    expect(audit?.oldValues).toBeNull();
    expect(audit?.userId).toBeTruthy();

    // The minimum: name and e-mail; the rest take their defaults.
    const minimal = await addAttorney(admin, { name: "Min Imal", email: "min@example.com" });
    expect(minimal).toMatchObject({
      phone: null,
      firm: null,
      specialties: [],
      caseTypes: [],
      rating: null,
      isActive: true,
      availability: "available",
    });
    // The same e-mail address twice is refused.
    const again = await admin.post("/api/admin/attorneys", { name: "Other", email: "GRACE@hopper-law.example" });
    expect(again.status).toBe(409);
  });

  it("searches name, firm, specialty and location case-insensitively, filters and pages in SQL", async () => {
    const admin = await t.admin();
    await addAttorney(admin, FULL);
    await addAttorney(admin, {
      name: "Thurgood Marshall",
      email: "tm@example.com",
      firm: "Civil Rights Counsel",
      specialties: ["Employment", "Civil Rights"],
      location: "Baltimore, MD",
      availability: "busy",
    });
    await addAttorney(admin, {
      name: "Ruth Ginsburg",
      email: "rbg@example.com",
      firm: "Equal Practice 100%",
      specialties: ["Family Law"],
      location: "New York, NY",
      isActive: false,
    });
    const names = async (query: string) => (await search(admin, query)).attorneys.map((a) => a.name).sort();

    expect(await names("q=HOPPER")).toEqual(["Grace Hopper"]); // name and firm
    expect(await names("q=civil%20rights")).toEqual(["Thurgood Marshall"]); // firm and specialty
    expect(await names("q=tenant")).toEqual(["Grace Hopper"]); // a specialty only
    expect(await names("q=new%20york")).toEqual(["Ruth Ginsburg"]); // location
    expect(await names("q=evictions")).toEqual([]); // case types are not searched
    expect(await names("q=tm%40example")).toEqual([]); // nor e-mail addresses
    expect(await names("q=%25")).toEqual(["Ruth Ginsburg"]); // '%' is a character, not a wildcard
    expect(await names("q=%22")).toEqual([]); // no match on the list's JSON quotes
    expect(await names("active=true")).toEqual(["Grace Hopper", "Thurgood Marshall"]);
    expect(await names("active=false")).toEqual(["Ruth Ginsburg"]);
    expect(await names("active=true&availability=available")).toEqual(["Grace Hopper"]);
    // A case's category matches a specialty either way round.
    expect(await names("specialty=Housing%20%26%20Tenancy")).toEqual(["Grace Hopper"]);
    expect(await names("specialty=employment")).toEqual(["Thurgood Marshall"]);
    expect((await search(admin, "sort=name")).attorneys.map((a) => a.name)).toEqual([
      "Grace Hopper",
      "Ruth Ginsburg",
      "Thurgood Marshall",
    ]);

    // 25 a page, newest first, with the total.
    await t.services.db.insert(attorneys).values(
      Array.from({ length: 27 }, (_, i) => ({
        name: `Bulk Attorney ${String(i).padStart(2, "0")}`,
        email: `bulk${i}@example.com`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })),
    );
    const first = await search(admin, "q=bulk");
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.attorneys).toHaveLength(25);
    expect(first.attorneys[0]?.name).toBe("Bulk Attorney 26");
    const second = await search(admin, "q=bulk&page=2");
    expect(second.attorneys.map((a) => a.name)).toEqual(["Bulk Attorney 01", "Bulk Attorney 00"]);
    expect((await search(admin, "page=3")).attorneys).toEqual([]);
    expect(Object.keys(first.attorneys[0] ?? {})).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "email",
        "phone",
        "firm",
        "specialties",
        "location",
        "rating",
        "experience",
        "hourlyRate",
        "bio",
        "isActive",
        "caseTypes",
        "availability",
        "createdAt",
      ]),
    );
  });

  it("refuses invalid fields and queries with 400 and the field named", async () => {
    const admin = await t.admin();
    const base = { name: "Valid Name", email: "valid@example.com" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "x@example.com" }, "name"],
      [{ ...base, name: "   " }, "name"],
      [{ ...base, name: "Bad\u0000Name" }, "name"],
      [{ ...base, email: "not-an-email" }, "email"],
      [{ ...base, phone: "call me" }, "phone"],
      [{ ...base, rating: 5.1 }, "rating"],
      [{ ...base, rating: -0.5 }, "rating"],
      [{ ...base, rating: "4" }, "rating"],
      [{ ...base, experience: -1 }, "experience"],
      [{ ...base, experience: 2.5 }, "experience"],
      [{ ...base, hourlyRate: -1 }, "hourlyRate"],
      [{ ...base, hourlyRate: 10.001 }, "hourlyRate"],
      [{ ...base, availability: "maybe" }, "availability"],
      [{ ...base, isActive: "yes" }, "isActive"],
      [{ ...base, specialties: "Housing" }, "specialties"],
      [{ ...base, specialties: ["x".repeat(61)] }, "specialties.0"],
      [{ ...base, specialties: [""] }, "specialties.0"],
      [{ ...base, caseTypes: Array.from({ length: 21 }, (_, i) => `Type ${i}`) }, "caseTypes"],
      [{ ...base, bio: "b".repeat(2001) }, "bio"],
      [{ ...base, location: "\uD800" }, "location"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post("/api/admin/attorneys", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = ((await response.json()) as { error: { fields?: Record<string, string> } }).error;
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect(await t.services.db.select().from(attorneys)).toEqual([]);

    const attorney = await addAttorney(admin, base);
    expect((await admin.patch(`/api/admin/attorneys/${attorney.id}`, {})).status).toBe(400);
    expect((await admin.patch(`/api/admin/attorneys/${attorney.id}`, { rating: 9 })).status).toBe(400);
    expect((await admin.patch("/api/admin/attorneys/not-a-uuid", { firm: "X" })).status).toBe(400);
    expect((await admin.patch(`/api/admin/attorneys/${crypto.randomUUID()}`, { firm: "X" })).status).toBe(404);
    expect((await admin.delete("/api/admin/attorneys/123")).status).toBe(400);
    expect((await admin.delete(`/api/admin/attorneys/${crypto.randomUUID()}`)).status).toBe(404);
    for (const query of [
      "page=0",
      "page=abc",
      "active=maybe",
      "availability=soon",
      "sort=rating",
      `q=${"q".repeat(101)}`,
    ]) {
      expect((await admin.get(`/api/admin/attorneys?${query}`)).status, query).toBe(400);
    }
    for (const query of ["status=done", "page=-1"]) {
      expect((await admin.get(`/api/admin/referrals?${query}`)).status, query).toBe(400);
    }
  });

  it("edits only the fields sent, clears emptied ones, and audits old and new values", async () => {
    const admin = await t.admin();
    const attorney = await addAttorney(admin, FULL);
    const response = await admin.patch(`/api/admin/attorneys/${attorney.id}`, {
      firm: "Hopper Legal",
      phone: "",
      rating: null,
      availability: "busy",
      specialties: ["Housing"],
    });
    expect(response.status).toBe(200);
    const { attorney: edited } = (await response.json()) as { attorney: AdminAttorney };
    expect(edited).toMatchObject({
      ...FULL,
      email: "grace@hopper-law.example",
      firm: "Hopper Legal",
      phone: null,
      rating: null,
      availability: "busy",
      specialties: ["Housing"],
    });
    const [audit] = await auditRows(t, "attorney.update", attorney.id);
    expect(audit?.oldValues).toEqual({
      firm: "Hopper & Partners",
      phone: "+1 555 123 4567",
      rating: 4.8,
      availability: "available",
      specialties: ["Housing", "Tenant Rights"],
    });
    expect(audit?.newValues).toEqual({
      firm: "Hopper Legal",
      phone: null,
      rating: null,
      availability: "busy",
      specialties: ["Housing"],
    });
    // Another attorney's e-mail address is refused.
    const other = await addAttorney(admin, { name: "Other", email: "other@example.com" });
    expect((await admin.patch(`/api/admin/attorneys/${other.id}`, { email: "grace@hopper-law.example" })).status).toBe(
      409,
    );
    // Its own address (any case) is fine.
    expect((await admin.patch(`/api/admin/attorneys/${other.id}`, { email: "OTHER@example.com" })).status).toBe(200);
  });

  it("deletes an attorney no referral names; deactivates one that referrals name", async () => {
    const admin = await t.admin();
    const unused = await addAttorney(admin, { name: "Never Assigned", email: "never@example.com" });
    const used = await addAttorney(admin, { name: "Once Assigned", email: "once@example.com" });
    const { client } = await t.member();
    const { referralId } = await referredCase(client);
    expect((await admin.post(`/api/admin/referrals/${referralId}/assign`, { attorneyId: used.id })).status).toBe(200);

    const deleted = (await (await admin.delete(`/api/admin/attorneys/${unused.id}`)).json()) as AttorneyRemoval;
    expect(deleted).toEqual({ outcome: "deleted", id: unused.id });
    expect(await t.services.db.select().from(attorneys).where(eq(attorneys.id, unused.id))).toEqual([]);
    const [deleteAudit] = await auditRows(t, "attorney.delete", unused.id);
    expect(deleteAudit?.oldValues).toMatchObject({ name: "Never Assigned", email: "never@example.com" });

    const kept = (await (await admin.delete(`/api/admin/attorneys/${used.id}`)).json()) as AttorneyRemoval;
    expect(kept).toMatchObject({ outcome: "deactivated", id: used.id, referrals: 1, attorney: { isActive: false } });
    const [referral] = await t.services.db.select().from(attorneyReferrals).where(eq(attorneyReferrals.id, referralId));
    expect(referral?.attorneyId).toBe(used.id);
    const [deactivateAudit] = await auditRows(t, "attorney.deactivate", used.id);
    expect(deactivateAudit?.oldValues).toEqual({ isActive: true });
    expect(deactivateAudit?.newValues).toMatchObject({ isActive: false, referrals: 1 });
    // An inactive attorney is no longer offered, and cannot be assigned.
    expect((await search(admin, "active=true")).attorneys).toEqual([]);
    expect((await admin.post(`/api/admin/referrals/${referralId}/assign`, { attorneyId: used.id })).status).toBe(409);
  });
});

describe("the referral queue", () => {
  it("lists pending referrals first, Premium members' first, with member, case or document, and date", async () => {
    const admin = await t.admin();
    const { client: free, email: freeEmail } = await t.member({ firstName: "Frida" });
    const { client: premium, email: premiumEmail } = await t.member({ firstName: "Petra", premium: true });
    const early = await referredCase(free, "Early free case");
    const later = await referredCase(premium, "Later premium case");
    const assignedOne = await referredCase(free, "Already assigned case");
    const { id: documentId } = await generateWill(free);
    expect((await free.post(`/api/documents/${documentId}/review`)).status).toBe(201);
    const attorney = await addAttorney(admin, FULL);
    await admin.post(`/api/admin/referrals/${assignedOne.referralId}/assign`, { attorneyId: attorney.id });

    const all = await referrals(admin);
    expect(all).toMatchObject({ total: 4, pending: 3, page: 1, pageSize: 25 });
    expect(all.referrals.map((r) => [r.case?.title ?? r.document?.title, r.status, r.priority])).toEqual([
      ["Later premium case", "pending", true],
      ["Early free case", "pending", false],
      ["Last Will and Testament", "pending", false],
      ["Already assigned case", "assigned", false],
    ]);
    const [first, second, third, fourth] = all.referrals;
    expect(first).toMatchObject({
      kind: "case",
      member: { name: "Petra", email: premiumEmail },
      case: { id: later.caseId, status: "referred", assignedAttorney: null },
      attorney: null,
    });
    expect(second?.member).toMatchObject({ name: "Frida", email: freeEmail });
    expect(third).toMatchObject({ kind: "document", document: { id: documentId }, feeCents: 15_000 });
    expect(fourth?.attorney).toEqual({ id: attorney.id, name: "Grace Hopper", firm: "Hopper & Partners" });
    expect(new Date(second?.createdAt ?? "").getTime()).toBeLessThanOrEqual(Date.now());
    expect(early.referralId).toBe(second?.id);

    const pendingOnly = await referrals(admin, "?status=pending");
    expect(pendingOnly).toMatchObject({ total: 3, pending: 3 });
    const assignedOnly = await referrals(admin, "?status=assigned");
    expect(assignedOnly.referrals.map((r) => r.id)).toEqual([assignedOne.referralId]);
    expect(assignedOnly).toMatchObject({ total: 1, pending: 3 });
    expect((await referrals(admin, "?page=2")).referrals).toEqual([]);
  });

  it("assigns: the member's case shows referred with the attorney's name; audited, logged and mailed", async () => {
    const admin = await t.admin();
    const { client, email, id: memberId } = await t.member({ firstName: "Maya" });
    const { caseId, referralId } = await referredCase(client);
    const attorney = await addAttorney(admin, FULL);

    const response = await admin.post(`/api/admin/referrals/${referralId}/assign`, { attorneyId: attorney.id });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ReferralAssignment;
    expect(result.mailed).toBe(true);
    expect(result.referral).toMatchObject({
      id: referralId,
      status: "assigned",
      attorney: { id: attorney.id, name: "Grace Hopper" },
      case: { id: caseId, status: "referred", assignedAttorney: "Grace Hopper" },
    });

    // The member sees it in their own case.
    const seen = (await (await client.get(`/api/cases/${caseId}`)).json()) as {
      case: { status: string; assignedAttorney: string | null };
    };
    expect(seen.case).toMatchObject({ status: "referred", assignedAttorney: "Grace Hopper" });

    const [audit] = await auditRows(t, "referral.assign", referralId);
    expect(audit?.oldValues).toEqual({
      status: "pending",
      attorneyId: null,
      caseId,
      caseStatus: "referred",
      assignedAttorney: null,
    });
    expect(audit?.newValues).toEqual({
      status: "assigned",
      attorneyId: attorney.id,
      caseId,
      caseStatus: "referred",
      assignedAttorney: "Grace Hopper",
    });
    const [log] = await t.services.db
      .select()
      .from(appLogs)
      .where(eq(appLogs.message, "Attorney assigned to referral"))
      .orderBy(desc(appLogs.id));
    expect(log).toMatchObject({ category: "case", level: "info" });
    expect(log?.metadata).toMatchObject({ referralId, caseId, attorneyId: attorney.id, memberId });

    const mails = (await t.outbox(50)).filter((m) => m.to === email && m.subject.includes("assigned"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("An attorney has been assigned to your case on LawGuide");
    expect(mails[0]?.text).toContain("Grace Hopper of Hopper & Partners");
    expect(mails[0]?.text).toContain('"Deposit not returned"');
    expect(mails[0]?.text).toContain(`/dashboard/case/${caseId}`);
    expect(mails[0]?.text).toContain("no attorney-client relationship exists until an attorney agrees");

    // Assigning again moves it to another attorney; the case follows.
    const second = await addAttorney(admin, { name: "Second Counsel", email: "second@example.com" });
    const again = await admin.post(`/api/admin/referrals/${referralId}/assign`, { attorneyId: second.id });
    expect(again.status).toBe(200);
    const reseen = (await (await client.get(`/api/cases/${caseId}`)).json()) as { case: { assignedAttorney: string } };
    expect(reseen.case.assignedAttorney).toBe("Second Counsel");
    const audits = await auditRows(t, "referral.assign", referralId);
    expect(audits.map((a) => a.oldValues?.assignedAttorney).sort()).toEqual(["Grace Hopper", null].sort());
  });

  it("mails the member only when the settings and their preferences allow it", async () => {
    const admin = await t.admin();
    const attorney = await addAttorney(admin, FULL);
    const mailsTo = async (email: string) =>
      (await t.outbox(200)).filter((m) => m.to === email && m.subject.includes("assigned"));
    const assign = async (referralId: string) =>
      (await (
        await admin.post(`/api/admin/referrals/${referralId}/assign`, { attorneyId: attorney.id })
      ).json()) as ReferralAssignment;

    // The member turned e-mail notifications off.
    const optedOut = await t.member();
    const put = await optedOut.client.put("/api/profile/preferences", {
      emailNotifications: false,
      pushNotifications: true,
      marketingEmails: false,
    });
    expect(put.status).toBe(200);
    const a = await referredCase(optedOut.client);
    expect((await assign(a.referralId)).mailed).toBe(false);
    expect(await mailsTo(optedOut.email)).toEqual([]);

    // Case update mails are off in the settings.
    const member = await t.member();
    await t.services.settings.update("notifications", { caseUpdateEmailEnabled: false }, {});
    const b = await referredCase(member.client, "First");
    expect((await assign(b.referralId)).mailed).toBe(false);
    expect(await mailsTo(member.email)).toEqual([]);

    // All e-mail notifications are off.
    await t.services.settings.update(
      "notifications",
      { caseUpdateEmailEnabled: true, enableEmailNotifications: false },
      {},
    );
    const c = await referredCase(member.client, "Second");
    expect((await assign(c.referralId)).mailed).toBe(false);
    expect(await mailsTo(member.email)).toEqual([]);

    // Both on again: mailed. The assignment itself was made every time.
    await t.services.settings.update("notifications", { enableEmailNotifications: true }, {});
    const d = await referredCase(member.client, "Third");
    expect((await assign(d.referralId)).mailed).toBe(true);
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect((await referrals(admin, "?status=assigned")).total).toBe(4);
  });

  it("assigns a document review without a case, and refuses what cannot be assigned", async () => {
    const admin = await t.admin();
    const { client, email } = await t.member();
    const { id: documentId } = await generateWill(client);
    const review = (await (await client.post(`/api/documents/${documentId}/review`)).json()) as {
      review: { id: string };
    };
    const attorney = await addAttorney(admin, FULL);
    const assigned = (await (
      await admin.post(`/api/admin/referrals/${review.review.id}/assign`, { attorneyId: attorney.id })
    ).json()) as ReferralAssignment;
    expect(assigned.referral).toMatchObject({ status: "assigned", case: null, document: { id: documentId } });
    const [mail] = (await t.outbox(50)).filter((m) => m.to === email && m.subject.includes("assigned"));
    expect(mail?.subject).toBe("An attorney has been assigned to your referral on LawGuide");
    expect(mail?.text).toContain('the review of your document "Last Will and Testament"');
    const listed = (await (await client.get(`/api/documents/${documentId}`)).json()) as {
      document: { review: { status: string } };
    };
    expect(listed.document.review.status).toBe("assigned");

    const { referralId } = await referredCase(client);
    const post = (body: unknown, id = referralId) => admin.post(`/api/admin/referrals/${id}/assign`, body);
    expect((await post({})).status).toBe(400);
    expect((await post({ attorneyId: "nope" })).status).toBe(400);
    expect((await post({ attorneyId: crypto.randomUUID() })).status).toBe(404);
    expect((await post({ attorneyId: attorney.id }, crypto.randomUUID())).status).toBe(404);
    expect((await post({ attorneyId: attorney.id }, "not-a-uuid")).status).toBe(400);
    const away = await addAttorney(admin, { name: "Away", email: "away@example.com", availability: "unavailable" });
    expect((await post({ attorneyId: away.id })).status).toBe(409);
    const inactive = await addAttorney(admin, { name: "Gone", email: "gone@example.com", isActive: false });
    expect((await post({ attorneyId: inactive.id })).status).toBe(409);
    const busy = await addAttorney(admin, { name: "Busy", email: "busy@example.com", availability: "busy" });
    expect((await post({ attorneyId: busy.id })).status).toBe(200);
    await t.services.db
      .update(attorneyReferrals)
      .set({ status: "completed" })
      .where(eq(attorneyReferrals.id, referralId));
    const closed = await post({ attorneyId: attorney.id });
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { error: { message: string } }).error.message).toBe(
      "This referral is completed and can no longer be assigned.",
    );
  });
});
