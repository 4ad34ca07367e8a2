import { AI_LIMIT_TEXT } from "@shared/messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startAiFakes } from "../../../../tests/factories/ai";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { caseMessages, usageCounters } from "../../db/schema";
import { utcDay } from "./usage.service";

const fakes = await startAiFakes();
const t = setupTestApp(fakes.env);

async function newCase(client: TestClient): Promise<string> {
  return (await (await client.post("/api/cases", {})).json()).case.id;
}

async function tokensToday(userId: string): Promise<number> {
  const [row] = await t.services.db
    .select()
    .from(usageCounters)
    .where(
      and(eq(usageCounters.userId, userId), eq(usageCounters.metric, "ai_tokens"), eq(usageCounters.period, utcDay())),
    );
  return row?.count ?? 0;
}

async function storedQuestions(caseId: string): Promise<string[]> {
  const rows = await t.services.db.select().from(caseMessages).where(eq(caseMessages.caseId, caseId));
  return rows.filter((r) => r.isUser).map((r) => r.content);
}

describe("AI usage per member", () => {
  it("counts the tokens the providers report, for answers, regenerations and comparison previews", async () => {
    fakes.openai.reset();
    fakes.anthropic.reset();
    const { client, id } = await t.member();
    const caseId = await newCase(client);
    const sent = await client.post(`/api/cases/${caseId}/messages`, { content: "What is small claims court?" });
    const done = parseSse(await sent.text()).find((e) => e.event === "done");
    const afterAnswer = await tokensToday(id);
    expect(afterAnswer).toBeGreaterThan(0);
    const [stored] = await t.services.db.select().from(caseMessages).where(eq(caseMessages.id, done?.data.message.id));
    expect(afterAnswer).toBe(stored?.totalTokens);

    const regenerated = await client.post(`/api/cases/${caseId}/regenerate`, {});
    expect(regenerated.status).toBe(200);
    await regenerated.text();
    const afterRegenerate = await tokensToday(id);
    expect(afterRegenerate).toBeGreaterThan(afterAnswer);

    const preview = await client.post(`/api/cases/${caseId}/comparisons`, { content: "y".repeat(150) });
    expect(preview.status).toBe(200);
    expect(await tokensToday(id)).toBeGreaterThan(afterRegenerate);
  });

  it("refuses AI calls over the daily token cap with 429 and when it resets, and keeps the message", async () => {
    const { client, id } = await t.member();
    const caseId = await newCase(client);
    await t.services.db
      .insert(usageCounters)
      .values({ userId: id, metric: "ai_tokens", period: utcDay(), count: 10_000 });
    fakes.openai.reset();
    const response = await client.post(`/api/cases/${caseId}/messages`, { content: "Is my lease still valid?" });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const { error } = await response.json();
    expect(error.code).toBe("AI_LIMITED");
    expect(error.message).toContain("You've used today's AI allowance (10,000 tokens). It resets at midnight UTC, in ");
    expect(error.message).toContain(AI_LIMIT_TEXT.messageKept);
    expect(fakes.openai.requests).toHaveLength(0);
    expect(await storedQuestions(caseId)).toEqual(["Is my lease still valid?"]);
    // The reply slot is free again: the case is not left "answering".
    expect((await (await client.get(`/api/cases/${caseId}`)).json()).case.replying).toBe(false);

    // The cap follows the admin's AI settings.
    await t.services.settings.update("ai", { freeDailyTokenCap: 20_000 }, {});
    expect((await client.post(`/api/cases/${caseId}/messages`, { content: "And now?" })).status).toBe(200);
  });

  it("gives Premium members their own, larger cap", async () => {
    const { client, id } = await t.member({ premium: true });
    const caseId = await newCase(client);
    await t.services.db
      .insert(usageCounters)
      .values({ userId: id, metric: "ai_tokens", period: utcDay(), count: 50_000 });
    const ok = await client.post(`/api/cases/${caseId}/messages`, { content: "First question" });
    expect(ok.status).toBe(200);
    await ok.text();
    await t.services.db.update(usageCounters).set({ count: 100_000 }).where(eq(usageCounters.userId, id));
    const refused = await client.post(`/api/cases/${caseId}/messages`, { content: "Second question" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).not.toContain("Premium members");
  });

  it("limits AI calls per minute (default 20, from the settings), comparisons and regenerations included", async () => {
    await t.services.settings.update("ai", { aiCallsPerMinute: 3 }, {});
    const { client } = await t.member({ premium: true });
    const caseId = await newCase(client);
    for (const question of ["One?", "Two?"]) {
      const ok = await client.post(`/api/cases/${caseId}/messages`, { content: question });
      expect(ok.status).toBe(200);
      await ok.text();
    }
    // A comparison asks two providers: two calls, one over the limit.
    const comparison = await client.post(`/api/cases/${caseId}/comparisons`, { content: "z".repeat(150) });
    expect(comparison.status).toBe(429);
    expect(Number(comparison.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(comparison.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const refused = await client.post(`/api/cases/${caseId}/messages`, { content: "Three?" });
    expect(refused.status).toBe(429);
    const { error } = await refused.json();
    expect(error.code).toBe("AI_LIMITED");
    expect(error.message).toContain("(3 a minute)");
    expect(await storedQuestions(caseId)).toContain("Three?");
    expect((await client.post(`/api/cases/${caseId}/regenerate`, {})).status).toBe(429);
  });

  it("counts no AI call for a message refused before it is stored", async () => {
    await t.services.settings.update("ai", { aiCallsPerMinute: 2 }, {});
    const { client } = await t.member();
    const archived = await newCase(client);
    expect((await client.post(`/api/cases/${archived}/archive`)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await client.post(`/api/cases/${archived}/messages`, { content: `Still there ${i}?` })).status).toBe(409);
    }
    // The three refused messages called no provider: the minute's two calls are still there.
    const caseId = await newCase(client);
    for (const question of ["One?", "Two?"]) {
      const ok = await client.post(`/api/cases/${caseId}/messages`, { content: question });
      expect(ok.status, question).toBe(200);
      await ok.text();
    }
    expect((await client.post(`/api/cases/${caseId}/messages`, { content: "Three?" })).status).toBe(429);
  });

  it("never counts the offline assistant's answers", async () => {
    await t.services.settings.update("ai", { aiCallsPerMinute: 600 }, {});
    fakes.openai.setMode({ kind: "error", status: 500 });
    fakes.anthropic.setMode({ kind: "error", status: 500 });
    const { client, id } = await t.member();
    const caseId = await newCase(client);
    const events = parseSse(await (await client.post(`/api/cases/${caseId}/messages`, { content: "Hello?" })).text());
    expect(events.find((e) => e.event === "done")?.data.message.aiProvider).toBe("offline");
    expect(await tokensToday(id)).toBe(0);
    fakes.openai.reset();
    fakes.anthropic.reset();
  });
});
