import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import Stripe from "stripe";

/**
 * A fake Stripe API for LawGuide's tests, on 127.0.0.1. It answers the few endpoints LawGuide
 * calls with Stripe's documented shapes (customers, checkout sessions with their expiry, billing
 * portal sessions, subscriptions retrieve and update, refunds), keeps its objects in memory,
 * records every request, and builds webhook events signed with the endpoint's secret, as Stripe
 * sends them.
 *
 * The official `stripe` client is pointed at it with STRIPE_API_BASE.
 */

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form fields as sent (`line_items[0][price]` ...). */
  form: Record<string, string>;
  idempotencyKey: string | null;
}

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  trialStart: number | null;
  metadata: Record<string, string>;
  card: { brand: string; last4: string } | null;
}

interface FakeSession {
  id: string;
  /** subscription, or payment (a one-off payment: a template bought once). */
  mode: "subscription" | "payment";
  /** A one-off payment's amount, in cents (from its line's price_data). */
  amountTotal: number | null;
  customer: string;
  status: "open" | "complete" | "expired";
  subscription: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  priceId: string;
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  url: string;
  /** A one-off payment's PaymentIntent, once paid. */
  paymentIntent: string | null;
}

export interface FakeRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  reason: string | null;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  requests: RecordedStripeRequest[];
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Refunds made, by id (one per idempotency key, as Stripe keeps them). */
  refunds: Map<string, FakeRefund>;
  /** The member pays: the session completes with a subscription (trialing when the session asked for a trial). */
  completeCheckout(
    sessionId: string,
    options?: { status?: string; card?: { brand: string; last4: string } },
  ): FakeSubscription;
  /** The member pays a one-off (mode payment) session: it completes, paid, with no subscription. */
  completePayment(sessionId: string): void;
  /**
   * Stripe having a bad moment: every API request answers `status` (500, 503, 429...) with Stripe's
   * error shape until called again with null.
   */
  failWith(status: number | null): void;
  /** Change a subscription as Stripe would (a renewal, a failed payment, a cancellation...). */
  updateSubscription(id: string, patch: Partial<FakeSubscription>): FakeSubscription;
  /** A signed webhook delivery for an event about `object` (its Stripe JSON). */
  event(type: string, object: Record<string, unknown>, id?: string): { payload: string; signature: string; id: string };
  /** The Stripe JSON of objects, for events. */
  subscriptionJson(id: string): Record<string, unknown>;
  sessionJson(id: string): Record<string, unknown>;
  invoiceJson(subscriptionId: string, amountPaid?: number): Record<string, unknown>;
  reset(): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) read back into flat keys. */
function readForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) out[key] = value;
  return out;
}

function metadataOf(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const m = key.startsWith(`${prefix}[`) ? /^.+\[([^\]]+)\]$/.exec(key) : null;
    if (m?.[1] && key === `${prefix}[${m[1]}]`) out[m[1]] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe("sk_test_signer", { telemetry: false });
  const requests: RecordedStripeRequest[] = [];
  const customers: FakeStripe["customers"] = new Map();
  const sessions: FakeStripe["sessions"] = new Map();
  const subscriptions: FakeStripe["subscriptions"] = new Map();
  const refunds: FakeStripe["refunds"] = new Map();
  const byIdempotencyKey = new Map<string, unknown>();
  let failing: number | null = null;

  /** The stored object `id` of a kind the test itself made: a missing one is a mistake of the test. */
  function stored<T>(objects: Map<string, T>, kind: string, id: string): T {
    const object = objects.get(id);
    if (!object) throw new Error(`no ${kind} ${id}`);
    return object;
  }

  function subscriptionJson(id: string): Record<string, unknown> {
    const sub = stored(subscriptions, "subscription", id);
    return {
      id: sub.id,
      object: "subscription",
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      trial_start: sub.trialStart,
      trial_end: sub.trialStart ? sub.periodEnd : null,
      metadata: sub.metadata,
      default_payment_method: sub.card
        ? {
            id: "pm_fake",
            object: "payment_method",
            type: "card",
            card: { brand: sub.card.brand, last4: sub.card.last4 },
          }
        : null,
      items: {
        object: "list",
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: "subscription_item",
            price: { id: sub.priceId, object: "price" },
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
          },
        ],
      },
    };
  }

  function sessionJson(id: string): Record<string, unknown> {
    const s = stored(sessions, "session", id);
    return {
      id: s.id,
      object: "checkout.session",
      mode: s.mode,
      amount_total: s.mode === "payment" ? s.amountTotal : null,
      customer: s.customer,
      status: s.status,
      payment_status: s.status === "complete" ? "paid" : "unpaid",
      subscription: s.subscription,
      client_reference_id: s.clientReferenceId,
      metadata: s.metadata,
      payment_intent: s.paymentIntent,
      url: s.status === "open" ? s.url : null,
    };
  }

  function invoiceJson(subscriptionId: string, amountPaid = 2999): Record<string, unknown> {
    return {
      id: newId("in_"),
      object: "invoice",
      amount_paid: amountPaid,
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
    };
  }

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req_") });
    res.end(JSON.stringify(body));
  }

  function notFound(res: http.ServerResponse, what: string) {
    send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const form = readForm(req.method === "GET" ? url.search.slice(1) : body);
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "GET", path: url.pathname, form, idempotencyKey });
      if (failing !== null) {
        return send(res, failing, {
          error: { type: failing === 429 ? "invalid_request_error" : "api_error", message: "Something went wrong" },
        });
      }
      const replay = idempotencyKey
        ? byIdempotencyKey.get(`${req.method} ${url.pathname} ${idempotencyKey}`)
        : undefined;
      if (replay) return send(res, 200, replay);
      const remember = (value: unknown) => {
        if (idempotencyKey) byIdempotencyKey.set(`${req.method} ${url.pathname} ${idempotencyKey}`, value);
        return value;
      };
      const path = url.pathname;
      if (req.method === "POST" && path === "/v1/customers") {
        const customer = { id: newId("cus_"), email: form.email ?? null, metadata: metadataOf(form, "metadata") };
        customers.set(customer.id, customer);
        return send(res, 200, remember({ ...customer, object: "customer" }));
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = newId("cs_test_");
        const trial = form["subscription_data[trial_period_days]"];
        const amount = form["line_items[0][price_data][unit_amount]"];
        const session: FakeSession = {
          id,
          mode: form.mode === "payment" ? "payment" : "subscription",
          amountTotal: amount ? Number(amount) : null,
          customer: form.customer ?? "",
          status: "open",
          subscription: null,
          clientReferenceId: form.client_reference_id ?? null,
          metadata: metadataOf(form, "metadata"),
          subscriptionMetadata: metadataOf(form, "subscription_data[metadata]"),
          priceId: form["line_items[0][price]"] ?? "",
          trialDays: trial ? Number(trial) : null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          paymentIntent: null,
        };
        sessions.set(id, session);
        return send(res, 200, remember(sessionJson(id)));
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === "GET" && sessionMatch) {
        const sessionId = sessionMatch[1] ?? "";
        return sessions.has(sessionId) ? send(res, 200, sessionJson(sessionId)) : notFound(res, "checkout session");
      }
      const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === "POST" && expireMatch) {
        const session = sessions.get(expireMatch[1] ?? "");
        if (!session) return notFound(res, "checkout session");
        if (session.status !== "open") {
          return send(res, 400, {
            error: {
              type: "invalid_request_error",
              message: "Only Checkout Sessions with a status of open can be expired.",
            },
          });
        }
        session.status = "expired";
        return send(res, 200, remember(sessionJson(session.id)));
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const paid = [...sessions.values()].find((s) => s.paymentIntent && s.paymentIntent === form.payment_intent);
        if (!paid) return notFound(res, "payment_intent");
        const refund: FakeRefund = {
          id: newId("re_"),
          paymentIntent: paid.paymentIntent as string,
          amount: Number(form.amount ?? paid.amountTotal ?? 0),
          reason: form.reason ?? null,
          metadata: metadataOf(form, "metadata"),
        };
        refunds.set(refund.id, refund);
        return send(
          res,
          200,
          remember({
            id: refund.id,
            object: "refund",
            amount: refund.amount,
            payment_intent: refund.paymentIntent,
            reason: refund.reason,
            status: "succeeded",
            metadata: refund.metadata,
          }),
        );
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        if (!customers.has(form.customer ?? "")) return notFound(res, "customer");
        return send(res, 200, {
          id: newId("bps_"),
          object: "billing_portal.session",
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.test/p/session/${newId("")}`,
        });
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (subscriptionMatch) {
        const sub = subscriptions.get(subscriptionMatch[1] ?? "");
        if (!sub) return notFound(res, "subscription");
        if (req.method === "POST" && form.cancel_at_period_end !== undefined) {
          sub.cancelAtPeriodEnd = form.cancel_at_period_end === "true";
        }
        return send(res, 200, subscriptionJson(sub.id));
      }
      return notFound(res, `route ${req.method} ${path}`);
    });
  });
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    requests,
    customers,
    sessions,
    subscriptions,
    refunds,
    failWith(status) {
      failing = status;
    },
    completeCheckout(sessionId, options = {}) {
      const session = stored(sessions, "session", sessionId);
      const start = now();
      const sub: FakeSubscription = {
        id: newId("sub_"),
        customer: session.customer,
        status: options.status ?? (session.trialDays ? "trialing" : "active"),
        priceId: session.priceId,
        periodStart: start,
        periodEnd: start + (session.trialDays ?? 30) * 86_400,
        cancelAtPeriodEnd: false,
        trialStart: session.trialDays ? start : null,
        metadata: session.subscriptionMetadata,
        card: options.card ?? { brand: "visa", last4: "4242" },
      };
      subscriptions.set(sub.id, sub);
      session.status = "complete";
      session.subscription = sub.id;
      return sub;
    },
    completePayment(sessionId) {
      const session = stored(sessions, "session", sessionId);
      if (session.mode !== "payment") throw new Error(`session ${sessionId} is not a one-off payment`);
      session.status = "complete";
      session.paymentIntent = newId("pi_");
    },
    updateSubscription(id, patch) {
      const sub = stored(subscriptions, "subscription", id);
      Object.assign(sub, patch);
      return sub;
    },
    event(type, object, id = newId("evt_")) {
      const payload = JSON.stringify({
        id,
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { payload, signature, id };
    },
    subscriptionJson,
    sessionJson,
    invoiceJson,
    reset() {
      failing = null;
      requests.length = 0;
      customers.clear();
      sessions.clear();
      subscriptions.clear();
      refunds.clear();
      byIdempotencyKey.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
