import { CASE_TEXT } from "@shared/messages";
import { MESSAGE_CONTROL_CHARS_TEXT } from "@shared/schemas/cases";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { startAiFakes } from "../../../../tests/factories/ai";
import { type ParsedEvent, parseSse, streamedText } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { waitUntil } from "../../../../tests/factories/wait";
import { fakeAnswer } from "../../../../tests/fakes/ai-fakes";
import { appLogs, caseMessages, cases } from "../../db/schema";

const fakes = await startAiFakes();
const t = setupTestApp(fakes.env);

async function newCase(client: TestClient, title?: string): Promise<string> {
  const response = await client.post("/api/cases", title ? { title } : {});
  expect(response.status).toBe(201);
  return (await response.json()).case.id;
}

/** A new member (a Premium one if asked) with a new, empty case. */
async function memberWithCase(options: { premium?: boolean } = {}) {
  const member = await t.member(options);
  return { ...member, caseId: await newCase(member.client) };
}

async function send(client: TestClient, caseId: string, content: string) {
  const response = await client.post(`/api/cases/${caseId}/messages`, { content });
  const events = response.ok ? parseSse(await response.text()) : [];
  return { response, events };
}

/**
 * Send a message and read its reply as it streams: `until` reads up to a given event (so a test
 * acts at a known point of the reply, not after a guessed time), `rest` to the end of the stream,
 * and `leave` stops reading it.
 */
async function openReply(client: TestClient, caseId: string, content: string) {
  const response = await client.post(`/api/cases/${caseId}/messages`, { content });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let text = "";
  // Only whole events (up to the last blank line) are parsed.
  const events = (): ParsedEvent[] => {
    const end = text.lastIndexOf("\n\n");
    return end < 0 ? [] : parseSse(text.slice(0, end));
  };
  return {
    async until(event: string): Promise<ParsedEvent[]> {
      while (!events().some((e) => e.event === event)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before a ${event} event`);
        text += decoder.decode(value, { stream: true });
      }
      return events();
    },
    async rest(): Promise<ParsedEvent[]> {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return parseSse(text + decoder.decode());
        text += decoder.decode(value, { stream: true });
      }
    },
    /** Stop reading, as a member closing the page does. */
    async leave(): Promise<void> {
      await reader.cancel();
    },
  };
}

function reset() {
  fakes.openai.reset();
  fakes.anthropic.reset();
}

// Every test starts with fakes that answer at once, whichever test ran before it (a hanging or
// slow mode must not reach a test that does not set its own).
beforeEach(reset);

describe("sending a message", () => {
  it("stores the question, streams the answer of OpenAI first for a Free member, and stores it", async () => {
    const { client, id: userId, caseId } = await memberWithCase();
    const question = "Can my landlord keep my deposit for cleaning?";
    const { response, events } = await send(client, caseId, question);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(events[0]?.event).toBe("message");
    expect(events[0]?.data.message).toMatchObject({ content: question, isUser: true });
    expect(events.find((e) => e.event === "start")?.data).toMatchObject({ provider: "openai" });
    // The first piece is sent at once; pieces arriving together follow as one event.
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect(streamedText(events)).toBe(fakeAnswer("openai", question));
    const done = events.find((e) => e.event === "done");
    expect(done?.data.message).toMatchObject({
      isUser: false,
      aiProvider: "openai",
      content: fakeAnswer("openai", question),
    });
    expect(done?.data.case).toMatchObject({ messageCount: 3, userMessageCount: 1, remaining: 9, replying: false });
    expect(fakes.anthropic.requests).toHaveLength(0);

    const request = fakes.openai.requests[0]?.body;
    expect(request.model).toBe("gpt-5-mini");
    expect(request.max_completion_tokens).toBe(2000);
    expect(request.temperature).toBeUndefined();
    expect(request.user).toBe(userId);
    expect(request.messages[0].role).toBe("system");
    expect(request.messages[0].content).toContain("not legal advice");
    expect(request.messages[0].content).toContain(`Case reference: ${caseId}`);
    expect(request.messages.at(-1)).toEqual({ role: "user", content: question });

    const rows = await t.services.db.select().from(caseMessages).where(eq(caseMessages.caseId, caseId));
    expect(rows.map((r) => [r.isUser, r.kind])).toEqual(
      expect.arrayContaining([
        [true, "chat"],
        [false, "chat"],
      ]),
    );
    const answer = rows.find((r) => !r.isUser && r.kind === "chat");
    expect(answer?.totalTokens).toBeGreaterThan(0);
    const [row] = await t.services.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row).toMatchObject({
      userMessageCount: 1,
      title: "Can my landlord keep my deposit for cleaning?",
      category: "Housing & Tenancy",
    });
    expect(row?.replyStartedAt).toBeNull();
    expect(row?.lastMessageAt).not.toBeNull();

    const [log] = await t.services.db
      .select()
      .from(appLogs)
      .where(and(eq(appLogs.category, "ai"), eq(appLogs.userId, userId)));
    expect(log?.metadata).toMatchObject({ provider: "openai", model: "gpt-5-mini", caseId });
    expect(log?.metadata.latencyMs).toEqual(expect.any(Number));
    expect(log?.metadata.totalTokens).toEqual(expect.any(Number));
  });

  it("asks Anthropic first for a Premium member", async () => {
    const { client, caseId } = await memberWithCase({ premium: true });
    const { events } = await send(client, caseId, "What does a will need?");
    expect(events.find((e) => e.event === "done")?.data.message.aiProvider).toBe("anthropic");
    expect(fakes.openai.requests).toHaveLength(0);
    const body = fakes.anthropic.requests[0]?.body;
    expect(body).toMatchObject({ model: "claude-sonnet-5-5", max_tokens: 2000, temperature: 0.7 });
    expect(body.system).toContain("Never invent statutes");
  });

  it("refuses an empty message, and an unknown or another member's case with 404", async () => {
    const { client, caseId } = await memberWithCase();
    const empty = await client.post(`/api/cases/${caseId}/messages`, { content: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe("Please write a message first.");
    // PostgreSQL text cannot hold a NUL character: a clear 400, not a failed insert.
    const nul = await client.post(`/api/cases/${caseId}/messages`, { content: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect((await nul.json()).error.message).toBe(MESSAGE_CONTROL_CHARS_TEXT);
    expect((await (await client.get(`/api/cases/${caseId}`)).json()).case.messageCount).toBe(0);

    const { client: other } = await t.member();
    for (const [method, path] of [
      ["GET", `/api/cases/${caseId}`],
      ["GET", `/api/cases/${caseId}/messages`],
      ["POST", `/api/cases/${caseId}/messages`],
      ["POST", `/api/cases/${caseId}/archive`],
      ["POST", `/api/cases/${caseId}/restore`],
      ["POST", `/api/cases/${caseId}/referral`],
      ["POST", `/api/cases/${caseId}/regenerate`],
      ["POST", `/api/cases/${caseId}/stop`],
      ["POST", `/api/cases/${caseId}/comparisons`],
      ["GET", "/api/cases/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const response = await other.request(path, {
        method,
        ...(method === "POST" ? { json: { content: "Hello there" } } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).error.message).toBe(CASE_TEXT.notFound);
    }
    expect((await t.client().get(`/api/cases/${caseId}`)).status).toBe(401);
  });

  it("stops a Free member at message 11 of a case with 402, not a Premium member", async () => {
    const { client, caseId } = await memberWithCase();
    for (let i = 1; i <= 10; i++) {
      const { response, events } = await send(client, caseId, `Question number ${i}`);
      expect(response.status, `message ${i}`).toBe(200);
      expect(events.find((e) => e.event === "done")?.data.case.remaining).toBe(10 - i);
    }
    const refused = await client.post(`/api/cases/${caseId}/messages`, { content: "Question number 11" });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error).toEqual({
      code: "PLAN_LIMIT",
      message: "You've reached your message limit. Upgrade to Premium for unlimited messages.",
    });
    const [row] = await t.services.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row?.userMessageCount).toBe(10);

    // A new case starts again at 10; and Premium has no limit.
    const second = await newCase(client);
    expect((await send(client, second, "A new matter")).response.status).toBe(200);
    const { client: premium } = await t.member({ premium: true });
    const premiumCase = await newCase(premium);
    await t.services.db.update(cases).set({ userMessageCount: 25 }).where(eq(cases.id, premiumCase));
    expect((await send(premium, premiumCase, "Still going")).response.status).toBe(200);
  });

  it("follows the freeUserMessageLimit setting", async () => {
    await t.services.settings.update("ai", { freeUserMessageLimit: 2 }, {});
    const { client, caseId } = await memberWithCase();
    await send(client, caseId, "One");
    await send(client, caseId, "Two");
    expect((await client.post(`/api/cases/${caseId}/messages`, { content: "Three" })).status).toBe(402);
  });
});

describe("providers failing", () => {
  it("falls back to Anthropic on a persistent 500, logging the failure", async () => {
    fakes.openai.setMode({ kind: "error", status: 500 });
    const { client, id, caseId } = await memberWithCase();
    const { events } = await send(client, caseId, "Help with my lease");
    expect(events.find((e) => e.event === "done")?.data.message.aiProvider).toBe("anthropic");
    expect(fakes.openai.requests.length).toBe(3); // the first try and the SDK's two retries
    const logs = await t.services.db
      .select()
      .from(appLogs)
      .where(and(eq(appLogs.category, "ai"), eq(appLogs.userId, id)));
    expect(logs.map((l) => [l.level, l.metadata.provider])).toEqual(
      expect.arrayContaining([
        ["warn", "openai"],
        ["info", "anthropic"],
      ]),
    );
    expect(logs.find((l) => l.level === "warn")?.message).toBe("Failed to get response from OpenAI");
  });

  it("waits out a 429 with retry-after and keeps the same provider", async () => {
    fakes.openai.setMode({ kind: "rate-limit", retryAfterSeconds: 1, times: 1 });
    const { client, caseId } = await memberWithCase();
    const { events } = await send(client, caseId, "Rate limited question");
    expect(events.find((e) => e.event === "done")?.data.message.aiProvider).toBe("openai");
    expect(fakes.openai.requests).toHaveLength(2);
  });

  it("drops a broken stream, says so, and lets the next provider answer", async () => {
    fakes.openai.setMode({ kind: "broken-stream", afterTokens: 4 });
    const { client, caseId } = await memberWithCase();
    const question = "Broken stream question";
    const { events } = await send(client, caseId, question);
    expect(events.map((e) => e.event)).toContain("reset");
    expect(streamedText(events)).toBe(fakeAnswer("anthropic", question));
    const done = events.find((e) => e.event === "done");
    expect(done?.data.message).toMatchObject({ aiProvider: "anthropic", content: fakeAnswer("anthropic", question) });
  });

  it("cuts a hanging provider at the responseTimeout setting, not the SDK's 10 minutes", async () => {
    await t.services.settings.update("ai", { responseTimeout: 10 }, {});
    fakes.openai.setMode({ kind: "hang" });
    const { client, id, caseId } = await memberWithCase();
    // The deadline is a timer: on a fake clock it is reached by moving the clock, not by waiting
    // 10 s. Only setTimeout is faked; the database, the stop poll and the streaming keep real time.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldClearNativeTimers: true });
    // Giving up on a provider call is aborting it: seen at once, when the deadline's timer runs.
    const aborts = vi.spyOn(AbortController.prototype, "abort");
    const pending = send(client, caseId, "Hanging question");
    let settled = false;
    const settle = () => {
      settled = true;
    };
    pending.then(settle, settle);
    try {
      // The call to OpenAI is out (its deadline was set before it was sent) and hangs.
      await waitUntil(() => fakes.openai.requests.length === 1, { what: "the request to OpenAI" });
      // While the provider hangs, the member's message is already stored.
      const stored = await t.services.db.select().from(caseMessages).where(eq(caseMessages.caseId, caseId));
      expect(stored.map((m) => m.content)).toEqual(["Hanging question"]);
      // A millisecond before the deadline nothing has given up on OpenAI, and a second message
      // while the reply is being written is refused.
      await vi.advanceTimersByTimeAsync(9_999);
      expect(aborts).not.toHaveBeenCalled();
      const busy = await client.post(`/api/cases/${caseId}/messages`, { content: "Anyone there?" });
      expect(busy.status).toBe(409);
      expect(settled).toBe(false);
      expect(fakes.openai.requests).toHaveLength(1);
      expect(fakes.anthropic.requests).toHaveLength(0);
      // At the deadline the call is cut (the SDK's own default would be 10 minutes), by the idle
      // deadline of the setting: the SDK's own timeout would be retried, not logged as this.
      await vi.advanceTimersByTimeAsync(1);
      expect(aborts).toHaveBeenCalled();
      const failure = await waitUntil(
        async () =>
          (
            await t.services.db
              .select()
              .from(appLogs)
              .where(and(eq(appLogs.category, "ai"), eq(appLogs.userId, id), eq(appLogs.level, "warn")))
          )[0],
        { what: "OpenAI's failure in the log" },
      );
      expect(failure.metadata).toMatchObject({ provider: "openai" });
      expect(failure.metadata.error).toContain("no answer within 10 s");
    } finally {
      aborts.mockRestore();
      vi.useRealTimers();
    }
    const { events } = await pending;
    expect(events.find((e) => e.event === "done")?.data.message.aiProvider).toBe("anthropic");
  });

  it("answers with the offline assistant when every provider fails", async () => {
    fakes.openai.setMode({ kind: "error", status: 503 });
    fakes.anthropic.setMode({ kind: "error", status: 529 });
    const { client, caseId } = await memberWithCase();
    const { events } = await send(client, caseId, "My employer fired me without notice");
    const done = events.find((e) => e.event === "done");
    expect(done?.data.message.aiProvider).toBe("offline");
    expect(done?.data.message.content).toContain("not legal advice");
    expect(done?.data.message.content).toContain("at will");
  });
});

describe("stop and regenerate", () => {
  it("Stop keeps the partial answer marked as stopped", async () => {
    // After its first word the answer stalls (the next one would come 10 s later): Stop, sent once
    // that word has arrived, lands in the middle of the answer however slow the machine is.
    fakes.openai.setMode({ kind: "ok", tokenDelayMs: 10_000 });
    const { client, caseId } = await memberWithCase();
    const reply = await openReply(client, caseId, "A slow answer please");
    await reply.until("delta");
    const stop = await client.post(`/api/cases/${caseId}/stop`);
    expect(await stop.json()).toEqual({ stopping: true });
    const events = await reply.rest();
    const stopped = events.find((e) => e.event === "stopped");
    expect(stopped?.data.message).toMatchObject({ state: "stopped", aiProvider: "openai" });
    const partial: string = stopped?.data.message.content;
    expect(partial.length).toBeGreaterThan(0);
    expect(fakeAnswer("openai", "A slow answer please").startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(fakeAnswer("openai", "A slow answer please").length);
    expect(stopped?.data.case).toMatchObject({ replying: false, messageCount: 2 });
  });

  it("stops only the reply whose Stop was recorded by another server process", async () => {
    const { client } = await t.member();
    const stoppedCase = await newCase(client);
    const otherCase = await newCase(client, "Another case");
    // The reply to stop stalls after its first word (the next would come 10 s later), so it is
    // still being written when the poll finds its Stop, whenever that is.
    fakes.openai.setMode({ kind: "ok", tokenDelayMs: 10_000 });
    const stopped = await openReply(client, stoppedCase, "A slow answer to stop elsewhere");
    await stopped.until("delta");
    // The fake takes its mode when a request arrives: the other reply streams at its own pace.
    fakes.openai.setMode({ kind: "ok", tokenDelayMs: 40 });
    const other = await openReply(client, otherCase, "A slow answer to let finish");
    await other.until("delta");
    // What POST /stop writes when another process serves it: only the database knows.
    await t.services.db.update(cases).set({ replyStopRequestedAt: new Date() }).where(eq(cases.id, stoppedCase));
    const stoppedEvents = await stopped.rest();
    expect(stoppedEvents.find((e) => e.event === "stopped")?.data.message).toMatchObject({ state: "stopped" });
    expect(stoppedEvents.some((e) => e.event === "done")).toBe(false);
    const otherEvents = await other.rest();
    expect(otherEvents.find((e) => e.event === "done")?.data.message).toMatchObject({
      content: fakeAnswer("openai", "A slow answer to let finish"),
    });
  });

  it("finishes and stores the answer when the member leaves while it streams", async () => {
    fakes.openai.setMode({ kind: "ok", tokenDelayMs: 20 });
    const { client, caseId } = await memberWithCase();
    const question = "I will close the page while you answer";
    const reply = await openReply(client, caseId, question);
    await reply.until("delta");
    await reply.leave();

    // The reply goes on without the member: wait for its answer to be stored.
    const answer = await waitUntil(
      async () =>
        (
          await t.services.db
            .select({ content: caseMessages.content, state: caseMessages.state })
            .from(caseMessages)
            .where(and(eq(caseMessages.caseId, caseId), eq(caseMessages.isUser, false)))
        )[0],
      { what: "the stored answer" },
    );
    expect(answer).toEqual({ content: fakeAnswer("openai", question), state: "complete" });
    const [row] = await t.services.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row).toMatchObject({ messageCount: 2, replyStartedAt: null });
  });

  it("Regenerate replaces the last answer", async () => {
    const { client, caseId } = await memberWithCase();
    const { events } = await send(client, caseId, "First question");
    const firstAnswerId = events.find((e) => e.event === "done")?.data.message.id;
    fakes.openai.setMode({ kind: "ok", text: "A different, second answer." });
    const response = await client.post(`/api/cases/${caseId}/regenerate`);
    const regenerated = parseSse(await response.text());
    expect(regenerated[0]).toEqual({ event: "regenerating", data: { removedId: firstAnswerId } });
    expect(regenerated.find((e) => e.event === "done")?.data.message.content).toBe("A different, second answer.");
    const page = await (await client.get(`/api/cases/${caseId}/messages`)).json();
    expect(page.items.map((m: { content: string }) => m.content)).toEqual([
      "First question",
      "A different, second answer.",
    ]);
    const [row] = await t.services.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row?.messageCount).toBe(2);
    expect(row?.userMessageCount).toBe(1);
  });

  it("has nothing to regenerate in an empty case", async () => {
    const { client, caseId } = await memberWithCase();
    expect((await client.post(`/api/cases/${caseId}/regenerate`)).status).toBe(400);
    // and the case is free again afterwards
    expect((await send(client, caseId, "Hello")).response.status).toBe(200);
  });
});

describe("document offer", () => {
  it("follows a message with a keyword, once per case", async () => {
    const { client, caseId } = await memberWithCase();
    const first = await send(client, caseId, "I want to write my will");
    expect(first.events.find((e) => e.event === "done")?.data.followUp).toMatchObject({
      kind: "document_offer",
      content: expect.stringContaining("/dashboard/create"),
    });
    const second = await send(client, caseId, "And what about my estate?");
    expect(second.events.find((e) => e.event === "done")?.data.followUp).toBeNull();
    const other = await newCase(client);
    const plain = await send(client, other, "I will ask about parking tickets");
    expect(plain.events.find((e) => e.event === "done")?.data.followUp).toBeNull();
  });
});

describe("comparison", () => {
  const long =
    "My landlord has not returned my security deposit after I moved out six weeks ago, and he stopped answering my messages. What can I do?";

  it("gives a Free member 200-token previews of both providers, and nothing joins the conversation", async () => {
    const { client, caseId } = await memberWithCase();
    const response = await client.post(`/api/cases/${caseId}/comparisons`, { content: long });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.comparison.mode).toBe("preview");
    expect(body.comparison.answers.map((a: { side: string }) => a.side)).toEqual(["anthropic", "openai"]);
    for (const answer of body.comparison.answers) {
      expect(answer.confidence).toBeGreaterThanOrEqual(75);
      expect(answer.confidence).toBeLessThanOrEqual(94);
      expect(answer.reasoning).toBeTruthy();
    }
    expect(fakes.openai.requests[0]?.body.max_completion_tokens).toBe(200);
    expect(fakes.anthropic.requests[0]?.body.max_tokens).toBe(200);
    expect(fakes.anthropic.requests[0]?.body.system).toContain("Confidence: NN%");
    const choose = await client.post(`/api/cases/${caseId}/comparisons/${body.comparison.id}/choose`, {
      side: "openai",
    });
    expect(choose.status).toBe(402);
    const page = await (await client.get(`/api/cases/${caseId}/messages`)).json();
    expect(page.items).toHaveLength(0);
    // A short question from a Free member is a plain message, not a comparison.
    const short = await client.post(`/api/cases/${caseId}/comparisons`, { content: "Short one" });
    expect(short.status).toBe(409);
    expect((await short.json()).error.code).toBe("COMPARISON_OFF");
  });

  it("streams both full answers to a Premium member, who keeps one", async () => {
    fakes.anthropic.setMode({
      kind: "ok",
      text: "Confidence: 91% — deposit rules are well settled\n\nAnthropic's full answer about deposits.",
    });
    const { client, id, caseId } = await memberWithCase({ premium: true });
    const response = await client.post(`/api/cases/${caseId}/comparisons`, { content: "Deposit?" });
    const events = parseSse(await response.text());
    expect(events[0]?.event).toBe("comparison");
    const anthropicText = events
      .filter((e) => e.event === "delta" && e.data.side === "anthropic")
      .map((e) => e.data.text)
      .join("");
    expect(anthropicText).toBe("Anthropic's full answer about deposits.");
    const done = events.find((e) => e.event === "done");
    const anthropic = done?.data.answers.find((a: { side: string }) => a.side === "anthropic");
    expect(anthropic).toMatchObject({
      confidence: 91,
      reasoning: "deposit rules are well settled",
      provider: "anthropic",
    });
    const openai = done?.data.answers.find((a: { side: string }) => a.side === "openai");
    expect(openai.confidence).toBeGreaterThanOrEqual(80);
    expect(openai.confidence).toBeLessThanOrEqual(89);
    expect(fakes.openai.requests[0]?.body.max_completion_tokens).toBe(2000);

    const comparisonId = events[0]?.data.id;
    const chosen = await client.post(`/api/cases/${caseId}/comparisons/${comparisonId}/choose`, { side: "anthropic" });
    expect(chosen.status).toBe(200);
    const result = await chosen.json();
    expect(result.messages.map((m: { content: string; isUser: boolean }) => [m.isUser, m.content])).toEqual([
      [true, "Deposit?"],
      [false, "Anthropic's full answer about deposits."],
    ]);
    expect(result.case).toMatchObject({ messageCount: 2, userMessageCount: 1 });
    const again = await client.post(`/api/cases/${caseId}/comparisons/${comparisonId}/choose`, { side: "openai" });
    expect(again.status).toBe(409);
    const votes = await t.services.db.query.comparisonVotes.findMany({ where: (v, { eq: e }) => e(v.userId, id) });
    expect(votes[0]).toMatchObject({ chosenProvider: "anthropic", otherProvider: "openai", question: "Deposit?" });
  });

  it("honours a Premium member's preference: long questions only, or never", async () => {
    const { client, caseId } = await memberWithCase({ premium: true });
    const prefs = { emailNotifications: true, pushNotifications: true, marketingEmails: false };
    expect((await client.put("/api/profile/preferences", { ...prefs, compareAnswers: "long" })).status).toBe(200);
    const short = await client.post(`/api/cases/${caseId}/comparisons`, { content: "Deposit?" });
    expect(short.status).toBe(409);
    expect((await short.json()).error.code).toBe("COMPARISON_OFF");
    const longOne = await client.post(`/api/cases/${caseId}/comparisons`, { content: long });
    expect(longOne.status).toBe(200);
    await longOne.text();
    expect((await client.put("/api/profile/preferences", { ...prefs, compareAnswers: "never" })).status).toBe(200);
    expect((await client.post(`/api/cases/${caseId}/comparisons`, { content: long })).status).toBe(409);
    // The plain answer is there instead.
    const plain = await client.post(`/api/cases/${caseId}/messages`, { content: long });
    expect(plain.status).toBe(200);
    await plain.text();
  });

  it("is off for everyone when the setting says so", async () => {
    await t.services.settings.update("ai", { enableComparison: false }, {});
    const { client, caseId } = await memberWithCase({ premium: true });
    expect((await client.post(`/api/cases/${caseId}/comparisons`, { content: long })).status).toBe(409);
  });
});
