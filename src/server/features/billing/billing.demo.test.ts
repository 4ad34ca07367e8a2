import { BILLING_TEXT } from "@shared/messages";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { appLogs, checkoutSessions, subscriptions } from "../../db/schema";
import { DEMO_CARD_TEXT } from "./demo-card";

// No Stripe variables: LawGuide's own test checkout.
const t = setupTestApp();

const SUCCESS = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };
const DECLINED = { ...SUCCESS, cardNumber: "4000 0000 0000 0002" };

async function startCheckout(client: TestClient, planId: "basic" | "premium" = "premium") {
  const response = await client.post("/api/billing/checkout", { planId });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/checkout\/demo\/demo_/);
  return url.split("/").pop() ?? "";
}

const rowOf = async (userId: string) =>
  (await t.services.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe("the demo checkout", () => {
  it("takes the success card: Premium at once, with the 7-day trial the first time only", async () => {
    const { client, id } = await t.member();
    const sessionId = await startCheckout(client);
    const page = await (await client.get(`/api/billing/demo/${sessionId}`)).json();
    expect(page).toMatchObject({ planId: "premium", name: "Premium Solutions", priceCents: 2999, trialDays: 7 });
    const paid = await client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS);
    expect(paid.status).toBe(200);
    expect((await paid.json()).url).toBe(`/checkout/success?session_id=${sessionId}`);
    expect((await client.me())?.plan).toBe("premium");
    const row = await rowOf(id);
    expect(row).toMatchObject({ source: "demo", plan: "premium", status: "trialing", paymentMethodLast4: "4242" });
    const days = ((row?.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const synced = await (await client.post("/api/billing/sync", { sessionId })).json();
    expect(synced).toMatchObject({ state: "complete", planId: "premium" });
    // Paying the same checkout twice is refused.
    expect((await client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS)).status).toBe(409);

    // Once the trial was used, a later subscription is paid from the start (30 days).
    await t.services.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, id));
    const again = await startCheckout(client);
    expect((await (await client.get(`/api/billing/demo/${again}`)).json()).trialDays).toBe(0);
    await client.post(`/api/billing/demo/${again}/pay`, SUCCESS);
    const renewed = await rowOf(id);
    expect(renewed?.status).toBe("active");
    expect(((renewed?.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
  });

  it("takes one payment when ten open checkouts are paid at once: the rest are refused, one receipt, the paid plan", async () => {
    const { client, id, email } = await t.member();
    const plans = ["basic", "premium", "basic", "premium", "basic", "premium", "basic", "premium", "basic", "premium"];
    const sessions: string[] = [];
    for (const planId of plans) sessions.push(await startCheckout(client, planId as "basic" | "premium"));
    const paid = await Promise.all(
      sessions.map((sessionId) => client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS)),
    );
    const statuses = paid.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 200),
      String(statuses),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const refused of paid.filter((r) => r.status === 409)) {
      expect((await refused.json()).error.message).toBe(BILLING_TEXT.alreadyPaid);
    }
    const winner = sessions[statuses.indexOf(200)] ?? "";
    const winnerPlan = plans[statuses.indexOf(200)];
    expect(await rowOf(id)).toMatchObject({ plan: winnerPlan, source: "demo" });
    expect((await client.me())?.plan).toBe(winnerPlan);
    const rows = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id));
    expect(rows.filter((r) => r.status === "complete").map((r) => r.id)).toEqual([winner]);
    const payments = await t.services.db
      .select()
      .from(appLogs)
      .where(and(eq(appLogs.userId, id), eq(appLogs.category, "payment")));
    expect(payments).toHaveLength(1);
    const receipts = (await t.outbox()).filter((m) => m.to === email && m.subject.includes("payment"));
    expect(receipts.length).toBeLessThanOrEqual(1);

    // A checkout opened after that payment changes the plan (an upgrade or a downgrade), and is the newest payment.
    const other = winnerPlan === "basic" ? "premium" : "basic";
    const change = await startCheckout(client, other);
    expect((await client.post(`/api/billing/demo/${change}/pay`, SUCCESS)).status).toBe(200);
    expect((await client.me())?.plan).toBe(other);
    // The checkouts left open from before it are refused too.
    const stale = sessions.find((sessionId) => sessionId !== winner) ?? "";
    expect((await client.post(`/api/billing/demo/${stale}/pay`, SUCCESS)).status).toBe(409);
    expect((await client.me())?.plan).toBe(other);
  });

  it("declines the decline card with its text and leaves the member on Free; refuses any other card", async () => {
    const { client, id } = await t.member();
    const sessionId = await startCheckout(client);
    const invalid = await client.post(`/api/billing/demo/${sessionId}/pay`, {
      ...SUCCESS,
      cardNumber: "4111 1111 1111 1111",
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toMatchObject({
      message: DEMO_CARD_TEXT.testCardsOnly,
      fields: { cardNumber: DEMO_CARD_TEXT.testCardsOnly },
    });
    const expired = await client.post(`/api/billing/demo/${sessionId}/pay`, { ...SUCCESS, expiry: "01/20" });
    expect(expired.status).toBe(400);
    const declined = await client.post(`/api/billing/demo/${sessionId}/pay`, DECLINED);
    expect(declined.status).toBe(402);
    expect((await declined.json()).error.message).toBe(BILLING_TEXT.cardDeclined);
    expect((await client.me())?.plan).toBe("free");
    expect(await rowOf(id)).toBeUndefined();
    const [session] = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.status).toBe("declined");
    expect((await (await client.post("/api/billing/sync", { sessionId })).json()).state).toBe("failed");
  });

  it("lets the member try again after a decline: a new checkout of the same plan, with the trial still offered", async () => {
    const { client } = await t.member();
    const declined = await startCheckout(client);
    expect((await client.post(`/api/billing/demo/${declined}/pay`, DECLINED)).status).toBe(402);
    // The declined checkout has ended; paying it again is refused, whatever the card.
    const again = await client.post(`/api/billing/demo/${declined}/pay`, SUCCESS);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(BILLING_TEXT.checkoutEnded);
    // Trying again opens a new checkout of the same plan, still with the free trial, and it is paid.
    const retry = await startCheckout(client);
    expect(retry).not.toBe(declined);
    expect(await (await client.get(`/api/billing/demo/${retry}`)).json()).toMatchObject({
      planId: "premium",
      trialDays: 7,
      state: "open",
    });
    expect((await client.post(`/api/billing/demo/${retry}/pay`, SUCCESS)).status).toBe(200);
    expect((await client.me())?.plan).toBe("premium");
  });

  it("answers an empty form with what each field needs, beside each field, and leaves the checkout open", async () => {
    const { client } = await t.member();
    const sessionId = await startCheckout(client);
    const required = {
      cardNumber: DEMO_CARD_TEXT.cardNumberRequired,
      expiry: DEMO_CARD_TEXT.expiryRequired,
      cvc: DEMO_CARD_TEXT.cvcRequired,
    };
    for (const body of [
      { cardNumber: "", expiry: "", cvc: "", name: "" },
      { cardNumber: "   ", expiry: " ", cvc: "\t" },
      { cardNumber: null, expiry: null, cvc: null, name: null },
      {},
    ]) {
      const response = await client.post(`/api/billing/demo/${sessionId}/pay`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await response.json();
      expect(error.message, JSON.stringify(body)).toBe(DEMO_CARD_TEXT.cardNumberRequired);
      expect(error.fields, JSON.stringify(body)).toEqual(required);
    }
    // One field left empty: only that field is named; the others are checked by their own rules.
    const noCvc = await client.post(`/api/billing/demo/${sessionId}/pay`, { ...SUCCESS, cvc: "", expiry: "13/34" });
    expect((await noCvc.json()).error.fields).toEqual({
      cvc: DEMO_CARD_TEXT.cvcRequired,
      expiry: BILLING_TEXT.expiryInvalid,
    });
    // A value of the wrong kind is invalid, not missing.
    const wrongKind = await client.post(`/api/billing/demo/${sessionId}/pay`, {
      ...SUCCESS,
      cardNumber: 4242424242424242,
      name: 7,
    });
    expect((await wrongKind.json()).error.fields).toEqual({
      cardNumber: BILLING_TEXT.cardInvalid,
      name: DEMO_CARD_TEXT.nameInvalid,
    });
    const longName = await client.post(`/api/billing/demo/${sessionId}/pay`, { ...SUCCESS, name: "A".repeat(101) });
    expect((await longName.json()).error.fields).toEqual({ name: DEMO_CARD_TEXT.nameTooLong });
    const longCard = await client.post(`/api/billing/demo/${sessionId}/pay`, {
      ...SUCCESS,
      cardNumber: "4".repeat(41),
    });
    expect((await longCard.json()).error.fields).toEqual({ cardNumber: BILLING_TEXT.cardInvalid });
    // None of that ended the checkout: the test card still pays it.
    expect((await client.post(`/api/billing/demo/${sessionId}/pay`, { ...SUCCESS, name: null })).status).toBe(200);
  });

  it("never answers a card form with a server error, whatever it holds", async () => {
    const { client } = await t.member();
    const sessionId = await startCheckout(client);
    const path = `/api/billing/demo/${sessionId}/pay`;
    for (const body of ["", "{", "null", "[]", '"4242"', "42", '{"cardNumber":{"$gt":""}}']) {
      const response = await client.request(path, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
    }
    const field = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.constantFrom("4000 0000 0000 0002", "4242-4242-4242-4242", "12/34", "00/00", "99/99", "123", "12345"),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ cardNumber: field, expiry: field, cvc: field, name: field }, { requiredKeys: [] }),
        async (body) => {
          const response = await client.post(path, body);
          // A card that pays (or a decline) ends this checkout; anything else is refused as invalid.
          expect([200, 400, 402, 409], JSON.stringify(body)).toContain(response.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is the member's own: another member can neither see nor pay it", async () => {
    const { client } = await t.member();
    const sessionId = await startCheckout(client);
    const { client: other } = await t.member();
    expect((await other.get(`/api/billing/demo/${sessionId}`)).status).toBe(404);
    expect((await other.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS)).status).toBe(404);
    expect((await other.me())?.plan).toBe("free");
    expect((await t.client().post("/api/billing/checkout", { planId: "premium" })).status).toBe(401);
  });

  it("cancels at the end of the period and resumes; a cancelled period that has ended is Free", async () => {
    const { client, id } = await t.member();
    await client.post(`/api/billing/demo/${await startCheckout(client)}/pay`, SUCCESS);
    const cancelled = await (await client.post("/api/billing/cancel", {})).json();
    expect(cancelled).toMatchObject({ plan: "premium", subscription: { cancelAtPeriodEnd: true } });
    const resumed = await (await client.post("/api/billing/resume", {})).json();
    expect(resumed.subscription.cancelAtPeriodEnd).toBe(false);
    await client.post("/api/billing/cancel", {});
    await t.services.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, id));
    expect((await client.me())?.plan).toBe("free");
    const status = await (await client.get("/api/billing/status")).json();
    expect(status).toMatchObject({ plan: "free", subscription: { status: "canceled" } });
  });

  it("has no webhook (404) and no portal in demo mode", async () => {
    const response = await t.client().request("/api/billing/webhook", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    const { client } = await t.member();
    expect((await client.post("/api/billing/portal", {})).status).toBe(409);
  });
});

describe("the Basic plan", () => {
  it("allows 30 messages per case, enforced by the server, and previews in the comparison", async () => {
    await t.services.settings.update("ai", { aiCallsPerMinute: 100 }, {});
    const { client } = await t.member();
    await client.post(`/api/billing/demo/${await startCheckout(client, "basic")}/pay`, SUCCESS);
    expect((await client.me())?.plan).toBe("basic");
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id as string;
    expect((await (await client.get(`/api/cases/${caseId}`)).json()).case).toMatchObject({
      messageLimit: 30,
      remaining: 30,
    });
    for (let i = 0; i < 30; i++) {
      const sent = await client.post(`/api/cases/${caseId}/messages`, { content: `Question ${i}` });
      expect(sent.status, `message ${i + 1}`).toBe(200);
      parseSse(await sent.text());
    }
    const refused = await client.post(`/api/cases/${caseId}/messages`, { content: "One more" });
    expect(refused.status).toBe(402);
    const comparison = await client.post(
      `/api/cases/${(await (await client.post("/api/cases", {})).json()).case.id}/comparisons`,
      {
        content: "x".repeat(150),
      },
    );
    expect((await comparison.json()).comparison.mode).toBe("preview");
  });

  it("tells a member once, two days ahead, that their demo trial is about to end", async () => {
    const { client, id, email } = await t.member();
    const sessionId = await startCheckout(client);
    await client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS);
    const reminders = async () => (await t.outbox()).filter((m) => m.to === email && m.subject.includes("trial ends"));

    // Seven days left: too early.
    expect(await t.services.billing.remindEndingTrials()).toBe(0);
    // A day and a half left: told, with the day it ends.
    const endsAt = new Date(Date.now() + 36 * 3_600_000);
    await t.services.db.update(subscriptions).set({ currentPeriodEnd: endsAt }).where(eq(subscriptions.userId, id));
    expect(await t.services.billing.remindEndingTrials()).toBe(1);
    const day = endsAt.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    expect((await reminders()).map((m) => m.subject)).toEqual([`Your LawGuide Premium Solutions trial ends on ${day}`]);
    // Never twice.
    expect(await t.services.billing.remindEndingTrials()).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });
});
