import { BILLING_TEXT } from "@shared/messages";
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { startFakeStripe } from "../../../../tests/fakes/stripe-fake";
import { appLogs, checkoutSessions, stripeEvents, subscriptions, templatePurchases, user } from "../../db/schema";
import { applyStripeEvent, EVENT_MEMBER_GONE } from "./billing.queries";

const stripe = await startFakeStripe();
afterAll(() => stripe.close());
const t = setupTestApp({
  STRIPE_SECRET_KEY: "sk_test_lawguide",
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PRICE_BASIC: "price_basic_test",
  STRIPE_PRICE_PREMIUM: "price_premium_test",
  STRIPE_API_BASE: stripe.url,
});

beforeEach(() => stripe.reset());

async function deliver(event: { payload: string; signature: string }, signature = event.signature) {
  return t.client().request("/api/billing/webhook", {
    method: "POST",
    body: event.payload,
    headers: { "content-type": "application/json", "stripe-signature": signature, origin: "" },
  });
}

async function checkout(client: TestClient, planId: "basic" | "premium") {
  const response = await client.post("/api/billing/checkout", { planId });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sessionId = url.split("/").pop() ?? "";
  return { url, sessionId };
}

/** A member who paid: checkout, Stripe completes it and says so by webhook. */
async function subscribed(planId: "basic" | "premium" = "premium") {
  const member = await t.member();
  const { sessionId } = await checkout(member.client, planId);
  const sub = stripe.completeCheckout(sessionId);
  const response = await deliver(stripe.event("checkout.session.completed", stripe.sessionJson(sessionId)));
  expect(response.status).toBe(200);
  return { ...member, sessionId, sub };
}

/** A signed delivery of any payload, as Stripe would sign it. */
async function signed(payload: string) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
  return deliver({ payload, signature });
}
const signer = new Stripe("sk_test_signer", { telemetry: false });

/** The payment warnings administrators see in the application log, newest first. */
const paymentWarnings = () =>
  t.services.db
    .select()
    .from(appLogs)
    .where(and(eq(appLogs.category, "payment"), eq(appLogs.level, "warn")))
    .orderBy(desc(appLogs.id));

const rowOf = async (userId: string) =>
  (await t.services.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe("checkout with Stripe", () => {
  it("opens a Checkout Session for the member's own customer, created once, with the trial the first time", async () => {
    const { client, id } = await t.member();
    const first = await checkout(client, "premium");
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = stripe.requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(created?.form).toMatchObject({
      mode: "subscription",
      client_reference_id: id,
      "line_items[0][price]": "price_premium_test",
      "line_items[0][quantity]": "1",
      success_url: "http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/checkout/cancel",
      "subscription_data[trial_period_days]": "7",
      "subscription_data[metadata][userId]": id,
    });
    expect(created?.idempotencyKey).toMatch(/^lawguide-checkout-/);
    await checkout(client, "basic");
    expect(stripe.requests.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    const basic = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions")[1];
    expect(basic?.form["line_items[0][price]"]).toBe("price_basic_test");
    expect(basic?.form["subscription_data[trial_period_days]"]).toBeUndefined();
  });

  it("gives Premium once Stripe's event arrives, and the trial only once per member", async () => {
    const { client, id } = await subscribed("premium");
    expect((await client.me())?.plan).toBe("premium");
    const row = await rowOf(id);
    expect(row).toMatchObject({ source: "stripe", plan: "premium", status: "trialing", paymentMethodLast4: "4242" });
    expect(row?.trialUsedAt).not.toBeNull();
    // The trial is over and Stripe ended the subscription; a new checkout has no trial.
    stripe.updateSubscription(row?.stripeSubscriptionId ?? "", { status: "canceled" });
    await deliver(
      stripe.event("customer.subscription.deleted", stripe.subscriptionJson(row?.stripeSubscriptionId ?? "")),
    );
    expect((await client.me())?.plan).toBe("free");
    await checkout(client, "premium");
    const again = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(again?.form["subscription_data[trial_period_days]"]).toBeUndefined();
  });

  it("sends a member who already pays to the portal instead of a second checkout", async () => {
    const { client } = await subscribed("premium");
    const again = await client.post("/api/billing/checkout", { planId: "premium" });
    expect((await again.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const portal = await client.post("/api/billing/portal", {});
    expect((await portal.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(1);
  });

  it("syncs the member's own checkout at once, and never someone else's", async () => {
    const owner = await t.member();
    const { sessionId } = await checkout(owner.client, "premium");
    const pending = await owner.client.post("/api/billing/sync", { sessionId });
    expect((await pending.json()).state).toBe("pending");
    stripe.completeCheckout(sessionId);
    const other = await t.member();
    const foreign = await other.client.post("/api/billing/sync", { sessionId });
    expect(foreign.status).toBe(404);
    expect((await other.client.me())?.plan).toBe("free");
    const done = await owner.client.post("/api/billing/sync", { sessionId });
    expect(await done.json()).toMatchObject({ state: "complete", planId: "premium", status: { plan: "premium" } });
    expect((await owner.client.me())?.plan).toBe("premium");
  });
});

describe("Stripe's webhook", () => {
  it("refuses a forged or missing signature with 400 and changes nothing", async () => {
    const member = await t.member();
    const { sessionId } = await checkout(member.client, "premium");
    stripe.completeCheckout(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.sessionJson(sessionId));
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`;
    expect((await deliver(event, forged)).status).toBe(400);
    expect((await deliver(event, "")).status).toBe(400);
    const tampered = { ...event, payload: event.payload.replace('"livemode":false', '"livemode":true') };
    expect((await deliver(tampered)).status).toBe(400);
    expect(await rowOf(member.id)).toBeUndefined();
    expect(await t.services.db.select().from(stripeEvents)).toHaveLength(0);
  });

  it("processes an event delivered five times once", async () => {
    const { id, sub } = await subscribed("premium");
    stripe.updateSubscription(sub.id, { status: "active", trialStart: null });
    const event = stripe.event("invoice.paid", stripe.invoiceJson(sub.id));
    for (let i = 0; i < 5; i++) expect((await deliver(event)).status).toBe(200);
    const logged = await t.services.db
      .select()
      .from(appLogs)
      .where(and(eq(appLogs.category, "payment"), eq(appLogs.message, "Stripe invoice.paid")));
    expect(logged).toHaveLength(1);
    expect((await rowOf(id))?.status).toBe("active");
    const receipts = (await t.outbox()).filter((m) => m.subject.includes("payment"));
    expect(receipts).toHaveLength(1);
  });

  it("keeps an event's mail with the event: when it cannot be queued nothing is recorded, and the next delivery sends it", async () => {
    const { sub } = await subscribed("premium");
    stripe.updateSubscription(sub.id, { status: "active", trialStart: null });
    const event = stripe.event("invoice.paid", stripe.invoiceJson(sub.id));
    const eventId = (JSON.parse(event.payload) as { id: string }).id;
    const receipts = async () => (await t.outbox()).filter((m) => m.subject.includes("payment"));
    // The database refuses new mail jobs for a moment, as a failing disk or a lost connection would.
    await t.services.database.query(`
      create function refuse_mail() returns trigger language plpgsql as $$
        begin if new.name = 'mail' then raise exception 'no mail now'; end if; return new; end $$;
      create trigger refuse_mail before insert on pgboss.job for each row execute function refuse_mail();
    `);
    try {
      expect((await deliver(event)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await t.services.database.query("drop trigger refuse_mail on pgboss.job; drop function refuse_mail()");
    }
    // Not recorded: Stripe sends the event again, and then the receipt goes with it, once.
    expect(await t.services.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(0);
    expect(await receipts()).toHaveLength(0);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect(await receipts()).toHaveLength(1);
  });

  it("ends in Stripe's state whatever order the subscription's events arrive in", async () => {
    const { id, sub } = await subscribed("premium");
    const created = stripe.event("customer.subscription.created", stripe.subscriptionJson(sub.id));
    stripe.updateSubscription(sub.id, { status: "active", cancelAtPeriodEnd: true });
    const updated = stripe.event("customer.subscription.updated", stripe.subscriptionJson(sub.id));
    stripe.updateSubscription(sub.id, { status: "canceled", cancelAtPeriodEnd: false });
    const deleted = stripe.event("customer.subscription.deleted", stripe.subscriptionJson(sub.id));
    for (const order of [
      [deleted, updated, created],
      [updated, deleted, created],
      [created, deleted, updated],
    ]) {
      await t.services.db.delete(stripeEvents);
      for (const event of order) expect((await deliver(event)).status).toBe(200);
      expect((await rowOf(id))?.status).toBe("canceled");
    }
    const member = t.client();
    await member.signIn((await t.services.accounts.getSessionUser(id))?.email ?? "", "secret-pass");
    expect((await member.me())?.plan).toBe("free");
  });

  it("records an event whose member deleted their account while it was read, and stores nothing of theirs", async () => {
    const { id, sub } = await subscribed("premium");
    const row = await rowOf(id);
    if (!row) throw new Error("no subscription row");
    // Stripe's state was read for the member, then the account went before the event's transaction.
    await t.services.db.delete(user).where(eq(user.id, id));
    const event = { id: "evt_member_gone", type: "customer.subscription.updated" };
    const log = { userId: id, level: "info", category: "payment", message: "Stripe customer.subscription.updated" };
    expect(await applyStripeEvent(t.services.db, event, { ...row, status: "active" }, log)).toBe(false);
    expect(await t.services.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    expect(await rowOf(id)).toBeUndefined();
    const [warning] = await paymentWarnings();
    expect(warning).toMatchObject({ message: EVENT_MEMBER_GONE, userId: null, metadata: { eventId: event.id } });
    // Stripe's next delivery of it changes nothing more.
    expect((await deliver(stripe.event("customer.subscription.updated", stripe.subscriptionJson(sub.id)))).status).toBe(
      200,
    );
  });

  it("acknowledges an event about a subscription Stripe does not know, once, and logs it for administrators", async () => {
    const { id, sub } = await subscribed("premium");
    const event = stripe.event("customer.subscription.updated", stripe.subscriptionJson(sub.id));
    stripe.subscriptions.delete(sub.id);
    for (let i = 0; i < 2; i++) expect((await deliver(event)).status).toBe(200);
    expect(await t.services.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    expect((await rowOf(id))?.status).toBe("trialing");
    const logged = await paymentWarnings();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.metadata).toMatchObject({ eventId: event.id, subscriptionId: sub.id });
  });

  it("answers 5xx and records nothing while Stripe itself fails, so that Stripe sends the event again", async () => {
    const { id, sub } = await subscribed("premium");
    stripe.updateSubscription(sub.id, { status: "active", trialStart: null });
    const event = stripe.event("customer.subscription.updated", stripe.subscriptionJson(sub.id));
    for (const status of [500, 503, 429]) {
      stripe.failWith(status);
      const response = await deliver(event);
      expect(response.status, String(status)).toBeGreaterThanOrEqual(500);
      expect((await response.json()).error.code).toBeTypeOf("string");
      expect(await t.services.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    }
    stripe.failWith(null);
    expect((await deliver(event)).status).toBe(200);
    expect((await rowOf(id))?.status).toBe("active");
  });

  it("acknowledges signed events it cannot use (no id, no type, no object, odd ids) and logs them, never a 500", async () => {
    const { id, sub } = await subscribed("premium");
    const before = await rowOf(id);
    const odd: unknown[] = [
      { id: 5, type: null },
      null,
      "an event",
      [1, 2],
      { id: "evt_nodata1", type: "invoice.paid" },
      { id: "evt_nullobject1", type: "invoice.paid", data: { object: null } },
      { id: "evt_badtype1", type: "invoice.paid\u0000", data: { object: {} } },
      { id: "evt_\u0000", type: "invoice.paid", data: { object: {} } },
      {
        id: "evt_noid1",
        type: "invoice.paid",
        data: { object: { id: "in_1", subscription: { object: "subscription" } } },
      },
      { id: "evt_weirdid1", type: "customer.subscription.updated", data: { object: { id: "sub_../../v1/customers" } } },
      { id: "evt_numberid1", type: "customer.subscription.updated", data: { object: { id: 42 } } },
      {
        id: "evt_badsession1",
        type: "checkout.session.completed",
        data: { object: { id: "\u0000", subscription: sub.id } },
      },
    ];
    for (const payload of odd) {
      const text = JSON.stringify(payload);
      const response = await signed(text);
      expect(response.status, text).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    expect(await rowOf(id)).toMatchObject({ plan: before?.plan, status: before?.status, source: "stripe" });
    expect((await paymentWarnings()).length).toBeGreaterThanOrEqual(odd.length - 1);
  });

  it("reads an invoice whose subscription comes expanded (an object instead of its id)", async () => {
    const { id, sub } = await subscribed("premium");
    stripe.updateSubscription(sub.id, { status: "active", trialStart: null });
    const invoice = {
      id: "in_expanded1",
      object: "invoice",
      amount_paid: 2999,
      subscription: stripe.subscriptionJson(sub.id),
    };
    expect((await deliver(stripe.event("invoice.paid", invoice))).status).toBe(200);
    expect((await rowOf(id))?.status).toBe("active");
    const nested = {
      id: "in_expanded2",
      object: "invoice",
      amount_paid: 2999,
      parent: { subscription_details: { subscription: stripe.subscriptionJson(sub.id) } },
    };
    stripe.updateSubscription(sub.id, { status: "past_due" });
    expect((await deliver(stripe.event("invoice.payment_failed", nested))).status).toBe(200);
    expect((await rowOf(id))?.status).toBe("past_due");
  });

  it("gives nothing for a subscription on a price LawGuide does not sell, and logs it for administrators", async () => {
    const member = await t.member();
    const { sessionId } = await checkout(member.client, "basic");
    const sub = stripe.completeCheckout(sessionId);
    stripe.updateSubscription(sub.id, { priceId: "price_someone_else", trialStart: null, status: "active" });
    expect((await deliver(stripe.event("checkout.session.completed", stripe.sessionJson(sessionId)))).status).toBe(200);
    expect(await rowOf(member.id)).toBeUndefined();
    expect((await member.client.me())?.plan).toBe("free");
    const synced = await member.client.post("/api/billing/sync", { sessionId });
    expect(synced.status).toBe(200);
    expect((await synced.json()).state).toBe("failed");
    expect(await rowOf(member.id)).toBeUndefined();
    const logged = await paymentWarnings();
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatchObject({ userId: member.id, metadata: { priceId: "price_someone_else" } });
  });

  it("keeps the plan through the grace period after a failed payment, then falls back to Free", async () => {
    await t.services.settings.update("subscription", { gracePeriodDays: 3 }, {});
    const { client, id, sub } = await subscribed("premium");
    stripe.updateSubscription(sub.id, { status: "past_due" });
    expect((await deliver(stripe.event("invoice.payment_failed", stripe.invoiceJson(sub.id, 0)))).status).toBe(200);
    const row = await rowOf(id);
    expect(row?.status).toBe("past_due");
    const days = ((row?.graceUntil?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    expect((await client.me())?.plan).toBe("premium");
    const status = await (await client.get("/api/billing/status")).json();
    expect(status).toMatchObject({ plan: "premium", subscription: { status: "past_due" } });
    expect((await t.outbox()).some((m) => m.subject.includes("did not go through"))).toBe(true);
    // A second failure does not move the end of the grace period.
    await deliver(stripe.event("invoice.payment_failed", stripe.invoiceJson(sub.id, 0)));
    expect((await rowOf(id))?.graceUntil?.getTime()).toBe(row?.graceUntil?.getTime());
    // The grace period has run out: Free, and nothing of the member's is gone.
    await t.services.db
      .update(subscriptions)
      .set({ graceUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, id));
    expect((await client.me())?.plan).toBe("free");
    expect(await rowOf(id)).toBeDefined();
    // Paid after all: Premium again and the grace period is cleared.
    stripe.updateSubscription(sub.id, { status: "active" });
    await deliver(stripe.event("invoice.paid", stripe.invoiceJson(sub.id)));
    expect(await rowOf(id)).toMatchObject({ status: "active", graceUntil: null });
    expect((await client.me())?.plan).toBe("premium");
  });
});

describe("managing a Stripe subscription", () => {
  it("cancels at the end of the period and resumes, through Stripe", async () => {
    const { client, id, sub } = await subscribed("premium");
    const cancelled = await (await client.post("/api/billing/cancel", {})).json();
    expect(cancelled.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(sub.id)?.cancelAtPeriodEnd).toBe(true);
    expect((await client.me())?.plan).toBe("premium");
    const resumed = await (await client.post("/api/billing/resume", {})).json();
    expect(resumed.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await rowOf(id))?.cancelAtPeriodEnd).toBe(false);
  });

  it("lets nobody read or change another member's subscription", async () => {
    const { sessionId } = await subscribed("premium");
    const other = await t.member();
    expect((await other.client.post("/api/billing/cancel", {})).status).toBe(409);
    expect((await other.client.post("/api/billing/sync", { sessionId })).status).toBe(404);
    expect((await (await other.client.get("/api/billing/status")).json()).subscription).toBeNull();
  });
});

describe("a template bought once through Stripe", () => {
  const purchasesOf = (userId: string) =>
    t.services.db.select().from(templatePurchases).where(eq(templatePurchases.userId, userId));
  const accessOf = async (client: TestClient, templateId: string) => {
    const { items } = (await (await client.get("/api/documents/templates")).json()) as {
      items: Array<{ templateId: string; access: string }>;
    };
    return items.find((item) => item.templateId === templateId)?.access;
  };

  it("opens a one-off Checkout Session at the template's price and records the purchase once, by webhook or by the success page", async () => {
    const { client, id, email } = await t.member();
    const response = await client.post("/api/billing/checkout", { templateId: "llc" });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const sessionId = url.split("/").pop() ?? "";
    const created = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(created?.form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "7999",
      "line_items[0][price_data][product_data][name]": "LLC Operating Agreement",
      "metadata[templateId]": "llc",
    });
    expect(created?.form["subscription_data[trial_period_days]"]).toBeUndefined();

    // Not paid yet: pending, still for sale.
    expect(await (await client.post("/api/billing/sync", { sessionId })).json()).toMatchObject({
      state: "pending",
      template: { id: "llc" },
    });
    expect(await accessOf(client, "llc")).toBe("for-sale");

    stripe.completePayment(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.sessionJson(sessionId));
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const synced = await (await client.post("/api/billing/sync", { sessionId })).json();
    expect(synced).toMatchObject({ state: "complete", planId: null, status: { plan: "free" } });
    expect(await purchasesOf(id)).toMatchObject([{ templateId: "llc", amountCents: 7999, provider: "stripe" }]);
    expect(await rowOf(id)).toBeUndefined();
    expect(await accessOf(client, "llc")).toBe("purchased");
    const receipts = (await t.outbox()).filter((m) => m.to === email && m.subject.includes("LLC Operating Agreement"));
    expect(receipts).toHaveLength(1);
  });

  it("records a paid template from the success page alone when the webhook has not come", async () => {
    const { client, id } = await t.member();
    const { url } = (await (await client.post("/api/billing/checkout", { templateId: "living-trust" })).json()) as {
      url: string;
    };
    const sessionId = url.split("/").pop() ?? "";
    stripe.completePayment(sessionId);
    expect((await (await client.post("/api/billing/sync", { sessionId })).json()).state).toBe("complete");
    // The late webhook changes nothing.
    expect((await deliver(stripe.event("checkout.session.completed", stripe.sessionJson(sessionId)))).status).toBe(200);
    expect(await purchasesOf(id)).toHaveLength(1);
  });

  it("gives the member's open checkout back while Stripe can take it: one session, whenever Buy is clicked", async () => {
    const { client, id } = await t.member();
    const opened = async () => {
      const response = await client.post("/api/billing/checkout", { templateId: "llc" });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { url: string }).url;
    };
    const first = await opened();
    // Clicked again later (another minute, another idempotency key), and five times at once.
    expect(await opened()).toBe(first);
    const atOnce = await Promise.all(Array.from({ length: 5 }, opened));
    expect(new Set(atOnce)).toEqual(new Set([first]));
    const open = [...stripe.sessions.values()].filter((s) => s.status === "open");
    expect(open).toHaveLength(1);
    const local = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id));
    expect(local.filter((r) => r.status === "open")).toHaveLength(1);

    // Expired at Stripe (a day later): the next Buy opens a new one.
    const only = open[0];
    if (only) only.status = "expired";
    const next = await opened();
    expect(next).not.toBe(first);
  });

  it("refuses a Buy once the open checkout was paid at Stripe, recording the purchase", async () => {
    const { client, id } = await t.member();
    const { url } = (await (await client.post("/api/billing/checkout", { templateId: "llc" })).json()) as {
      url: string;
    };
    stripe.completePayment(url.split("/").pop() ?? "");
    // No webhook yet: the second Buy asks Stripe, records the payment and says it is owned.
    const again = await client.post("/api/billing/checkout", { templateId: "llc" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(BILLING_TEXT.templateOwned);
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")).toHaveLength(1);
  });

  it("refunds a second payment for a template the member owns, once, and logs it", async () => {
    const { client, id } = await t.member();
    const { url } = (await (await client.post("/api/billing/checkout", { templateId: "llc" })).json()) as {
      url: string;
    };
    const firstId = url.split("/").pop() ?? "";
    // A second checkout for the same template opened before one checkout per template was the
    // rule (the migration closed it here; its Stripe page could still be paid).
    const second = await new Stripe("sk_test_lawguide", {
      host: "127.0.0.1",
      port: Number(new URL(stripe.url).port),
      protocol: "http",
      telemetry: false,
      maxNetworkRetries: 0,
    }).checkout.sessions.create({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: 7999, product_data: { name: "LLC" } }, quantity: 1 }],
      metadata: { userId: id, templateId: "llc" },
      success_url: "http://localhost:3000/checkout/success",
    });
    await t.services.db.insert(checkoutSessions).values({
      id: second.id,
      userId: id,
      plan: "template",
      templateId: "llc",
      provider: "stripe",
      status: "expired",
    });
    stripe.completePayment(firstId);
    stripe.completePayment(second.id);
    // Both payments reported at once, the second twice.
    const events = [
      stripe.event("checkout.session.completed", stripe.sessionJson(firstId)),
      stripe.event("checkout.session.completed", stripe.sessionJson(second.id)),
    ];
    const statuses = await Promise.all([...events, events[1]].map(async (e) => (e ? (await deliver(e)).status : 0)));
    expect(statuses).toEqual([200, 200, 200]);
    // Whichever payment was recorded first is the purchase; the other is refunded in full.
    const purchases = await purchasesOf(id);
    expect(purchases).toHaveLength(1);
    const kept = purchases[0]?.checkoutSessionId;
    expect([firstId, second.id]).toContain(kept);
    const refundedId = kept === firstId ? second.id : firstId;
    const refunds = [...stripe.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      paymentIntent: stripe.sessions.get(refundedId)?.paymentIntent,
      reason: "duplicate",
    });
    expect(
      stripe.requests
        .filter((r) => r.path === "/v1/refunds")
        .every((r) => r.idempotencyKey === `lawguide-refund-${refundedId}`),
    ).toBe(true);
    const [row] = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, refundedId));
    expect(row?.status).toBe("refunded");
    expect((await paymentWarnings()).map((w) => w.message)).toContain(
      "Stripe payment refunded: template already owned",
    );
    expect(await (await client.post("/api/billing/sync", { sessionId: refundedId })).json()).toMatchObject({
      state: "refunded",
      template: { id: "llc" },
    });
  });

  it("leaves a one-off session LawGuide did not open alone", async () => {
    const { client, id } = await t.member();
    await client.post("/api/billing/checkout", { templateId: "llc" });
    const foreign = stripe.event("checkout.session.completed", {
      id: "cs_test_notours123",
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: 100,
    });
    expect((await deliver(foreign)).status).toBe(200);
    expect(await purchasesOf(id)).toEqual([]);
  });
});
