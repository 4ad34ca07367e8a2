import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { cases, user } from "../../db/schema";

/**
 * The first page of a member's cases list, kept in memory on the embedded engine: every change to
 * the member's cases, whoever makes it and however, shows on the very next read. On PostgreSQL
 * nothing is kept and the same must hold.
 */
const t = setupTestApp();
const embedded = () => t.services.database.kind === "pglite";

async function firstPage(client: TestClient) {
  const response = await client.get("/api/cases");
  expect(response.status).toBe(200);
  return (await response.json()) as {
    items: Array<{ id: string; title: string; status: string; messageCount: number; replying: boolean }>;
  };
}

describe("the first page of the cases list", () => {
  it("is kept on the embedded engine only, one entry per member", async () => {
    const { client } = await t.member();
    await client.post("/api/cases", { title: "Kept" });
    const before = t.services.casesFirstPages?.size ?? 0;
    expect((await firstPage(client)).items.map((c) => c.title)).toEqual(["Kept"]);
    expect((await firstPage(client)).items.map((c) => c.title)).toEqual(["Kept"]);
    if (embedded()) expect(t.services.casesFirstPages?.size).toBe(before + 1);
    else expect(t.services.casesFirstPages).toBeNull();
  });

  it("shows the member's own new case, message, archive and restore at once", async () => {
    const { client } = await t.member();
    const a = (await (await client.post("/api/cases", { title: "First" })).json()).case.id as string;
    expect((await firstPage(client)).items.map((c) => c.title)).toEqual(["First"]);
    await client.post("/api/cases", { title: "Second" });
    expect((await firstPage(client)).items.map((c) => c.title)).toEqual(["Second", "First"]);
    parseSse(await (await client.post(`/api/cases/${a}/messages`, { content: "My landlord kept my deposit" })).text());
    const talked = (await firstPage(client)).items;
    expect(talked.map((c) => c.title)).toEqual(["First", "Second"]);
    expect(talked[0]?.messageCount).toBe(3);
    expect((await client.post(`/api/cases/${a}/archive`)).status).toBe(200);
    expect((await firstPage(client)).items.find((c) => c.id === a)?.status).toBe("archived");
    expect((await client.post(`/api/cases/${a}/restore`)).status).toBe(200);
    expect((await firstPage(client)).items.find((c) => c.id === a)?.status).toBe("active");
  });

  it("shows an administrator's change, a change made in the database, and an emptied table at once", async () => {
    const { client } = await t.member();
    const id = (await (await client.post("/api/cases", { title: "Watched" })).json()).case.id as string;
    expect((await firstPage(client)).items[0]?.status).toBe("active");

    const admin = await t.admin();
    expect((await admin.post(`/api/admin/cases/${id}/toggle-status`)).status).toBe(200);
    expect((await firstPage(client)).items[0]?.status).not.toBe("active");

    await t.services.db.update(cases).set({ title: "Renamed below" }).where(eq(cases.id, id));
    expect((await firstPage(client)).items[0]?.title).toBe("Renamed below");

    await t.services.db.delete(cases).where(eq(cases.id, id));
    expect((await firstPage(client)).items).toEqual([]);

    await client.post("/api/cases", { title: "Again" });
    expect((await firstPage(client)).items.map((c) => c.title)).toEqual(["Again"]);
    await t.services.db.execute(sql`truncate table cases cascade`);
    expect((await firstPage(client)).items).toEqual([]);
  });

  it("is another member's business: one member's change leaves the other's page right", async () => {
    const a = await t.member();
    const b = await t.member();
    await a.client.post("/api/cases", { title: "A's case" });
    await b.client.post("/api/cases", { title: "B's case" });
    expect((await firstPage(a.client)).items.map((c) => c.title)).toEqual(["A's case"]);
    expect((await firstPage(b.client)).items.map((c) => c.title)).toEqual(["B's case"]);
    await a.client.post("/api/cases", { title: "A's second" });
    expect((await firstPage(b.client)).items.map((c) => c.title)).toEqual(["B's case"]);
    expect((await firstPage(a.client)).items.map((c) => c.title)).toEqual(["A's second", "A's case"]);
    // A deleted member's cases go with them (a cascade), announced like any other delete.
    await t.services.db.delete(user).where(eq(user.id, a.id));
    expect(t.services.casesFirstPages?.get(a.id)).toBeUndefined();
  });

  it("stops showing a reply as running the moment it is taken as abandoned, kept or not", async () => {
    const { client } = await t.member();
    const id = (await (await client.post("/api/cases", { title: "Replying" })).json()).case.id as string;
    const { responseTimeout } = (await t.services.settings.get()).ai;
    const abandonedAfterMs = (responseTimeout * 3 + 60) * 1000;
    // A reply that started long enough ago to be taken as abandoned in about a second.
    const startedAt = new Date(Date.now() - abandonedAfterMs + 1_000);
    await t.services.db.update(cases).set({ replyStartedAt: startedAt }).where(eq(cases.id, id));
    expect((await firstPage(client)).items[0]?.replying).toBe(true);
    expect((await firstPage(client)).items[0]?.replying).toBe(true);
    await new Promise((r) => setTimeout(r, startedAt.getTime() + abandonedAfterMs - Date.now() + 50));
    expect((await firstPage(client)).items[0]?.replying).toBe(false);
  });
});
