import {
  type AdminTestimonial,
  TESTIMONIAL_LIMITS,
  TESTIMONIAL_TEXT,
  type TestimonialList,
} from "@shared/schemas/admin-testimonials";
import { TEXT_RULE_MESSAGE } from "@shared/schemas/text";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type AdminRoute,
  expectAnsweredToAdmin,
  expectRefusedToNonAdmins,
} from "../../../../../tests/factories/admin-access";
import { auditRows } from "../../../../../tests/factories/audit";
import { setupTestApp } from "../../../../../tests/factories/test-app";
import type { TestClient } from "../../../../../tests/factories/test-client";
import { auditLogs, testimonials } from "../../../db/schema";
import { seed } from "../../../seed";
import { createTestimonialsService } from "../../landing/landing.service";

const t = setupTestApp();

const BASE = "/api/admin/testimonials";

interface PublicTestimonial {
  id: string;
  quote: string;
  author: string;
  context: string;
  isExample: boolean;
}

async function adminList(admin: TestClient): Promise<TestimonialList> {
  const response = await admin.get(BASE);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TestimonialList;
}

async function publicList(): Promise<PublicTestimonial[]> {
  const response = await t.client().get("/api/testimonials");
  expect(response.status).toBe(200);
  return ((await response.json()) as { testimonials: PublicTestimonial[] }).testimonials;
}

async function add(admin: TestClient, body: Record<string, unknown>): Promise<AdminTestimonial> {
  const response = await admin.post(BASE, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { testimonial: AdminTestimonial }).testimonial;
}

async function move(admin: TestClient, id: string, direction: "up" | "down"): Promise<TestimonialList> {
  const response = await admin.post(`${BASE}/${id}/move`, { direction });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TestimonialList;
}

async function errorOf(response: Response): Promise<{ status: number; message: string; fields: string[] }> {
  const { error } = (await response.json()) as { error: { message: string; fields?: Record<string, string> } };
  return { status: response.status, message: error.message, fields: Object.keys(error.fields ?? {}) };
}

const authors = (list: TestimonialList) => list.testimonials.map((item) => item.author);
const positions = (list: TestimonialList) => list.testimonials.map((item) => item.position);

/** Add plain testimonials directly until there are `total` (the limit is the API's, not the table's). */
async function fillTo(total: number) {
  const have = (await t.services.db.select({ id: testimonials.id }).from(testimonials)).length;
  if (have >= total) return;
  await t.services.db.insert(testimonials).values(
    Array.from({ length: total - have }, (_, i) => ({
      quote: `Filler ${i}`,
      author: `Filler author ${i}`,
      isExample: false,
      sortOrder: have + i,
    })),
  );
}

describe("access", () => {
  it("every route: 401 signed out, 403 for members and Premium members, answered for administrators", async () => {
    const admin = await t.admin();
    const [first] = (await adminList(admin)).testimonials;
    const target = await add(admin, { quote: "Access check.", author: "A tester" });
    const routes: AdminRoute[] = [
      { path: BASE },
      { method: "POST", path: BASE, body: { quote: "New words.", author: "Someone" }, ok: 201 },
      { method: "PATCH", path: `${BASE}/${target.id}`, body: { quote: "Changed words." } },
      { method: "POST", path: `${BASE}/${first?.id}/move`, body: { direction: "down" } },
      { method: "DELETE", path: `${BASE}/${target.id}` },
    ];
    const before = await t.services.db.select().from(testimonials).orderBy(testimonials.sortOrder);
    await expectRefusedToNonAdmins(t, routes);
    // Nothing changed for the refused requests.
    expect(await t.services.db.select().from(testimonials).orderBy(testimonials.sortOrder)).toEqual(before);
    expect(await t.services.db.select().from(auditLogs).where(like(auditLogs.action, "testimonial.%"))).toHaveLength(1);
    await expectAnsweredToAdmin(admin, routes);
  });
});

describe("the administrators' list", () => {
  it("lists the seeded four examples in the carousel's order, with positions and the limit", async () => {
    const admin = await t.admin();
    const list = await adminList(admin);
    expect(list.limit).toBe(TESTIMONIAL_LIMITS.count);
    expect(list.testimonials).toHaveLength(4);
    expect(positions(list)).toEqual([1, 2, 3, 4]);
    expect(authors(list)).toEqual(["A tenant", "A parent of two", "A small-business owner", "An employee"]);
    for (const item of list.testimonials) {
      expect(item).toMatchObject({ isExample: true, isActive: true });
      expect(item.quote).toMatch(/^Illustrative example:/);
      expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(item.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(item.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(Object.keys(list.testimonials[0] ?? {}).sort()).toEqual(
      ["author", "context", "createdAt", "id", "isActive", "isExample", "position", "quote", "updatedAt"].sort(),
    );
    // The public list shows the same, in the same order.
    expect((await publicList()).map((item) => item.id)).toEqual(list.testimonials.map((item) => item.id));
  });

  it("answers the public list with a one-minute cache", async () => {
    const response = await t.client().get("/api/testimonials");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
  });
});

describe("changes", () => {
  it("adds one last, on the public list too; trims, takes the defaults, ignores unknown fields; audited", async () => {
    const admin = await t.admin();
    const created = await add(admin, {
      quote: "  LawGuide helped me read my lease.\nThen I wrote to my landlord.  ",
      author: " Dana, a tenant in Ohio ",
      id: "00000000-0000-4000-8000-000000000000",
      position: 1,
      sortOrder: -10,
      createdAt: "2000-01-01T00:00:00.000Z",
    });
    expect(created).toMatchObject({
      quote: "LawGuide helped me read my lease.\nThen I wrote to my landlord.",
      author: "Dana, a tenant in Ohio",
      context: "",
      isExample: false,
      isActive: true,
      position: 5,
    });
    expect(created.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect(new Date(created.createdAt).getFullYear()).toBeGreaterThan(2000);

    const list = await adminList(admin);
    expect(list.testimonials.at(-1)).toEqual(created);
    expect(positions(list)).toEqual([1, 2, 3, 4, 5]);
    const shown = await publicList();
    expect(shown.at(-1)).toEqual({
      id: created.id,
      quote: created.quote,
      author: created.author,
      context: "",
      isExample: false,
    });
    expect(shown).toHaveLength(5);

    const withAll = await add(admin, {
      quote: "An example for the carousel.",
      author: "A reader",
      context: "Housing question",
      isExample: true,
      isActive: false,
    });
    expect(withAll).toMatchObject({ context: "Housing question", isExample: true, isActive: false, position: 6 });

    const [audit] = await auditRows(t, "testimonial.create", created.id);
    expect(audit).toMatchObject({ tableName: "testimonials", oldValues: null });
    expect(audit?.userId).toBeTruthy();
    expect(audit?.newValues).toEqual({
      quote: created.quote,
      author: created.author,
      context: "",
      isExample: false,
      isActive: true,
      position: 5,
    });
  });

  it("hides one (gone from the public list, still in the administrators'), shows it again; audits changed fields only", async () => {
    const admin = await t.admin();
    const [, second] = (await adminList(admin)).testimonials;
    if (!second) throw new Error("no seeded testimonial");
    const response = await admin.patch(`${BASE}/${second.id}`, { isActive: false, quote: second.quote });
    expect(response.status, await response.clone().text()).toBe(200);
    const { testimonial: hidden } = (await response.json()) as { testimonial: AdminTestimonial };
    expect(hidden).toMatchObject({ id: second.id, isActive: false, position: 2, quote: second.quote });
    expect(new Date(hidden.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(second.updatedAt).getTime());

    expect((await publicList()).map((item) => item.id)).not.toContain(second.id);
    expect(await publicList()).toHaveLength(3);
    const list = await adminList(admin);
    expect(list.testimonials[1]).toMatchObject({ id: second.id, isActive: false, position: 2 });
    expect(list.testimonials).toHaveLength(4);

    const [audit] = await auditRows(t, "testimonial.update", second.id);
    expect(audit).toMatchObject({ tableName: "testimonials" });
    expect(audit?.oldValues).toEqual({ isActive: true });
    expect(audit?.newValues).toEqual({ isActive: false });

    expect((await admin.patch(`${BASE}/${second.id}`, { isActive: true })).status).toBe(200);
    expect((await publicList()).map((item) => item.id)).toContain(second.id);
    expect((await publicList())[1]?.id).toBe(second.id);
  });

  it("edits the words, who they are from and the example flag", async () => {
    const admin = await t.admin();
    const [first] = (await adminList(admin)).testimonials;
    if (!first) throw new Error("no seeded testimonial");
    const response = await admin.patch(`${BASE}/${first.id}`, {
      quote: "The deposit letter worked.",
      author: "Sam, a tenant",
      context: "",
      isExample: false,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { testimonial } = (await response.json()) as { testimonial: AdminTestimonial };
    expect(testimonial).toMatchObject({
      id: first.id,
      quote: "The deposit letter worked.",
      author: "Sam, a tenant",
      context: "",
      isExample: false,
      isActive: true,
      position: 1,
      createdAt: first.createdAt,
    });
    expect((await publicList())[0]).toEqual({
      id: first.id,
      quote: "The deposit letter worked.",
      author: "Sam, a tenant",
      context: "",
      isExample: false,
    });
    const [audit] = await auditRows(t, "testimonial.update", first.id);
    expect(audit?.oldValues).toEqual({
      quote: first.quote,
      author: "A tenant",
      context: "Housing question",
      isExample: true,
    });
    expect(audit?.newValues).toEqual({
      quote: "The deposit letter worked.",
      author: "Sam, a tenant",
      context: "",
      isExample: false,
    });
  });

  it("moves one up or down in both lists; the first up and the last down change nothing; audited", async () => {
    const admin = await t.admin();
    const start = await adminList(admin);
    const [a, b, c, d] = start.testimonials;
    if (!a || !b || !c || !d) throw new Error("no seeded testimonials");
    // One of them hidden: it keeps its place among the administrators' list.
    expect((await admin.patch(`${BASE}/${b.id}`, { isActive: false })).status).toBe(200);

    const down = await move(admin, a.id, "down");
    expect(down.limit).toBe(TESTIMONIAL_LIMITS.count);
    expect(down.testimonials.map((item) => item.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect(positions(down)).toEqual([1, 2, 3, 4]);
    expect((await adminList(admin)).testimonials.map((item) => item.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect((await publicList()).map((item) => item.id)).toEqual([a.id, c.id, d.id]);

    const up = await move(admin, d.id, "up");
    expect(up.testimonials.map((item) => item.id)).toEqual([b.id, a.id, d.id, c.id]);
    expect((await publicList()).map((item) => item.id)).toEqual([a.id, d.id, c.id]);

    // The edges: nothing changes, the list answers, nothing is audited.
    const rowsBefore = await t.services.db.select().from(testimonials);
    const firstUp = await move(admin, b.id, "up");
    expect(firstUp.testimonials.map((item) => item.id)).toEqual([b.id, a.id, d.id, c.id]);
    const lastDown = await move(admin, c.id, "down");
    expect(lastDown.testimonials.map((item) => item.id)).toEqual([b.id, a.id, d.id, c.id]);
    expect(await t.services.db.select().from(testimonials)).toEqual(expect.arrayContaining(rowsBefore));
    expect(await auditRows(t, "testimonial.move", b.id)).toEqual([]);
    expect(await auditRows(t, "testimonial.move", c.id)).toEqual([]);

    const [movedDown] = await auditRows(t, "testimonial.move", a.id);
    expect(movedDown).toMatchObject({
      tableName: "testimonials",
      oldValues: { position: 1 },
      newValues: { position: 2 },
    });
    expect(movedDown?.userId).toBeTruthy();
    const [movedUp] = await auditRows(t, "testimonial.move", d.id);
    expect(movedUp).toMatchObject({ oldValues: { position: 4 }, newValues: { position: 3 } });

    // A new one still goes last.
    const added = await add(admin, { quote: "Last one.", author: "A reader" });
    expect((await adminList(admin)).testimonials.map((item) => item.id)).toEqual([b.id, a.id, d.id, c.id, added.id]);
    expect(added.position).toBe(5);
  });

  it("heals duplicate and missing sort orders of older data when moving", async () => {
    const admin = await t.admin();
    await t.services.db.update(testimonials).set({ sortOrder: 7 });
    const start = await adminList(admin); // same sort order: oldest first, then by id
    const ids = start.testimonials.map((item) => item.id);
    expect(positions(start)).toEqual([1, 2, 3, 4]);
    const [, second, third] = ids;
    if (!second || !third) throw new Error("no seeded testimonials");

    const moved = await move(admin, third, "up");
    const expected = [ids[0], third, second, ids[3]];
    expect(moved.testimonials.map((item) => item.id)).toEqual(expected);
    const rows = await t.services.db
      .select({ id: testimonials.id, sortOrder: testimonials.sortOrder })
      .from(testimonials)
      .orderBy(testimonials.sortOrder);
    expect(rows).toEqual(expected.map((id, sortOrder) => ({ id, sortOrder })));
    expect((await publicList()).map((item) => item.id)).toEqual(expected);
  });

  it("deletes one: gone from both lists, the others close up; audited", async () => {
    const admin = await t.admin();
    const [, second] = (await adminList(admin)).testimonials;
    if (!second) throw new Error("no seeded testimonial");
    const response = await admin.delete(`${BASE}/${second.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: second.id });
    const list = await adminList(admin);
    expect(list.testimonials.map((item) => item.id)).not.toContain(second.id);
    expect(positions(list)).toEqual([1, 2, 3]);
    expect((await publicList()).map((item) => item.id)).not.toContain(second.id);
    const [audit] = await auditRows(t, "testimonial.delete", second.id);
    expect(audit).toMatchObject({ tableName: "testimonials", newValues: null });
    expect(audit?.oldValues).toEqual({
      quote: second.quote,
      author: second.author,
      context: second.context,
      isExample: true,
      isActive: true,
      position: 2,
    });
    // Deleting it again: it no longer exists.
    const again = await errorOf(await admin.delete(`${BASE}/${second.id}`));
    expect(again).toMatchObject({ status: 404, message: TESTIMONIAL_TEXT.notFound });
  });
});

describe("the limit", () => {
  it(`keeps at most ${TESTIMONIAL_LIMITS.count}: one more is refused with 409 until one is deleted`, async () => {
    const admin = await t.admin();
    await fillTo(TESTIMONIAL_LIMITS.count - 1);
    const last = await add(admin, { quote: "The last one there is room for.", author: "A reader" });
    expect(last.position).toBe(TESTIMONIAL_LIMITS.count);
    const refused = await errorOf(await admin.post(BASE, { quote: "One too many.", author: "A reader" }));
    expect(refused).toMatchObject({ status: 409, message: TESTIMONIAL_TEXT.tooMany });
    // Hidden ones count too.
    expect((await admin.patch(`${BASE}/${last.id}`, { isActive: false })).status).toBe(200);
    expect((await admin.post(BASE, { quote: "Still too many.", author: "A reader" })).status).toBe(409);
    expect((await adminList(admin)).testimonials).toHaveLength(TESTIMONIAL_LIMITS.count);
    expect(
      await t.services.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "testimonial.create"), eq(auditLogs.tableName, "testimonials"))),
    ).toHaveLength(1);

    expect((await admin.delete(`${BASE}/${last.id}`)).status).toBe(200);
    const again = await add(admin, { quote: "Room again.", author: "A reader" });
    expect(again.position).toBe(TESTIMONIAL_LIMITS.count);
  });

  it("holds under requests at once: five creates at one below the limit add exactly one", async () => {
    const admin = await t.admin();
    await fillTo(TESTIMONIAL_LIMITS.count - 1);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => admin.post(BASE, { quote: `At once ${i}.`, author: "A reader" })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const list = await adminList(admin);
    expect(list.testimonials).toHaveLength(TESTIMONIAL_LIMITS.count);
    expect(positions(list)).toEqual(Array.from({ length: TESTIMONIAL_LIMITS.count }, (_, i) => i + 1));
  });

  it("holds under requests at once with room for several: ten creates with room for five add five, in distinct places", async () => {
    const admin = await t.admin();
    await fillTo(TESTIMONIAL_LIMITS.count - 5);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.post(BASE, { quote: `Many at once ${i}.`, author: "A reader" })),
    );
    const created = responses.filter((response) => response.status === 201);
    expect(created).toHaveLength(5);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(5);
    const createdPositions = await Promise.all(
      created.map(
        async (response) => ((await response.json()) as { testimonial: AdminTestimonial }).testimonial.position,
      ),
    );
    expect(createdPositions.sort((x, y) => x - y)).toEqual([16, 17, 18, 19, 20]);
    const orders = (await t.services.db.select({ sortOrder: testimonials.sortOrder }).from(testimonials)).map(
      (row) => row.sortOrder,
    );
    expect(orders).toHaveLength(TESTIMONIAL_LIMITS.count);
    expect(new Set(orders).size).toBe(TESTIMONIAL_LIMITS.count);
  });

  it("keeps the order whole when moves and creates come at once", async () => {
    const admin = await t.admin();
    const [a, b, c, d] = (await adminList(admin)).testimonials;
    if (!a || !b || !c || !d) throw new Error("no seeded testimonials");
    const responses = await Promise.all([
      admin.post(`${BASE}/${a.id}/move`, { direction: "down" }),
      admin.post(`${BASE}/${d.id}/move`, { direction: "up" }),
      admin.post(BASE, { quote: "Alongside.", author: "A reader" }),
      admin.post(`${BASE}/${b.id}/move`, { direction: "down" }),
      admin.post(BASE, { quote: "Alongside too.", author: "A reader" }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 201, 201]);
    const list = await adminList(admin);
    expect(list.testimonials).toHaveLength(6);
    expect(new Set(list.testimonials.map((item) => item.id)).size).toBe(6);
    const orders = (await t.services.db.select({ sortOrder: testimonials.sortOrder }).from(testimonials)).map(
      (row) => row.sortOrder,
    );
    expect(new Set(orders).size).toBe(6);
  });
});

describe("refusals", () => {
  it("answers 404 for a testimonial that does not exist", async () => {
    const admin = await t.admin();
    const missing = crypto.randomUUID();
    for (const response of [
      await admin.patch(`${BASE}/${missing}`, { quote: "Words." }),
      await admin.delete(`${BASE}/${missing}`),
      await admin.post(`${BASE}/${missing}/move`, { direction: "up" }),
    ]) {
      expect(await errorOf(response)).toMatchObject({ status: 404, message: TESTIMONIAL_TEXT.notFound });
    }
    expect(await t.services.db.select().from(auditLogs).where(like(auditLogs.action, "testimonial.%"))).toEqual([]);
  });

  it("refuses bad input with 400 and the schema's message, naming the field", async () => {
    const admin = await t.admin();
    const base = { quote: "Valid words.", author: "A reader" };
    const cases: Array<[unknown, string, string]> = [
      [{}, "quote", TESTIMONIAL_TEXT.quote],
      [{ author: "A reader" }, "quote", TESTIMONIAL_TEXT.quote],
      [{ ...base, quote: "   " }, "quote", TESTIMONIAL_TEXT.quote],
      [{ ...base, quote: 42 }, "quote", TESTIMONIAL_TEXT.quote],
      [{ ...base, quote: null }, "quote", TESTIMONIAL_TEXT.quote],
      [{ ...base, quote: "q".repeat(TESTIMONIAL_LIMITS.quote + 1) }, "quote", TESTIMONIAL_TEXT.quoteTooLong],
      [{ ...base, quote: "Bad\u0000words" }, "quote", TEXT_RULE_MESSAGE],
      [{ ...base, quote: "Half \uD800 a pair" }, "quote", TEXT_RULE_MESSAGE],
      [{ quote: "Valid words." }, "author", TESTIMONIAL_TEXT.author],
      [{ ...base, author: "" }, "author", TESTIMONIAL_TEXT.author],
      [{ ...base, author: ["A reader"] }, "author", TESTIMONIAL_TEXT.author],
      [{ ...base, author: "a".repeat(TESTIMONIAL_LIMITS.author + 1) }, "author", TESTIMONIAL_TEXT.authorTooLong],
      [{ ...base, author: "Two\nlines" }, "author", TEXT_RULE_MESSAGE],
      [{ ...base, context: "c".repeat(TESTIMONIAL_LIMITS.context + 1) }, "context", TESTIMONIAL_TEXT.contextTooLong],
      [{ ...base, context: "Bad\u0000context" }, "context", TEXT_RULE_MESSAGE],
      [{ ...base, isExample: "yes" }, "isExample", TESTIMONIAL_TEXT.flag],
      [{ ...base, isActive: 1 }, "isActive", TESTIMONIAL_TEXT.flag],
      [[base], "_", ""],
      ["just text", "_", ""],
    ];
    for (const [body, field, message] of cases) {
      const label = JSON.stringify(body).slice(0, 80);
      const error = await errorOf(await admin.post(BASE, body));
      expect(error.status, label).toBe(400);
      expect(error.fields, label).toContain(field);
      if (message) expect(error.message, label).toBe(message);
    }
    // The longest accepted lengths are accepted.
    await add(admin, {
      quote: "q".repeat(TESTIMONIAL_LIMITS.quote),
      author: "a".repeat(TESTIMONIAL_LIMITS.author),
      context: "c".repeat(TESTIMONIAL_LIMITS.context),
    });
    expect((await adminList(admin)).testimonials).toHaveLength(5);

    const [first] = (await adminList(admin)).testimonials;
    if (!first) throw new Error("no testimonial");
    const patches: Array<[unknown, string, string]> = [
      [{}, "_", TESTIMONIAL_TEXT.nothingToChange],
      [{ position: 3, sortOrder: 1 }, "_", TESTIMONIAL_TEXT.nothingToChange],
      [{ quote: "" }, "quote", TESTIMONIAL_TEXT.quote],
      [{ quote: "q".repeat(TESTIMONIAL_LIMITS.quote + 1) }, "quote", TESTIMONIAL_TEXT.quoteTooLong],
      [{ author: "Nul\u0000" }, "author", TEXT_RULE_MESSAGE],
      [{ author: null }, "author", TESTIMONIAL_TEXT.author],
      [{ isActive: "false" }, "isActive", TESTIMONIAL_TEXT.flag],
      [{ isExample: null }, "isExample", TESTIMONIAL_TEXT.flag],
    ];
    for (const [body, field, message] of patches) {
      const label = JSON.stringify(body).slice(0, 80);
      const error = await errorOf(await admin.patch(`${BASE}/${first.id}`, body));
      expect(error, label).toMatchObject({ status: 400, message });
      expect(error.fields, label).toContain(field);
    }
    for (const direction of [undefined, "left", "UP", 1, null]) {
      const error = await errorOf(await admin.post(`${BASE}/${first.id}/move`, { direction }));
      expect(error, String(direction)).toMatchObject({ status: 400, message: TESTIMONIAL_TEXT.direction });
      expect(error.fields).toContain("direction");
    }
    for (const id of ["not-a-uuid", "123", "%00", encodeURIComponent("'; drop table testimonials; --")]) {
      for (const response of [
        await admin.patch(`${BASE}/${id}`, { quote: "Words." }),
        await admin.delete(`${BASE}/${id}`),
        await admin.post(`${BASE}/${id}/move`, { direction: "up" }),
      ]) {
        expect(await errorOf(response), id).toMatchObject({ status: 400, message: TESTIMONIAL_TEXT.notFound });
      }
    }
    // Nothing was changed or audited by the refused requests.
    expect((await adminList(admin)).testimonials[0]).toEqual(first);
    expect(await t.services.db.select().from(auditLogs).where(like(auditLogs.action, "testimonial.%"))).toHaveLength(1);
    // A body not labelled JSON is refused before it is read.
    const notJson = await admin.request(BASE, { method: "POST", body: "quote=x&author=y" });
    expect(notJson.status).toBe(415);
  });
});

describe("the seeded examples", () => {
  it("come with a new database only: deleted by an administrator, they stay deleted after a restart", async () => {
    const admin = await t.admin();
    for (const { id } of (await adminList(admin)).testimonials) {
      expect((await admin.delete(`${BASE}/${id}`)).status).toBe(200);
    }
    await seed(t.services);
    expect(await t.services.db.$count(testimonials)).toBe(0);
  });

  it("are added once, however many processes start on a new database at once", async () => {
    await t.services.db.delete(testimonials);
    const seeds = Array.from({ length: 3 }, () => createTestimonialsService(t.services.db).seedDefaults());
    await Promise.all(seeds);
    expect(await t.services.db.$count(testimonials)).toBe(4);
  });
});
