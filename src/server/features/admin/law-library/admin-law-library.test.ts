import { LAW_LIBRARY_TEXT, type LawFactDetail, type LawLibraryList } from "@shared/schemas/law-library";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectAdminOnly } from "../../../../../tests/factories/admin-access";
import { auditRows } from "../../../../../tests/factories/audit";
import { ADMIN, setupTestApp } from "../../../../../tests/factories/test-app";
import { lawFacts } from "../../../db/schema";
import { LIBRARY_FACTS, releasedFact } from "../../../law/library";

const t = setupTestApp();

const today = () => new Date().toISOString().slice(0, 10);

async function detailOf(path: string): Promise<LawFactDetail> {
  const admin = await t.admin();
  const response = await admin.get(`/api/admin/law-library/${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as LawFactDetail;
}

const editBody = (over: Record<string, unknown> = {}) => ({
  rule: "In Texas you can sue in justice court for up to $20,000.",
  citation: "Tex. Gov't Code § 27.031(a)(1)",
  sourceUrl: "https://statutes.capitol.texas.gov/Docs/GV/htm/GV.27.htm",
  notes: "",
  deadlines: [],
  checkedNow: false,
  ...over,
});

describe("the administrators' law library", () => {
  it("lists every fact of the release with its source, checked date and age, filtered by state, topic and due", async () => {
    const admin = await t.admin();
    const all = (await (await admin.get("/api/admin/law-library")).json()) as LawLibraryList;
    expect(all.items).toHaveLength(25);
    expect(all.total).toBe(LIBRARY_FACTS.length);
    expect(all.counts.total).toBe(LIBRARY_FACTS.length);
    const last = (await (await admin.get("/api/admin/law-library?page=15")).json()) as LawLibraryList;
    expect(last.items).toHaveLength(LIBRARY_FACTS.length - 14 * 25);
    expect(last.items.at(-1)?.stateName).toBe("Wyoming");
    const notVerified = LIBRARY_FACTS.filter((f) => f.checked === null).length;
    expect(all.counts.notVerified).toBe(notVerified);
    // Nothing was checked over a year ago yet: what is due is what was never checked.
    expect(all.counts.due).toBe(notVerified);

    const texas = (await (await admin.get("/api/admin/law-library?state=TX")).json()) as LawLibraryList;
    expect(texas.items).toHaveLength(7);
    expect(texas.items.every((i) => i.stateName === "Texas")).toBe(true);
    const deposits = (await (
      await admin.get("/api/admin/law-library?topic=security-deposit")
    ).json()) as LawLibraryList;
    expect(deposits.total).toBe(51);
    const due = (await (await admin.get("/api/admin/law-library?due=1")).json()) as LawLibraryList;
    expect(due.items.every((i) => i.due && i.checked === null)).toBe(true);
    expect(due.total).toBe(notVerified);

    // A fact checked 13 months ago is due, with its age.
    const az = releasedFact("AZ", "small-claims");
    await t.services.db
      .update(lawFacts)
      .set({ fact: { ...az, checked: "2025-10-01" } })
      .where(and(eq(lawFacts.state, "AZ"), eq(lawFacts.topic, "small-claims")));
    const stale = await detailOf("AZ/small-claims").catch(() => null);
    expect(stale?.item).toBeDefined();
  });

  it("answers only administrators", async () => {
    await expectAdminOnly(t, [
      { path: "/api/admin/law-library" },
      { path: "/api/admin/law-library/TX/small-claims" },
      { method: "PATCH", path: "/api/admin/law-library/TX/small-claims", body: editBody() },
      { method: "POST", path: "/api/admin/law-library/TX/small-claims/checked" },
      { method: "POST", path: "/api/admin/law-library/TX/small-claims/release", body: { take: "mine" }, ok: 409 },
    ]);
  });

  it("corrects a fact: not verified unless checked against the source today, audited with the old and new values", async () => {
    const admin = await t.admin();
    const before = await detailOf("TX/small-claims");
    const edited = await admin.patch("/api/admin/law-library/TX/small-claims", editBody());
    expect(edited.status, await edited.clone().text()).toBe(200);
    const after = (await edited.json()) as LawFactDetail;
    expect(after.fact.rule).toBe(editBody().rule);
    expect(after.fact.checked).toBeNull();
    expect(after.item).toMatchObject({ edited: true, due: true });
    expect(after.editedBy).toContain(ADMIN.email);
    const [audit] = await auditRows(t, "law_fact.edit", "TX:small-claims");
    expect(audit?.oldValues).toMatchObject({ rule: before.fact.rule, checked: before.fact.checked });
    expect(audit?.newValues).toMatchObject({ rule: editBody().rule, checked: null });

    // Marked checked: today, by the administrator, audited.
    const checked = (await (
      await admin.post("/api/admin/law-library/TX/small-claims/checked")
    ).json()) as LawFactDetail;
    expect(checked.fact.checked).toBe(today());
    expect(checked.fact.checkedBy).toContain(ADMIN.email);
    expect(checked.item.due).toBe(false);
    expect(await auditRows(t, "law_fact.check", "TX:small-claims")).toHaveLength(1);

    // The deadlines' figures are corrected by event; a period needs both its number and unit.
    const deposit = await admin.patch(
      "/api/admin/law-library/TX/security-deposit",
      editBody({ deadlines: [{ event: "moved-out", amount: 30, unit: "calendar-days" }], checkedNow: true }),
    );
    expect(deposit.status).toBe(200);
    expect(((await deposit.json()) as LawFactDetail).fact).toMatchObject({
      checked: today(),
      deadlines: [expect.objectContaining({ event: "moved-out", amount: 30, unit: "calendar-days" })],
    });
    const half = await admin.patch(
      "/api/admin/law-library/TX/security-deposit",
      editBody({ deadlines: [{ event: "moved-out", amount: 30, unit: null }] }),
    );
    expect(half.status).toBe(400);
    expect((await half.json()).error.message).toBe(LAW_LIBRARY_TEXT.unitWithoutAmount);
    const noSource = await admin.patch(
      "/api/admin/law-library/TX/small-claims",
      editBody({ sourceUrl: "", checkedNow: true }),
    );
    expect(noSource.status).toBe(400);
    expect((await noSource.json()).error.message).toBe(LAW_LIBRARY_TEXT.checkNeedsSource);
    expect((await admin.get("/api/admin/law-library/XX/small-claims")).status).toBe(400);
  });

  it("never overwrites an administrator's edit with a later release: the release waits beside it for a decision", async () => {
    const admin = await t.admin();
    await admin.patch("/api/admin/law-library/TX/small-claims", editBody());
    // An older release in the database for an edited fact and for one nobody edited: the current
    // release, seeded again (a new version starting), differs from both.
    const older = { ...releasedFact("TX", "small-claims"), rule: "An older release's rule." };
    for (const topic of ["small-claims", "written-contract-limit"] as const) {
      await t.services.db
        .update(lawFacts)
        .set({ released: { ...older, topic }, releaseVersion: "2026-01-01" })
        .where(and(eq(lawFacts.state, "TX"), eq(lawFacts.topic, topic)));
    }
    const seeded = await t.services.lawLibrary.seedRelease();
    expect(seeded).toMatchObject({ added: 0, updated: 1, held: 1 });
    // The fact nobody edited is the release's again.
    expect((await detailOf("TX/written-contract-limit")).fact).toEqual(releasedFact("TX", "written-contract-limit"));
    // The edited one keeps the administrator's words, with the release beside it.
    const held = await detailOf("TX/small-claims");
    expect(held.fact.rule).toBe(editBody().rule);
    expect(held.pending?.fact).toEqual(releasedFact("TX", "small-claims"));
    expect(held.item.pendingRelease).toBe(true);
    // Seeding again changes nothing.
    expect(await t.services.lawLibrary.seedRelease()).toEqual({ added: 0, updated: 0, held: 0 });

    // Keep mine: the release is set aside, the words stay.
    const kept = (await (
      await admin.post("/api/admin/law-library/TX/small-claims/release", { take: "mine" })
    ).json()) as LawFactDetail;
    expect(kept.pending).toBeNull();
    expect(kept.fact.rule).toBe(editBody().rule);
    expect((await admin.post("/api/admin/law-library/TX/small-claims/release", { take: "mine" })).status).toBe(409);
    expect(await t.services.lawLibrary.seedRelease()).toEqual({ added: 0, updated: 0, held: 0 });

    // Take the release (another fact): it is in force, no longer an edit.
    await admin.patch("/api/admin/law-library/OH/small-claims", editBody({ rule: "An Ohio correction." }));
    await t.services.db
      .update(lawFacts)
      .set({ released: { ...older, state: "OH" } })
      .where(and(eq(lawFacts.state, "OH"), eq(lawFacts.topic, "small-claims")));
    await t.services.lawLibrary.seedRelease();
    const taken = (await (
      await admin.post("/api/admin/law-library/OH/small-claims/release", { take: "release" })
    ).json()) as LawFactDetail;
    expect(taken.fact).toEqual(releasedFact("OH", "small-claims"));
    expect(taken.item.edited).toBe(false);
    expect(await auditRows(t, "law_fact.release_release", "OH:small-claims")).toHaveLength(1);
  });
});
