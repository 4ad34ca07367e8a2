import { randomBytes } from "node:crypto";
import { ADMIN_USERS_TEXT, BILLING_TEXT } from "@shared/messages";
import { entitledPlan, isActiveStatus, type PaidPlanId, PLANS, paidPlanOf, trialDaysOf } from "@shared/plans";
import type {
  BillingStatus,
  CheckoutOutcome,
  DemoCheckout,
  DemoPayment,
  RedirectResult,
  SubscriptionView,
} from "@shared/schemas/billing";
import { stripeEventSchema } from "@shared/schemas/billing";
import type { SessionUser } from "@shared/session";
import { mailSignOff } from "@shared/site";
import type Stripe from "stripe";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ApiError, conflict, invalidInput, notFound } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import type { Actor, LogService } from "../logs/logs.service";
import type { MemberNotifier } from "../mail/notify-member";
import type { SettingsService } from "../settings/settings.service";
import {
  applyStripeEvent,
  claimEndingTrials,
  completeDemoCheckout,
  endCheckoutSession,
  findCheckoutSession,
  findCustomerId,
  findOwnCheckoutSession,
  findSubscription,
  findUserIdByCustomer,
  insertCheckoutSession,
  isEventProcessed,
  markTrialReminded,
  type NewSubscription,
  type SubscriptionRow,
  setCustomerId,
  storeSubscriptionWithAudit,
  upsertSubscription,
  userExists,
} from "./billing.queries";
import {
  checkoutSessionIdOf,
  customerIdOf,
  isPermanentStripeRefusal,
  readSubscription,
  STRIPE_SUBSCRIPTION_EVENTS,
  type StripeSubscriptionState,
  subscriptionIdOf,
} from "./stripe-gateway";

const DAY_MS = 24 * 3_600_000;
/** A paid period of the demo checkout (and of the demo Premium account). */
const DEMO_PERIOD_DAYS = 30;
/** Members are told this many days before their trial ends. */
const TRIAL_REMINDER_DAYS = 2;
/** The demo checkout's test cards, as Stripe's test mode has them. */
const DEMO_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;

const SUBSCRIPTION_EVENTS = new Set<string>(STRIPE_SUBSCRIPTION_EVENTS);

/** Stripe statuses after which the subscription is over (an administrator may grant a plan then). */
const STRIPE_ENDED = new Set(["canceled", "incomplete_expired"]);

/** What an audit row records of a subscription. */
function auditedSubscription(row: NewSubscription): Record<string, unknown> {
  return {
    plan: row.plan,
    status: row.status,
    source: row.source,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
  };
}

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  const planId = paidPlanOf(row.plan);
  return {
    plan: PLANS[planId].name,
    planId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethodBrand: row.paymentMethodBrand,
    paymentMethodLast4: row.paymentMethodLast4,
    graceUntil: row.graceUntil?.toISOString() ?? null,
    source: row.source,
  };
}

/**
 * Premium and Basic subscriptions (DESIGN section 1: a plan comes only from a verified Stripe
 * event, the demo checkout in embedded mode, or an administrator). With Stripe configured:
 * Checkout, verified webhooks that store Stripe's current state whatever order events arrive in,
 * and the customer portal. Without it: LawGuide's own test checkout, clearly marked, through the
 * same code that stores a subscription. Both: cancel at the end of the period, resume, a grace
 * period after a failed payment, one free trial per member.
 */
export function createBillingService(deps: {
  db: Db;
  config: Pick<Config, "publicUrl" | "stripe">;
  stripe: Stripe | null;
  settings: SettingsService;
  logs: LogService;
  notifier: MemberNotifier;
  logger: Logger;
}) {
  const { db, config, stripe, settings, logs, notifier, logger } = deps;
  const mode: BillingStatus["mode"] = stripe && config.stripe ? "stripe" : "demo";

  async function trialAvailable(userId: string, planId: PaidPlanId): Promise<boolean> {
    const { subscription } = await settings.get();
    if (trialDaysOf(planId, subscription) === 0) return false;
    const row = await findSubscription(db, userId);
    return !row?.trialUsedAt;
  }

  /** The grace period: set when a payment first fails, cleared once the subscription is in good standing. */
  async function graceFor(status: string, existing: SubscriptionRow | null): Promise<Date | null> {
    if (status !== "past_due") return null;
    if (existing?.graceUntil) return existing.graceUntil;
    const { subscription } = await settings.get();
    return new Date(Date.now() + subscription.gracePeriodDays * DAY_MS);
  }

  /** The demo clock: a demo period that has passed renews (nothing is charged) or ends if cancelled. */
  async function rollDemoPeriod(row: SubscriptionRow | null): Promise<SubscriptionRow | null> {
    if (row?.source !== "demo" || !isActiveStatus(row.status) || !row.currentPeriodEnd) return row;
    const now = Date.now();
    if (row.currentPeriodEnd.getTime() > now) return row;
    if (row.cancelAtPeriodEnd) {
      return upsertSubscription(db, { ...row, status: "canceled", cancelAtPeriodEnd: false });
    }
    let end = row.currentPeriodEnd.getTime();
    while (end <= now) end += DEMO_PERIOD_DAYS * DAY_MS;
    return upsertSubscription(db, {
      ...row,
      status: "active",
      currentPeriodStart: new Date(end - DEMO_PERIOD_DAYS * DAY_MS),
      currentPeriodEnd: new Date(end),
    });
  }

  async function currentRow(userId: string): Promise<SubscriptionRow | null> {
    return rollDemoPeriod(await findSubscription(db, userId));
  }

  async function status(userId: string): Promise<BillingStatus> {
    const row = await currentRow(userId);
    const { subscription } = await settings.get();
    return {
      mode,
      plan: entitledPlan(row).plan,
      subscription: row ? toSubscriptionView(row) : null,
      trialAvailable: await trialAvailable(userId, "premium"),
      trialDays: subscription.trialPeriodDays,
    };
  }

  async function paymentLog(userId: string, message: string, metadata: Record<string, unknown>) {
    return logs.appRow({ userId, category: "payment", message, metadata });
  }

  /** Payment mail (receipt, failure, trial ending) when the settings and the member's preferences allow. */
  async function paymentMail(
    userId: string,
    kind: "receipt" | "failed" | "trial_ending",
    planId: PaidPlanId,
    trialEndsAt: Date | null = null,
  ) {
    try {
      await notifier.notifyMember(userId, "payment", (_member, { general }) => {
        const plan = PLANS[planId].name;
        const site = general.siteName;
        const link = `${config.publicUrl}/dashboard/premium`;
        const endDate = (trialEndsAt ?? new Date()).toLocaleDateString("en-US", {
          month: "long",
          day: "numeric",
          year: "numeric",
          timeZone: "UTC",
        });
        const mails = {
          receipt: {
            subject: `Your ${site} ${plan} payment`,
            text: `Thank you: your payment for ${site} ${plan} went through. Your receipt from our payment provider is on its way separately.\n\nSee or change your subscription: ${link}`,
          },
          failed: {
            subject: `Your ${site} ${plan} payment did not go through`,
            text: `Your last payment for ${site} ${plan} did not go through. Your plan stays in force for a few days while you update your payment method:\n\n${link}\n\nAfter that, your account moves to the Free plan. Nothing of yours is deleted.`,
          },
          trial_ending: {
            subject: `Your ${site} ${plan} trial ends on ${endDate}`,
            text: `Your free trial of ${site} ${plan} ends on ${endDate}. If you keep it, your subscription starts then and the first payment is taken; you can cancel before at no cost:\n\n${link}`,
          },
        };
        const mail = mails[kind];
        return { subject: mail.subject, text: `${mail.text}\n\n${mailSignOff(general)}` };
      });
    } catch (error) {
      logger.warn({ fault: describeFault(error), userId, kind }, "payment mail not sent");
    }
  }

  // ---------------------------------------------------------------- Stripe

  function requireStripe(): { stripe: Stripe; prices: NonNullable<Config["stripe"]>["prices"] } {
    if (!stripe || !config.stripe) throw new ApiError(409, "PAYMENTS_DEMO", BILLING_TEXT.paymentsUnavailable);
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

  /**
   * The subscription row for Stripe's current state of a subscription (grace and trial kept). Only
   * a subscription on one of the configured prices has a plan: the caller stores nothing else.
   */
  async function rowFromStripe(
    userId: string,
    state: StripeSubscriptionState & { plan: PaidPlanId },
  ): Promise<NewSubscription> {
    const existing = await findSubscription(db, userId);
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

  /** What the application log says of a subscription on a price LawGuide does not sell. */
  const UNKNOWN_PRICE = "Stripe subscription on a price LawGuide does not sell: no plan given";
  const unknownPriceDetails = (state: StripeSubscriptionState) => ({
    subscriptionId: state.stripeSubscriptionId,
    priceId: state.priceId,
    status: state.status,
    hint: "Check STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM against the prices in Stripe.",
  });

  /**
   * Store a Stripe subscription for its member outside any event (sync, cancel, resume). A price
   * LawGuide does not sell gives nothing: nothing is stored, and administrators see a warning.
   */
  async function storeFromStripe(userId: string, state: StripeSubscriptionState): Promise<SubscriptionRow | null> {
    if (!state.plan) {
      await logs.app({
        userId,
        level: "warn",
        category: "payment",
        message: UNKNOWN_PRICE,
        metadata: unknownPriceDetails(state),
      });
      return null;
    }
    return upsertSubscription(db, await rowFromStripe(userId, { ...state, plan: state.plan }));
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
    const entry = {
      userId,
      level: "warn" as const,
      category: "payment" as const,
      message: `Stripe event ignored: ${reason}`,
      metadata: { ...(event ? { eventId: event.id, type: event.type } : {}), ...details },
    };
    if (event) await applyStripeEvent(db, event, null, logs.appRow(entry));
    else await logs.app(entry);
    return { received: true };
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
      throw new ApiError(502, "PORTAL_FAILED", BILLING_TEXT.unexpected);
    }
  }

  /** Cancel at the end of the period, or take that back (Stripe, or the demo subscription). */
  async function setCancelAtPeriodEnd(user: SessionUser, cancel: boolean): Promise<BillingStatus> {
    const row = await currentRow(user.id);
    if (!row || !isActiveStatus(row.status)) throw conflict(BILLING_TEXT.noSubscription);
    // A granted plan ends on the administrator's date: resuming it would make it last for ever.
    if (row.source === "admin") throw conflict(ADMIN_USERS_TEXT.grantFixed);
    if (row.source === "stripe" && row.stripeSubscriptionId) {
      const { stripe, prices } = requireStripe();
      const sub = await stripe.subscriptions.update(row.stripeSubscriptionId, {
        cancel_at_period_end: cancel,
        expand: ["default_payment_method"],
      });
      await storeFromStripe(user.id, readSubscription(sub, prices));
    } else {
      await upsertSubscription(db, { ...row, cancelAtPeriodEnd: cancel });
    }
    await logs.app({
      userId: user.id,
      category: "payment",
      message: cancel ? "Subscription set to end with its period" : "Subscription resumed",
      metadata: { planId: row.plan, source: row.source },
    });
    return status(user.id);
  }

  return {
    mode,
    status,

    /** The member's subscription for the profile (null without one). */
    async subscriptionView(userId: string): Promise<SubscriptionView | null> {
      const row = await currentRow(userId);
      return row ? toSubscriptionView(row) : null;
    },

    /**
     * Start a checkout for a paid plan: Stripe Checkout (its URL) or the demo checkout (our page).
     * A member who already pays through Stripe goes to the portal to change plan instead of
     * paying twice; one already on this plan is told so.
     */
    async checkout(user: SessionUser, planId: PaidPlanId): Promise<RedirectResult> {
      const row = await currentRow(user.id);
      const inForce = entitledPlan(row).plan;
      if (inForce === planId && row && isActiveStatus(row.status) && !row.cancelAtPeriodEnd) {
        if (mode === "stripe" && row.source === "stripe") return portal(user);
        throw conflict(BILLING_TEXT.alreadySubscribed);
      }
      if (mode === "stripe" && row?.source === "stripe" && isActiveStatus(row.status)) return portal(user);
      const withTrial = await trialAvailable(user.id, planId);
      if (mode === "demo") {
        const id = `demo_${randomBytes(18).toString("base64url").replace(/-/g, "x")}`;
        await insertCheckoutSession(db, { id, userId: user.id, plan: planId, provider: "demo", withTrial });
        return { url: `/checkout/demo/${id}` };
      }
      const { stripe, prices } = requireStripe();
      const { subscription } = await settings.get();
      try {
        const customer = await ensureCustomer(user);
        const minute = Math.floor(Date.now() / 60_000);
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer,
            client_reference_id: user.id,
            line_items: [{ price: prices[planId], quantity: 1 }],
            success_url: `${config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${config.publicUrl}/checkout/cancel`,
            metadata: { userId: user.id, planId },
            subscription_data: {
              metadata: { userId: user.id, planId },
              ...(withTrial ? { trial_period_days: subscription.trialPeriodDays } : {}),
            },
          },
          // A second click within the minute gets the same session instead of a second one.
          { idempotencyKey: `lawguide-checkout-${user.id}-${planId}-${withTrial ? "trial" : "paid"}-${minute}` },
        );
        if (!session.url) throw new ApiError(502, "CHECKOUT_FAILED", BILLING_TEXT.noCheckoutUrl);
        await insertCheckoutSession(db, {
          id: session.id,
          userId: user.id,
          plan: planId,
          provider: "stripe",
          withTrial,
        });
        await logs.app({
          userId: user.id,
          category: "payment",
          message: "Checkout started",
          metadata: { planId, sessionId: session.id, withTrial },
        });
        return { url: session.url };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        logger.error({ fault: describeFault(error), userId: user.id }, "checkout session not created");
        throw new ApiError(502, "CHECKOUT_FAILED", BILLING_TEXT.checkoutFailed);
      }
    },

    portal,

    /**
     * How a checkout of the member's own ended, read again at once (the success page does not
     * wait for the webhook). Someone else's session is not found.
     */
    async sync(user: SessionUser, sessionId: string): Promise<CheckoutOutcome> {
      const session = await findOwnCheckoutSession(db, sessionId, user.id);
      if (!session) throw notFound(BILLING_TEXT.sessionNotFound);
      const planId = paidPlanOf(session.plan);
      let state: CheckoutOutcome["state"] =
        session.status === "complete" ? "complete" : session.status === "open" ? "pending" : "failed";
      if (session.provider === "stripe" && session.status !== "declined") {
        const { stripe } = requireStripe();
        const remote = await stripe.checkout.sessions.retrieve(sessionId);
        if (remote.status === "expired") {
          await endCheckoutSession(db, sessionId, "expired");
          state = "failed";
        } else if (remote.status === "complete" && remote.subscription) {
          const subId = typeof remote.subscription === "string" ? remote.subscription : remote.subscription.id;
          const saved = await storeFromStripe(user.id, await fetchSubscription(subId));
          await endCheckoutSession(db, sessionId, "complete");
          state = !saved
            ? "failed"
            : isActiveStatus(saved.status)
              ? "complete"
              : saved.status === "incomplete"
                ? "pending"
                : "failed";
        } else {
          state = "pending";
        }
      }
      return { state, planId, status: await status(user.id) };
    },

    /** The demo checkout page's session (the member's own, demo mode only). */
    async demoCheckout(user: SessionUser, sessionId: string): Promise<DemoCheckout> {
      const session = await findOwnCheckoutSession(db, sessionId, user.id);
      if (session?.provider !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
      const planId = paidPlanOf(session.plan);
      const { subscription } = await settings.get();
      return {
        sessionId,
        planId,
        planName: PLANS[planId].name,
        priceCents: PLANS[planId].priceCents,
        trialDays: session.withTrial ? subscription.trialPeriodDays : 0,
        state: session.status as DemoCheckout["state"],
      };
    },

    /**
     * Pay the demo checkout with a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002
     * is declined, anything else is refused as invalid. Success stores the subscription through
     * the same code as Stripe's events (trial once, a 30-day period, the plan).
     */
    async demoPay(user: SessionUser, sessionId: string, card: DemoPayment): Promise<RedirectResult> {
      if (mode !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
      const session = await findOwnCheckoutSession(db, sessionId, user.id);
      if (session?.provider !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
      if (session.status !== "open") throw conflict(BILLING_TEXT.checkoutEnded);
      const [month, year] = card.expiry.split("/").map((part) => Number(part.trim()));
      const expires = new Date(Date.UTC(2000 + (year ?? 0), month ?? 0, 1));
      if (expires.getTime() <= Date.now())
        throw invalidInput(BILLING_TEXT.expiryInvalid, { expiry: BILLING_TEXT.expiryInvalid });
      if (card.cardNumber === DEMO_CARDS.declined) {
        await endCheckoutSession(db, sessionId, "declined");
        await logs.app({
          userId: user.id,
          level: "warn",
          category: "payment",
          message: "Demo payment declined",
          metadata: { sessionId, planId: session.plan },
        });
        throw new ApiError(402, "CARD_DECLINED", BILLING_TEXT.cardDeclined);
      }
      if (card.cardNumber !== DEMO_CARDS.success) {
        throw invalidInput(BILLING_TEXT.cardInvalid, { cardNumber: BILLING_TEXT.cardInvalid });
      }
      const planId = paidPlanOf(session.plan);
      const { subscription } = await settings.get();
      const now = new Date();
      const log = (trial: boolean) =>
        logs.appRow({
          userId: user.id,
          category: "payment",
          message: trial ? "Demo subscription started with a free trial" : "Demo payment succeeded",
          metadata: { sessionId, planId },
        });
      // One subscription per member: decided under the member's lock, on the subscription the
      // member's previous payment left. A checkout opened before another one was paid is stale
      // while that payment's plan is in force; one opened after it changes the plan (the newest
      // payment is the plan).
      const outcome = await completeDemoCheckout(db, sessionId, user.id, ({ existing, paidSinceOpened }) => {
        if (paidSinceOpened && entitledPlan(existing).plan !== "free") return "refused";
        const trial = session.withTrial && !existing?.trialUsedAt;
        const periodEnd = new Date(now.getTime() + (trial ? subscription.trialPeriodDays : DEMO_PERIOD_DAYS) * DAY_MS);
        return {
          subscription: {
            userId: user.id,
            source: "demo",
            plan: planId,
            priceId: `demo-${planId}`,
            status: trial ? "trialing" : "active",
            currentPeriodStart: now,
            currentPeriodEnd: periodEnd,
            cancelAtPeriodEnd: false,
            paymentMethodBrand: "visa",
            paymentMethodLast4: card.cardNumber.slice(-4),
            graceUntil: null,
            trialUsedAt: existing?.trialUsedAt ?? (trial ? now : null),
            stripeCustomerId: null,
            stripeSubscriptionId: null,
          },
          log: log(trial),
        };
      });
      if (outcome === "ended") throw conflict(BILLING_TEXT.checkoutEnded);
      if (outcome === "refused") throw conflict(BILLING_TEXT.alreadyPaid);
      if (outcome.saved.status !== "trialing") await paymentMail(user.id, "receipt", planId);
      return { url: `/checkout/success?session_id=${encodeURIComponent(sessionId)}` };
    },

    /** Cancel at the end of the period (Stripe, or the demo subscription). */
    cancel: (user: SessionUser) => setCancelAtPeriodEnd(user, true),

    /** Take the cancellation back while the period lasts. */
    resume: (user: SessionUser) => setCancelAtPeriodEnd(user, false),

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
        throw new ApiError(400, "BAD_SIGNATURE", "The webhook signature could not be verified.");
      }
      const parsed = stripeEventSchema.safeParse(signed);
      if (!parsed.success) return ignoreEvent(null, "not an event LawGuide can read", describeUnreadable(signed));
      const event = parsed.data;
      if (await isEventProcessed(db, event.id)) return { received: true };
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
        throw new ApiError(503, "STRIPE_UNAVAILABLE", BILLING_TEXT.paymentsUnavailable, undefined, {
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
      const applied = await applyStripeEvent(
        db,
        event,
        row,
        await paymentLog(userId, `Stripe ${event.type}`, {
          eventId: event.id,
          subscriptionId: state.stripeSubscriptionId,
          status: state.status,
          planId: row.plan,
        }),
      );
      if (!applied) return { received: true };
      if (checkoutSessionId) await endCheckoutSession(db, checkoutSessionId, "complete");
      const planId = paidPlanOf(row.plan);
      const amountPaid = event.data.object.amount_paid;
      if (event.type === "invoice.paid" && typeof amountPaid === "number" && amountPaid > 0) {
        await paymentMail(userId, "receipt", planId);
      } else if (event.type === "invoice.payment_failed") {
        await paymentMail(userId, "failed", planId);
      } else if (event.type === "customer.subscription.trial_will_end" && (await markTrialReminded(db, userId))) {
        await paymentMail(userId, "trial_ending", planId, row.currentPeriodEnd ?? null);
      }
      return { received: true };
    },

    /**
     * Tell demo members whose trial ends within two days (Stripe sends its own event for real
     * subscriptions). Run by the housekeeping; each trial is told about once.
     */
    async remindEndingTrials(): Promise<number> {
      const ending = await claimEndingTrials(db, "demo", new Date(Date.now() + TRIAL_REMINDER_DAYS * DAY_MS));
      for (const trial of ending) {
        const planId = paidPlanOf(trial.plan);
        await paymentMail(trial.userId, "trial_ending", planId, trial.endsAt);
      }
      return ending.length;
    },

    /**
     * Keep a demo subscription active (embedded mode's Premium demo account): a 30-day period,
     * renewed whenever it has run out.
     */
    async ensureDemoPremium(userId: string): Promise<void> {
      const current = await findSubscription(db, userId);
      const now = new Date();
      if (current && current.status === "active" && current.currentPeriodEnd && current.currentPeriodEnd > now) return;
      await upsertSubscription(db, {
        userId,
        source: "demo",
        plan: "premium",
        status: "active",
        priceId: "demo-premium",
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + DEMO_PERIOD_DAYS * DAY_MS),
        cancelAtPeriodEnd: false,
        paymentMethodBrand: "visa",
        paymentMethodLast4: "4242",
      });
    },

    /**
     * An administrator grants a plan for `days` days from now, without payment (source 'admin'):
     * it ends by itself on that date (cancelled at the end of its period), and neither the member
     * nor a renewal extends it. Audited with the subscription before and after. A member who pays
     * through Stripe is changed in Stripe instead (409).
     */
    async grantPlan(
      userId: string,
      grant: { planId: PaidPlanId; days: number },
      actor: Actor,
    ): Promise<SubscriptionView> {
      const existing = await findSubscription(db, userId);
      if (existing?.source === "stripe" && !STRIPE_ENDED.has(existing.status)) {
        throw conflict(ADMIN_USERS_TEXT.paidThroughStripe);
      }
      const now = new Date();
      const row: NewSubscription = {
        userId,
        source: "admin",
        plan: grant.planId,
        status: "active",
        priceId: null,
        stripeCustomerId: existing?.stripeCustomerId ?? null,
        stripeSubscriptionId: null,
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + grant.days * DAY_MS),
        cancelAtPeriodEnd: true,
        paymentMethodBrand: null,
        paymentMethodLast4: null,
        graceUntil: null,
        trialUsedAt: existing?.trialUsedAt ?? null,
      };
      const saved = await storeSubscriptionWithAudit(
        db,
        row,
        logs.auditRow({
          ...actor,
          action: "subscription.grant",
          tableName: "subscriptions",
          recordId: userId,
          oldValues: existing ? auditedSubscription(existing) : null,
          newValues: { ...auditedSubscription(row), days: grant.days },
        }),
      );
      return toSubscriptionView(saved);
    },

    /** Take back a plan an administrator granted: it ends now. Audited. Any other subscription: 409. */
    async revokeGrant(userId: string, actor: Actor): Promise<SubscriptionView> {
      const existing = await findSubscription(db, userId);
      if (existing?.source !== "admin" || entitledPlan(existing).plan === "free") {
        throw conflict(ADMIN_USERS_TEXT.noGrantToRevoke);
      }
      const now = new Date();
      const row: NewSubscription = { ...existing, status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now };
      const saved = await storeSubscriptionWithAudit(
        db,
        row,
        logs.auditRow({
          ...actor,
          action: "subscription.revoke",
          tableName: "subscriptions",
          recordId: userId,
          oldValues: auditedSubscription(existing),
          newValues: auditedSubscription(row),
        }),
      );
      return toSubscriptionView(saved);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
