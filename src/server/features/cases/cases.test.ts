import { CASE_TEXT } from "@shared/messages";
import { LIST_CURSOR_MESSAGE, TEXT_RULE_MESSAGE } from "@shared/schemas/text";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { attorneyReferrals, cases } from "../../db/schema";

// No provider keys: the offline assistant answers (instantly in tests).
const t = setupTestApp();

describe("cases", () => {
  it("start as 'New Legal Consultation' with the spec's description", async () => {
    const { client } = await t.member();
    const response = await client.post("/api/cases", {});
    expect(response.status).toBe(201);
    expect((await response.json()).case).toMatchObject({
      title: "New Legal Consultation",
      description: "I need legal assistance with my situation.",
      status: "active",
      messageCount: 0,
      remaining: 10,
      messageLimit: 10,
    });
  });

  it("refuse a title or message holding C1 controls or bidirectional overrides, and store nothing", async () => {
    const { client } = await t.member();
    for (const hidden of ["\u009b", "\u202e", "\u2066", "\u0085"]) {
      const titled = await client.post("/api/cases", { title: `Deposit${hidden}tisoped` });
      expect(titled.status, JSON.stringify(hidden)).toBe(400);
      expect((await titled.json()).error.message).toBe(TEXT_RULE_MESSAGE);
    }
    const created = (await (await client.post("/api/cases", { title: "Deposit" })).json()).case;
    const message = await client.post(`/api/cases/${created.id}/messages`, { content: "Hello \u202egnihtemos" });
    expect(message.status).toBe(400);
    const listed = (await (await client.get("/api/cases")).json()).items as Array<{ title: string }>;
    expect(listed.map((c) => c.title)).toEqual(["Deposit"]);
    // A right-to-left mark, which Hebrew or Arabic writing needs, is kept.
    expect((await client.post("/api/cases", { title: "שכירות\u200f" })).status).toBe(201);
  });

  it("reuse the member's newest untouched case for New Chat instead of adding another", async () => {
    const { client } = await t.member();
    const first = await client.post("/api/cases", {});
    expect(first.status).toBe(201);
    const firstId = (await first.json()).case.id;
    const again = await client.post("/api/cases", {});
    expect(again.status).toBe(200);
    expect((await again.json()).case).toMatchObject({ id: firstId, title: "New Legal Consultation", messageCount: 0 });
    // Another member's untouched case is theirs alone.
    const { client: other } = await t.member();
    expect((await (await other.post("/api/cases", {})).json()).case.id).not.toBe(firstId);
    // Once it has a message, or is archived, or was made with words of its own, New Chat makes a new one.
    parseSse(
      await (await client.post(`/api/cases/${firstId}/messages`, { content: "Is a verbal lease binding?" })).text(),
    );
    const afterMessage = await client.post("/api/cases", {});
    expect(afterMessage.status).toBe(201);
    const secondId = (await afterMessage.json()).case.id;
    expect(secondId).not.toBe(firstId);
    expect((await client.post(`/api/cases/${secondId}/archive`)).status).toBe(200);
    const afterArchive = await client.post("/api/cases", {});
    expect(afterArchive.status).toBe(201);
    const titled = await client.post("/api/cases", { title: "My deposit" });
    expect(titled.status).toBe(201);
    expect((await titled.json()).case.id).not.toBe((await afterArchive.json()).case.id);
    const list = await (await client.get("/api/cases")).json();
    expect(list.items.filter((c: { messageCount: number }) => c.messageCount === 0)).toHaveLength(3);
  });

  it("list a member's own cases, newest activity first, in pages with counters from the row", async () => {
    const { client, id } = await t.member();
    const { client: other } = await t.member();
    await other.post("/api/cases", { title: "Not mine" });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push((await (await client.post("/api/cases", { title: `Case ${i}` })).json()).case.id);
    // Activity moves a case to the top.
    const talked = ids[3] ?? "";
    const reply = await client.post(`/api/cases/${talked}/messages`, { content: "Question about my lease" });
    parseSse(await reply.text());

    const first = await (await client.get("/api/cases")).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      id: talked,
      messageCount: 3,
      userMessageCount: 1,
      category: "Housing & Tenancy",
    });
    expect(first.items[0].lastMessageAt).not.toBeNull();
    expect(first.nextCursor).toBeTruthy();
    const second = await (await client.get(`/api/cases?cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((c: { id: string }) => c.id);
    expect(new Set(all).size).toBe(25);
    expect(all.sort()).toEqual([...ids].sort());
    const [row] = await t.services.db.select().from(cases).where(eq(cases.id, talked));
    expect(row?.userId).toBe(id);
    // A cursor that is not ours is refused with the list's text, crafted ones included.
    const crafted = Buffer.from(JSON.stringify({ ts: "garbage", id: "-".repeat(36) })).toString("base64url");
    const outOfRange = Buffer.from(JSON.stringify({ ts: "2026-02-30 10:00:00+00", id: ids[0] })).toString("base64url");
    for (const cursor of ["garbage!", crafted, outOfRange]) {
      const response = await client.get(`/api/cases?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect((await response.json()).error.message).toBe(LIST_CURSOR_MESSAGE);
    }
  });

  it("search a member's own cases by title or description, case-insensitive, a page at a time", async () => {
    const { client } = await t.member();
    const { client: other } = await t.member();
    await other.post("/api/cases", { title: "Landlord kept the deposit" });
    await client.post("/api/cases", { title: "Security DEPOSIT not returned" });
    await client.post("/api/cases", { title: "Overtime", description: "My employer kept my deposit of wages" });
    await client.post("/api/cases", { title: "Will for my kids" });
    await client.post("/api/cases", { title: "100% refund promised" });
    for (let i = 0; i < 22; i++) await client.post("/api/cases", { title: `Deposit question ${i}` });

    const titles = async (q: string) => {
      const out: string[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
        const page = await (await client.get(`/api/cases?${query}`)).json();
        out.push(...page.items.map((c: { title: string }) => c.title));
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };
    const deposit = await titles("deposit");
    expect(deposit).toHaveLength(24);
    expect(deposit).toEqual(expect.arrayContaining(["Security DEPOSIT not returned", "Overtime"]));
    expect(deposit).not.toContain("Landlord kept the deposit");
    // LIKE's wildcards are taken literally.
    expect(await titles("100%")).toEqual(["100% refund promised"]);
    expect(await titles("%")).toEqual(["100% refund promised"]);
    expect(await titles("nothing like this")).toEqual([]);
    expect((await client.get(`/api/cases?q=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("search finds a case by the member's own messages, not by the assistant's words", async () => {
    const { client } = await t.member();
    const { client: other } = await t.member();
    const mine = (await (await client.post("/api/cases", {})).json()).case.id;
    await (
      await client.post(`/api/cases/${mine}/messages`, {
        content: "My landlord in Fresno will not give back what I paid",
      })
    ).text();
    await (await client.post(`/api/cases/${mine}/messages`, { content: "It was a security deposit of $1,800" })).text();
    const theirs = (await (await other.post("/api/cases", {})).json()).case.id;
    await (await other.post(`/api/cases/${theirs}/messages`, { content: "Where is my deposit?" })).text();
    const search = async (q: string) =>
      (await (await client.get(`/api/cases?q=${encodeURIComponent(q)}`)).json()).items.map((c: { id: string }) => c.id);
    expect(await search("DEPOSIT")).toEqual([mine]);
    // The offline assistant's answer speaks of "small claims"; the member never wrote it.
    expect(await search("small claims")).toEqual([]);
  });

  it("archive and restore, and an archived case takes no messages", async () => {
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    const archived = await client.post(`/api/cases/${caseId}/archive`);
    expect((await archived.json()).case.status).toBe("archived");
    expect((await client.post(`/api/cases/${caseId}/archive`)).status).toBe(409);
    const refused = await client.post(`/api/cases/${caseId}/messages`, { content: "Hello?" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "This case is archived. Restore it to continue the conversation.",
    );
    // Nor does it start a comparison: both answers would be written for nothing.
    const compared = await client.post(`/api/cases/${caseId}/comparisons`, {
      content:
        "Can my landlord keep my whole security deposit for ordinary wear and tear after I move out of the flat?",
    });
    expect(compared.status).toBe(409);
    expect((await compared.json()).error.message).toBe(CASE_TEXT.archived);
    const restored = await client.post(`/api/cases/${caseId}/restore`);
    expect((await restored.json()).case.status).toBe("active");
    expect((await client.post(`/api/cases/${caseId}/restore`)).status).toBe(409);
  });

  it("refer an active case to an attorney: status referred and a pending referral, once", async () => {
    const { client, id } = await t.member();
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    const response = await client.post(`/api/cases/${caseId}/referral`);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.message).toBe(CASE_TEXT.referralSuccess);
    expect(body.case.status).toBe("referred");
    const referrals = await t.services.db.select().from(attorneyReferrals).where(eq(attorneyReferrals.caseId, caseId));
    expect(referrals).toHaveLength(1);
    expect(referrals[0]).toMatchObject({ userId: id, status: "pending" });
    const again = await client.post(`/api/cases/${caseId}/referral`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("This case has already been referred to an attorney.");
    // A referred case can still be discussed with the assistant.
    const message = await client.post(`/api/cases/${caseId}/messages`, { content: "What happens next?" });
    expect(message.status).toBe(200);
    await message.text();
  });

  it("answer with the offline assistant when no provider is configured, comparisons included", async () => {
    const { client } = await t.member({ premium: true });
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    const events = parseSse(
      await (await client.post(`/api/cases/${caseId}/messages`, { content: "How do I form an LLC?" })).text(),
    );
    const done = events.find((e) => e.event === "done");
    expect(done?.data.message).toMatchObject({ aiProvider: "offline", aiModel: "lawguide-offline" });
    expect(done?.data.message.content).toContain("limited liability company");

    const comparison = parseSse(
      await (await client.post(`/api/cases/${caseId}/comparisons`, { content: "And the taxes?" })).text(),
    );
    // With no provider on either side, the member is told at once that one offline answer stands
    // for both; it is written once (one stream of deltas) and either side can be kept.
    expect(comparison[0]).toMatchObject({ event: "comparison", data: { offline: true } });
    const sides = new Set(comparison.filter((e) => e.event === "delta").map((e) => e.data.side));
    expect([...sides]).toEqual(["anthropic"]);
    const answers = comparison.find((e) => e.event === "done")?.data.answers;
    expect(answers.map((a: { provider: string; confidence: number }) => [a.provider, a.confidence])).toEqual([
      ["offline", 85],
      ["offline", 82],
    ]);
    expect(answers[0].content).toBe(answers[1].content);
    const kept = await client.post(`/api/cases/${caseId}/comparisons/${comparison[0]?.data.id}/choose`, {
      side: "openai",
    });
    expect(kept.status).toBe(200);

    // A Free member's previews say the same.
    const free = await t.member();
    const freeCase = (await (await free.client.post("/api/cases", {})).json()).case.id;
    const preview = await free.client.post(`/api/cases/${freeCase}/comparisons`, {
      content:
        "My landlord in Texas kept my whole security deposit after I moved out. Is there a deadline to return it?",
    });
    const body = await preview.json();
    expect(body.comparison.offline).toBe(true);
    expect(body.comparison.answers[0].content).toContain("Security deposit return in Texas");
  });

  it("load older messages page by page", async () => {
    const { client } = await t.member({ premium: true });
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    for (let i = 0; i < 20; i++)
      await (await client.post(`/api/cases/${caseId}/messages`, { content: `Question ${i}` })).text();
    const latest = await (await client.get(`/api/cases/${caseId}/messages`)).json();
    expect(latest.items).toHaveLength(30);
    expect(latest.items.at(-1).isUser).toBe(false);
    expect(latest.items[0].content).toBe("Question 5");
    const older = await (await client.get(`/api/cases/${caseId}/messages?before=${latest.nextCursor}`)).json();
    expect(older.items).toHaveLength(10);
    expect(older.items[0].content).toBe("Question 0");
    expect(older.nextCursor).toBeNull();
  });
});
