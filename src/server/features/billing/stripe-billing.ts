import { ERROR_CODES } from "@shared/api-error";
import { BILLING_TEXT } from "@shared/messages";
import { isActiveStatus, type PaidPlanId, paidPlanOf } from "@shared/plans";
import { type CheckoutOutcome, type RedirectResult, stripeEventSchema } from "@shared/schemas/billing";
import type { SessionUser } from "@shared/session";
import { formatTemplatePrice, TEMPLATES_PAGE, type TemplateOffer, templateOffer } from "@shared/template-offers";
import type Stripe from "stripe";
import type { Config } from "../../config";
import { ApiError, conflict } from "../../lib/errors";
import { describeFault } from "../../lib/logger";
import {
  applyStripeEvent,
  type CheckoutSessionRow,
  countTemplateCheckouts,
  endCheckoutSession,
  findCheckoutSession,
  findCustomerId,
  findOpenTemplateCheckout,
  findUserIdByCustomer,
  insertCheckoutSession,
  isEventProcessed,
  markCheckoutRefunded,
  markTrialReminded,
  type NewSubscription,
  recordTemplatePurchase,
  type SubscriptionRow,
  setCustomerId,
  userExists,
} from "./billing.queries";
import {
  checkoutSessionIdOf,
  customerIdOf,
  idOf,
  isPermanentStripeRefusal,
  readSubscription,
  STRIPE_SUBSCRIPTION_EVENTS,
  type StripeSubscriptionState,
  subscriptionIdOf,
} from "./stripe-gateway";
import { type BillingDeps, DAY_MS, type PaymentMailKind, type SubscriptionStore } from "./subscription-store";

const SUBSCRIPTION_EVENTS = new Set<string>(STRIPE_SUBSCRIPTION_EVENTS);

/** What the application log says of a subscription on a price LawGuide does not sell. */
const UNKNOWN_PRICE = "Stripe subscription on a price LawGuide does not sell: no plan given";
const unknownPriceDetails = (state: StripeSubscriptionState) => ({
  subscriptionId: state.stripeSubscriptionId,
  priceId: state.priceId,
  status: state.status,
  hint: "Check STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM against the prices in Stripe.",
});

/** The payment mail a subscription event brings the member, if any: a receipt for money taken, a failed payment, a trial ending. */
function paymentMailKindOf(event: {
  type: string;
  data: { object: { amount_paid?: unknown } };
}): PaymentMailKind | null {
  const amountPaid = event.data.object.amount_paid;
  if (event.type === "invoice.paid") return typeof amountPaid === "number" && amountPaid > 0 ? "receipt" : null;
  if (event.type === "invoice.payment_failed") return "failed";
  if (event.type === "customer.subscription.trial_will_end") return "trial_ending";
  return null;
}

/** A signed event's body as far as it can be described in a log line (it may be anything). */
function describeUnreadable(value: unknown): Record<string, unknown> {
  const short = (v: unknown) => (typeof v === "string" ? v.slice(0, 100) : v === null ? "null" : typeof v);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { body: Array.isArray(value) ? "array" : short(value) };
  }
  const { id, type } = value as { id?: unknown; type?: unknown };
  return { eventId: short(id), type: short(type) };
}

/**
 * Billing through Stripe (configured mode): Checkout Sessions, the customer portal, cancelling and
 * resuming, and the webhook, which stores Stripe's current state of a subscription whatever order
 * its events arrive in. Without Stripe configured every entry is refused (409).
 */
export function createStripeBilling(
  deps: Pick<BillingDeps, "db" | "config" | "stripe" | "settings" | "logger"> & { store: SubscriptionStore },
) {
  const { db, config, stripe, settings, store, logger } = deps;

  function requireStripe(): { stripe: Stripe; prices: NonNullable<Config["stripe"]>["prices"] } {
    if (!stripe || !config.stripe) throw new ApiError(409, ERROR_CODES.paymentsDemo, BILLING_TEXT.paymentsUnavailable);
    return { stripe, prices: config.stripe.prices };
  }

  async function ensureCustomer(user: SessionUser): Promise<string> {
    const known = await findCustomerId(db, user.id);
    if (known) return known;
    const { stripe } = requireStripe();
    const customer = await stripe.customers.create(
      {
        email: user.email,
        name: [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined,
        metadata: { userId: user.id },
      },
      { idempotencyKey: `lawguide-customer-${user.id}` },
    );
    await setCustomerId(db, user.id, customer.id);
    return customer.id;
  }

  /** The grace period: set when a payment first fails, cleared once the subscription is in good standing. */
  async function graceFor(status: string, existing: SubscriptionRow | null): Promise<Date | null> {
    if (status !== "past_due") return null;
    if (existing?.graceUntil) return existing.graceUntil;
    const { subscription } = await settings.get();
    return new Date(Date.now() + subscription.gracePeriodDays * DAY_MS);
  }

  /**
   * The subscription row for Stripe's current state of a subscription (grace and trial kept). Only
   * a subscription on one of the configured prices has a plan: the caller stores nothing else.
   */
  async function rowFromStripe(
    userId: string,
    state: StripeSubscriptionState & { plan: PaidPlanId },
  ): Promise<NewSubscription> {
    const existing = await store.find(userId);
    return {
      userId,
      source: "stripe",
      plan: state.plan,
      stripeCustomerId: state.stripeCustomerId,
      stripeSubscriptionId: state.stripeSubscriptionId,
      priceId: state.priceId,
      status: state.status,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      paymentMethodBrand: state.paymentMethodBrand,
      paymentMethodLast4: state.paymentMethodLast4,
      graceUntil: await graceFor(state.status, existing),
      trialUsedAt: existing?.trialUsedAt ?? (state.trialStarted || state.status === "trialing" ? new Date() : null),
    };
  }

  async function fetchSubscription(id: string): Promise<StripeSubscriptionState> {
    const { stripe, prices } = requireStripe();
    const sub = await stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] });
    return readSubscription(sub, prices);
  }

  /** The member a subscription belongs to: its customer's member, else the member named in its metadata. */
  async function ownerOf(state: StripeSubscriptionState): Promise<string | null> {
    const customerId = customerIdOf(state);
    const byCustomer = customerId ? await findUserIdByCustomer(db, customerId) : null;
    if (byCustomer) return byCustomer;
    if (state.userId && (await userExists(db, state.userId))) return state.userId;
    return null;
  }

  /**
   * Store a Stripe subscription for its member outside any event (sync, cancel, resume). A price
   * LawGuide does not sell gives nothing: nothing is stored, and administrators see a warning.
   */
  async function storeFromStripe(userId: string, state: StripeSubscriptionState): Promise<SubscriptionRow | null> {
    if (!state.plan) {
      await store.log(userId, UNKNOWN_PRICE, unknownPriceDetails(state), "warn");
      return null;
    }
    return store.save(await rowFromStripe(userId, { ...state, plan: state.plan }));
  }

  /**
   * Acknowledge a webhook event LawGuide cannot use, and say why in the application log (category
   * payment, level warn, which administrators read). An event with an id is recorded as processed,
   * so a second delivery changes nothing; answering 2xx stops Stripe from sending it again.
   */
  async function ignoreEvent(
    event: { id: string; type: string } | null,
    reason: string,
    details: Record<string, unknown> = {},
    userId: string | null = null,
  ): Promise<{ received: true }> {
    const message = `Stripe event ignored: ${reason}`;
    const metadata = { ...(event ? { eventId: event.id, type: event.type } : {}), ...details };
    if (event) await applyStripeEvent(db, event, null, store.logRow(userId, message, metadata, "warn"));
    else await store.log(userId, message, metadata, "warn");
    return { received: true };
  }

  /** Stripe's customer portal for the member's own customer. */
  async function portal(user: SessionUser): Promise<RedirectResult> {
    const { stripe } = requireStripe();
    const customer = await findCustomerId(db, user.id);
    if (!customer) throw conflict(BILLING_TEXT.noSubscription);
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer,
        return_url: `${config.publicUrl}/dashboard/premium`,
      });
      return { url: session.url };
    } catch (error) {
      logger.error({ fault: describeFault(error), userId: user.id }, "portal session not created");
      throw new ApiError(502, ERROR_CODES.portalFailed, BILLING_TEXT.unexpected);
    }
  }

  /**
   * Open a Checkout Session for the member's own customer (a plan or a template), remember it and
   * log it: its URL. A second click within the minute gets the same session (the idempotency key
   * carries the minute); Stripe failing is a 502 with the spec's text.
   */
  async function openCheckout(
    user: SessionUser,
    build: (minute: number) => { params: Stripe.Checkout.SessionCreateParams; idempotencyKey: string },
    row: { plan: string; templateId: string | null; withTrial: boolean },
    log: { message: string; details: Record<string, unknown> },
  ): Promise<RedirectResult> {
    const { stripe } = requireStripe();
    try {
      const customer = await ensureCustomer(user);
      const { params, idempotencyKey } = build(Math.floor(Date.now() / 60_000));
      const session = await stripe.checkout.sessions.create(
        {
          ...params,
          customer,
          client_reference_id: user.id,
          success_url: `${config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new ApiError(502, ERROR_CODES.checkoutFailed, BILLING_TEXT.noCheckoutUrl);
      if (!(await insertCheckoutSession(db, { id: session.id, userId: user.id, provider: "stripe", ...row }))) {
        // Not kept: the same session given again for the same idempotency key (recorded by the
        // request that made it), or, for a template, another request opened the member's checkout
        // at the same moment: this one is closed at Stripe before anyone can pay it, and the member
        // gets the other.
        const other = row.templateId ? await findOpenTemplateCheckout(db, user.id, row.templateId) : null;
        if (!other || other.id === session.id) return { url: session.url };
        await stripe.checkout.sessions.expire(session.id).catch((error: unknown) => {
          logger.error({ fault: describeFault(error), sessionId: session.id }, "checkout session not expired");
        });
        const url = await openTemplateCheckoutUrl(user.id, other.templateId ?? "");
        if (url) return { url };
        throw conflict(BILLING_TEXT.checkoutEnded);
      }
      await store.log(user.id, log.message, { ...log.details, sessionId: session.id });
      return { url: session.url };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      logger.error({ fault: describeFault(error), userId: user.id }, "checkout session not created");
      throw new ApiError(502, ERROR_CODES.checkoutFailed, BILLING_TEXT.checkoutFailed);
    }
  }

  /**
   * A one-off payment for a template, once Stripe says it is paid: the purchase is recorded (once,
   * whoever reports it first: the success page or the webhook) and the receipt mailed. A payment
   * for a template the member already owns (through another checkout) is refunded in full.
   */
  async function recordPaidTemplate(
    userId: string,
    sessionId: string,
    offer: TemplateOffer,
    paid: { amountCents: number; paymentIntent: string | null },
    eventId: string | null,
  ): Promise<"complete" | "refunded"> {
    // The receipt is written first and queued with the purchase: both are kept, or neither.
    const receipt = await store.templateReceipt(userId, offer);
    const recorded = await recordTemplatePurchase(
      db,
      { userId, templateId: offer.id, amountCents: paid.amountCents, provider: "stripe", checkoutSessionId: sessionId },
      store.logRow(userId, "Stripe payment succeeded: template bought", {
        sessionId,
        templateId: offer.id,
        amount: formatTemplatePrice(paid.amountCents),
        ...(eventId ? { eventId } : {}),
      }),
      async (tx) => {
        if (receipt) await store.queueMail(receipt, tx);
      },
    );
    if (recorded === "duplicate") {
      await refundDuplicate(userId, sessionId, offer, paid);
      return "refunded";
    }
    if (recorded === "recorded" && receipt) store.wakeMail();
    return "complete";
  }

  /**
   * Give a second payment for a template the member owns back in full (Stripe's refund, once per
   * session however often it is reported), end its session as refunded and log it. Stripe failing
   * throws, so the webhook is sent again and the refund tried again.
   */
  async function refundDuplicate(
    userId: string,
    sessionId: string,
    offer: TemplateOffer,
    paid: { amountCents: number; paymentIntent: string | null },
  ): Promise<void> {
    const { stripe } = requireStripe();
    const details = { sessionId, templateId: offer.id, amount: formatTemplatePrice(paid.amountCents) };
    if (!paid.paymentIntent) {
      await store.log(
        userId,
        "Stripe payment for a template already owned: no payment to refund found",
        details,
        "warn",
      );
      return;
    }
    const refund = await stripe.refunds.create(
      {
        payment_intent: paid.paymentIntent,
        reason: "duplicate",
        metadata: { userId, templateId: offer.id, sessionId },
      },
      { idempotencyKey: `lawguide-refund-${sessionId}` },
    );
    await markCheckoutRefunded(db, sessionId);
    await store.log(
      userId,
      "Stripe payment refunded: template already owned",
      { ...details, refundId: refund.id, paymentIntent: paid.paymentIntent },
      "warn",
    );
  }

  /**
   * The member's open checkout for a template, as Stripe has it now: its URL while it can be paid.
   * One Stripe has ended is ended here too (a paid one recorded, or refunded if owned already).
   */
  async function openTemplateCheckoutUrl(userId: string, templateId: string): Promise<string | null> {
    const open = await findOpenTemplateCheckout(db, userId, templateId);
    const offer = templateOffer(templateId);
    if (open?.provider !== "stripe" || !offer) return null;
    const { state, url } = await syncTemplateSession(userId, open, offer);
    if (state === "pending") return url;
    if (state === "failed") return null;
    throw conflict(BILLING_TEXT.templateOwned);
  }

  /** How a template's one-off Stripe checkout ended, as Stripe has it now (the purchase recorded when paid). */
  async function syncTemplateSession(
    userId: string,
    session: CheckoutSessionRow,
    offer: TemplateOffer,
  ): Promise<{ state: CheckoutOutcome["state"]; url: string | null }> {
    const { stripe } = requireStripe();
    const remote = await stripe.checkout.sessions.retrieve(session.id);
    if (remote.status === "expired") {
      await endCheckoutSession(db, session.id, "expired");
      return { state: "failed", url: null };
    }
    if (isPaid(remote)) {
      const paid = { amountCents: remote.amount_total ?? offer.priceCents, paymentIntent: idOf(remote.payment_intent) };
      return { state: await recordPaidTemplate(userId, session.id, offer, paid, null), url: null };
    }
    return { state: "pending", url: remote.status === "open" ? (remote.url ?? null) : null };
  }

  /** Whether a Checkout Session's one-off payment has gone through (Stripe's `payment_status`). */
  const isPaid = (session: { status?: unknown; payment_status?: unknown }) =>
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required");

  /**
   * A webhook event about a one-off Checkout Session (mode payment): a template bought once. Its
   * session must be one LawGuide opened; anything else is acknowledged and left alone.
   */
  async function handleTemplateEvent(event: { id: string; type: string; data: { object: Record<string, unknown> } }) {
    const object = event.data.object;
    const sessionId = checkoutSessionIdOf(event as Parameters<typeof checkoutSessionIdOf>[0]);
    const session = sessionId ? await findCheckoutSession(db, sessionId) : null;
    const offer = session?.templateId ? templateOffer(session.templateId) : null;
    if (session && offer && isPaid(object)) {
      const amountCents = typeof object.amount_total === "number" ? object.amount_total : offer.priceCents;
      await recordPaidTemplate(
        session.userId,
        session.id,
        offer,
        { amountCents, paymentIntent: idOf(object.payment_intent) },
        event.id,
      );
    } else if (session && event.type === "checkout.session.async_payment_failed") {
      await endCheckoutSession(db, session.id, "declined");
    }
    await applyStripeEvent(db, event, null, null);
    return { received: true as const };
  }

  return {
    portal,

    /**
     * A Stripe Checkout Session (one-off payment mode) for a template: its URL. The member's open
     * one for this template is given back while Stripe can still take its payment.
     */
    async checkoutTemplate(user: SessionUser, offer: TemplateOffer): Promise<RedirectResult> {
      const open = await openTemplateCheckoutUrl(user.id, offer.id);
      if (open) return { url: open };
      // The key names the member's checkouts so far: clicks at once share one session, and a Buy
      // after one ended (expired) is never given the ended one again.
      const earlier = await countTemplateCheckouts(db, user.id, offer.id);
      return openCheckout(
        user,
        (minute) => ({
          params: {
            mode: "payment",
            line_items: [
              {
                price_data: { currency: "usd", unit_amount: offer.priceCents, product_data: { name: offer.name } },
                quantity: 1,
              },
            ],
            // Back to the templates, where the Buy button was.
            cancel_url: `${config.publicUrl}${TEMPLATES_PAGE}`,
            metadata: { userId: user.id, templateId: offer.id },
          },
          idempotencyKey: `lawguide-template-${user.id}-${offer.id}-${minute}-${earlier}`,
        }),
        { plan: "template", templateId: offer.id, withTrial: false },
        { message: "Checkout started: template", details: { templateId: offer.id } },
      );
    },

    /** How a template's one-off Stripe checkout ended, as Stripe has it now (the purchase recorded when paid). */
    syncTemplateCheckout: async (userId: string, session: CheckoutSessionRow, offer: TemplateOffer) =>
      (await syncTemplateSession(userId, session, offer)).state,

    /** A Stripe Checkout Session for a paid plan (with the trial when the member may have it): its URL. */
    async checkout(user: SessionUser, planId: PaidPlanId, withTrial: boolean): Promise<RedirectResult> {
      const { prices } = requireStripe();
      const { subscription } = await settings.get();
      return openCheckout(
        user,
        (minute) => ({
          params: {
            mode: "subscription",
            line_items: [{ price: prices[planId], quantity: 1 }],
            cancel_url: `${config.publicUrl}/checkout/cancel`,
            metadata: { userId: user.id, planId },
            subscription_data: {
              metadata: { userId: user.id, planId },
              ...(withTrial ? { trial_period_days: subscription.trialPeriodDays } : {}),
            },
          },
          idempotencyKey: `lawguide-checkout-${user.id}-${planId}-${withTrial ? "trial" : "paid"}-${minute}`,
        }),
        { plan: planId, templateId: null, withTrial },
        { message: "Checkout started", details: { planId, withTrial } },
      );
    },

    /** How a Stripe checkout of the member's ended, as Stripe has it now (its subscription stored when complete). */
    async syncCheckout(userId: string, sessionId: string): Promise<CheckoutOutcome["state"]> {
      const { stripe } = requireStripe();
      const remote = await stripe.checkout.sessions.retrieve(sessionId);
      if (remote.status === "expired") {
        await endCheckoutSession(db, sessionId, "expired");
        return "failed";
      }
      if (remote.status === "complete" && remote.subscription) {
        const subId = typeof remote.subscription === "string" ? remote.subscription : remote.subscription.id;
        const saved = await storeFromStripe(userId, await fetchSubscription(subId));
        await endCheckoutSession(db, sessionId, "complete");
        return !saved
          ? "failed"
          : isActiveStatus(saved.status)
            ? "complete"
            : saved.status === "incomplete"
              ? "pending"
              : "failed";
      }
      return "pending";
    },

    /** Cancel a Stripe subscription at the end of its period, or take that back, and store the result. */
    async setCancelAtPeriodEnd(userId: string, subscriptionId: string, cancel: boolean): Promise<void> {
      const { stripe, prices } = requireStripe();
      const sub = await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancel,
        expand: ["default_payment_method"],
      });
      await storeFromStripe(userId, readSubscription(sub, prices));
    },

    /**
     * A Stripe webhook: the signature is checked on the raw body (400 and nothing changes when it
     * does not match); each event is processed once; the subscription is read from Stripe and
     * stored as it is now, so late or reordered events still end in Stripe's state.
     *
     * Which answers make Stripe send the event again: an event LawGuide cannot use (not an event's
     * shape, no subscription named, a subscription Stripe does not know, a price LawGuide does not
     * sell) is acknowledged (200), recorded and logged for administrators, since sending it again
     * would change nothing. A failure that may pass (Stripe unreachable or failing: 503; the
     * database: 500) records nothing, so Stripe sends the event again later.
     */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
      const { stripe } = requireStripe();
      let signed: unknown;
      try {
        signed = stripe.webhooks.constructEvent(rawBody, signature ?? "", config.stripe?.webhookSecret ?? "");
      } catch {
        throw new ApiError(400, ERROR_CODES.badSignature, "The webhook signature could not be verified.");
      }
      const parsed = stripeEventSchema.safeParse(signed);
      if (!parsed.success) return ignoreEvent(null, "not an event LawGuide can read", describeUnreadable(signed));
      const event = parsed.data;
      if (await isEventProcessed(db, event.id)) return { received: true };
      if (event.type.startsWith("checkout.session.") && event.data.object.mode === "payment") {
        return handleTemplateEvent(event);
      }
      if (!SUBSCRIPTION_EVENTS.has(event.type)) {
        await applyStripeEvent(db, event, null, null);
        return { received: true };
      }
      const subscriptionId = subscriptionIdOf(event);
      if (!subscriptionId) return ignoreEvent(event, "it names no subscription");
      let state: StripeSubscriptionState;
      try {
        state = await fetchSubscription(subscriptionId);
      } catch (error) {
        if (isPermanentStripeRefusal(error)) {
          return ignoreEvent(event, "Stripe does not know its subscription", {
            subscriptionId,
            stripeCode: (error as { code?: unknown }).code ?? null,
          });
        }
        logger.warn({ fault: describeFault(error), eventId: event.id }, "Stripe could not be read; the event waits");
        throw new ApiError(503, ERROR_CODES.stripeUnavailable, BILLING_TEXT.paymentsUnavailable, undefined, {
          "Retry-After": "60",
        });
      }
      let userId = await ownerOf(state);
      const checkoutSessionId = event.type === "checkout.session.completed" ? checkoutSessionIdOf(event) : null;
      if (!userId && checkoutSessionId) {
        const session = await findCheckoutSession(db, checkoutSessionId);
        userId = session?.userId ?? null;
        const customerId = customerIdOf(state);
        if (userId && customerId) await setCustomerId(db, userId, customerId);
      }
      if (!userId) {
        // Not a subscription of ours (another application on the same Stripe account): done with it.
        await applyStripeEvent(db, event, null, null);
        return { received: true };
      }
      if (!state.plan) return ignoreEvent(event, UNKNOWN_PRICE, unknownPriceDetails(state), userId);
      const row = await rowFromStripe(userId, { ...state, plan: state.plan });
      // The event's mail is written first and queued in the transaction that records the event:
      // an event recorded as processed has its mail queued, and one that is not is sent again.
      const mailKind = paymentMailKindOf(event);
      const mail = mailKind
        ? await store.paymentMail(
            userId,
            mailKind,
            paidPlanOf(row.plan),
            mailKind === "trial_ending" ? (row.currentPeriodEnd ?? null) : null,
          )
        : null;
      const applied = await applyStripeEvent(
        db,
        event,
        row,
        store.logRow(userId, `Stripe ${event.type}`, {
          eventId: event.id,
          subscriptionId: state.stripeSubscriptionId,
          status: state.status,
          planId: row.plan,
        }),
        async (tx) => {
          // A trial's reminder is sent once, whichever of Stripe's events about it comes first.
          if (mailKind === "trial_ending" && !(await markTrialReminded(tx, userId))) return;
          if (mail) await store.queueMail(mail, tx);
        },
      );
      if (!applied) return { received: true };
      if (mail) store.wakeMail();
      if (checkoutSessionId) await endCheckoutSession(db, checkoutSessionId, "complete");
      return { received: true };
    },
  };
}
