import { randomBytes } from "node:crypto";
import { ERROR_CODES } from "@shared/api-error";
import { BILLING_TEXT } from "@shared/messages";
import { entitledPlan, isActiveStatus, type PaidPlanId, PLANS, paidPlanOf } from "@shared/plans";
import type { DemoCheckout, DemoPayment, RedirectResult } from "@shared/schemas/billing";
import type { SessionUser } from "@shared/session";
import { formatTemplatePrice, type TemplateOffer, templateOffer } from "@shared/template-offers";
import { ApiError, conflict, invalidInput, notFound } from "../../lib/errors";
import {
  type CheckoutSessionRow,
  claimEndingTrials,
  completeDemoCheckout,
  endCheckoutSession,
  findOpenTemplateCheckout,
  findOwnCheckoutSession,
  hasTemplatePurchase,
  insertCheckoutSession,
  recordTemplatePurchase,
  type SubscriptionRow,
} from "./billing.queries";
import { DEMO_CARD_TEXT } from "./demo-card";
import { type BillingDeps, DAY_MS, type SubscriptionStore } from "./subscription-store";

/** A paid period of the demo checkout (and of the demo Premium account). */
const DEMO_PERIOD_DAYS = 30;
/** Members are told this many days before their trial ends. */
const TRIAL_REMINDER_DAYS = 2;
/** The demo checkout's test cards, as Stripe's test mode has them. */
const DEMO_CARDS = { success: "4242424242424242", declined: "4000000000000002" } as const;

/**
 * LawGuide's own test checkout (embedded mode, no Stripe), clearly marked: a checkout page paid
 * with Stripe's test cards, a demo clock that renews or ends a paid period, trial reminders, and
 * the demo Premium account. A payment is stored the way Stripe's events store theirs.
 */
export function createDemoCheckout(deps: Pick<BillingDeps, "db" | "settings"> & { store: SubscriptionStore }) {
  const { db, settings, store } = deps;

  const newSessionId = () => `demo_${randomBytes(18).toString("base64url").replace(/-/g, "x")}`;

  /** The member's own open demo session, or why not. */
  async function openSession(user: SessionUser, sessionId: string): Promise<CheckoutSessionRow> {
    const session = await findOwnCheckoutSession(db, sessionId, user.id);
    if (session?.provider !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
    if (session.status !== "open") throw conflict(BILLING_TEXT.checkoutEnded);
    return session;
  }

  /**
   * The test card's answer: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined (the
   * session ends declined), any other number is refused with the test cards named (a member who
   * typed a real card learns that nothing is charged here), as is an expiry in the past.
   */
  async function chargeTestCard(user: SessionUser, session: CheckoutSessionRow, card: DemoPayment): Promise<void> {
    const [month, year] = card.expiry.split("/").map((part) => Number(part.trim()));
    const expires = new Date(Date.UTC(2000 + (year ?? 0), month ?? 0, 1));
    if (expires.getTime() <= Date.now())
      throw invalidInput(BILLING_TEXT.expiryInvalid, { expiry: BILLING_TEXT.expiryInvalid });
    if (card.cardNumber === DEMO_CARDS.declined) {
      await endCheckoutSession(db, session.id, "declined");
      await store.log(
        user.id,
        "Demo payment declined",
        {
          sessionId: session.id,
          ...(session.templateId ? { templateId: session.templateId } : { planId: session.plan }),
        },
        "warn",
      );
      throw new ApiError(402, ERROR_CODES.cardDeclined, BILLING_TEXT.cardDeclined);
    }
    if (card.cardNumber !== DEMO_CARDS.success) {
      throw invalidInput(DEMO_CARD_TEXT.testCardsOnly, { cardNumber: DEMO_CARD_TEXT.testCardsOnly });
    }
  }

  /** A template bought once with a test card: recorded with its session, then the receipt. */
  async function payTemplate(user: SessionUser, session: CheckoutSessionRow, offer: TemplateOffer): Promise<void> {
    // The receipt is written first and queued with the purchase: both are kept, or neither.
    const receipt = await store.templateReceipt(user.id, offer);
    const recorded = await recordTemplatePurchase(
      db,
      {
        userId: user.id,
        templateId: offer.id,
        amountCents: offer.priceCents,
        provider: "demo",
        checkoutSessionId: session.id,
      },
      store.logRow(user.id, "Demo payment succeeded: template bought", {
        sessionId: session.id,
        templateId: offer.id,
        amount: formatTemplatePrice(offer.priceCents),
      }),
      async (tx) => {
        if (receipt) await store.queueMail(receipt, tx);
      },
    );
    if (recorded === "duplicate") {
      // Owned through another checkout paid a moment before: nothing is taken for this one.
      await endCheckoutSession(db, session.id, "expired");
      throw conflict(BILLING_TEXT.templateOwnedNothingCharged);
    }
    if (recorded === "already") throw conflict(BILLING_TEXT.checkoutEnded);
    if (receipt) store.wakeMail();
  }

  return {
    /** The demo clock: a demo period that has passed renews (nothing is charged) or ends if cancelled. */
    async rollPeriod(row: SubscriptionRow | null): Promise<SubscriptionRow | null> {
      if (row?.source !== "demo" || !isActiveStatus(row.status) || !row.currentPeriodEnd) return row;
      const now = Date.now();
      if (row.currentPeriodEnd.getTime() > now) return row;
      if (row.cancelAtPeriodEnd) {
        return store.save({ ...row, status: "canceled", cancelAtPeriodEnd: false });
      }
      let end = row.currentPeriodEnd.getTime();
      while (end <= now) end += DEMO_PERIOD_DAYS * DAY_MS;
      return store.save({
        ...row,
        status: "active",
        currentPeriodStart: new Date(end - DEMO_PERIOD_DAYS * DAY_MS),
        currentPeriodEnd: new Date(end),
      });
    },

    /** Open a demo checkout for a paid plan: the URL of our own checkout page. */
    async open(userId: string, planId: PaidPlanId, withTrial: boolean): Promise<RedirectResult> {
      const id = newSessionId();
      await insertCheckoutSession(db, { id, userId, plan: planId, provider: "demo", withTrial });
      return { url: `/checkout/demo/${id}` };
    },

    /**
     * Open a demo checkout for a template bought once (a one-off payment, no trial), or give back
     * the one the member already has open for it (one open checkout per member and template).
     */
    async openTemplate(userId: string, offer: TemplateOffer): Promise<RedirectResult> {
      const open = await findOpenTemplateCheckout(db, userId, offer.id);
      if (open?.provider === "demo") return { url: `/checkout/demo/${open.id}` };
      const id = newSessionId();
      const row = { id, userId, plan: "template", templateId: offer.id, provider: "demo", withTrial: false };
      if (!(await insertCheckoutSession(db, row))) {
        // Opened by another request at the same moment: that one is the member's checkout.
        const other = await findOpenTemplateCheckout(db, userId, offer.id);
        if (other) return { url: `/checkout/demo/${other.id}` };
        throw conflict(BILLING_TEXT.checkoutEnded);
      }
      await store.log(userId, "Checkout started: template", { sessionId: id, templateId: offer.id });
      return { url: `/checkout/demo/${id}` };
    },

    /** The demo checkout page's session (the member's own). */
    async page(user: SessionUser, sessionId: string): Promise<DemoCheckout> {
      const session = await findOwnCheckoutSession(db, sessionId, user.id);
      if (session?.provider !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
      const state = session.status as DemoCheckout["state"];
      const offer = session.templateId ? templateOffer(session.templateId) : null;
      if (session.templateId) {
        if (!offer) throw notFound(BILLING_TEXT.sessionNotFound);
        return {
          sessionId,
          planId: null,
          templateId: offer.id,
          name: offer.name,
          priceCents: offer.priceCents,
          trialDays: 0,
          state,
        };
      }
      const planId = paidPlanOf(session.plan);
      const { subscription } = await settings.get();
      return {
        sessionId,
        planId,
        templateId: null,
        name: PLANS[planId].name,
        priceCents: PLANS[planId].priceCents,
        trialDays: session.withTrial ? subscription.trialPeriodDays : 0,
        state,
      };
    },

    /**
     * Pay the demo checkout with a test card (`chargeTestCard`). A template is recorded as bought;
     * a plan's subscription is stored through the same code as Stripe's events (trial once, a
     * 30-day period, the plan).
     */
    async pay(user: SessionUser, sessionId: string, card: DemoPayment): Promise<RedirectResult> {
      const session = await openSession(user, sessionId);
      if (session.templateId && (await hasTemplatePurchase(db, user.id, session.templateId))) {
        // Owned already (bought through another checkout): refused before any card is charged.
        await endCheckoutSession(db, session.id, "expired");
        throw conflict(BILLING_TEXT.templateOwned);
      }
      await chargeTestCard(user, session, card);
      const success = { url: `/checkout/success?session_id=${encodeURIComponent(sessionId)}` };
      if (session.templateId) {
        const offer = templateOffer(session.templateId);
        if (!offer) throw notFound(BILLING_TEXT.sessionNotFound);
        await payTemplate(user, session, offer);
        return success;
      }
      const planId = paidPlanOf(session.plan);
      const { subscription } = await settings.get();
      const now = new Date();
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
          log: store.logRow(user.id, trial ? "Demo subscription started with a free trial" : "Demo payment succeeded", {
            sessionId,
            planId,
          }),
        };
      });
      if (outcome === "ended") throw conflict(BILLING_TEXT.checkoutEnded);
      if (outcome === "refused") throw conflict(BILLING_TEXT.alreadyPaid);
      if (outcome.saved.status !== "trialing") await store.mail(user.id, "receipt", planId);
      return success;
    },

    /**
     * Tell demo members whose trial ends within two days (Stripe sends its own event for real
     * subscriptions). Run by the housekeeping; each trial is told about once.
     */
    async remindEndingTrials(): Promise<number> {
      const ending = await claimEndingTrials(db, "demo", new Date(Date.now() + TRIAL_REMINDER_DAYS * DAY_MS));
      for (const trial of ending) {
        const planId = paidPlanOf(trial.plan);
        await store.mail(trial.userId, "trial_ending", planId, trial.endsAt);
      }
      return ending.length;
    },

    /**
     * Keep a demo subscription active (embedded mode's Premium demo account): a 30-day period,
     * renewed whenever it has run out.
     */
    async ensureDemoPremium(userId: string): Promise<void> {
      const current = await store.find(userId);
      const now = new Date();
      if (current && current.status === "active" && current.currentPeriodEnd && current.currentPeriodEnd > now) return;
      await store.save({
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
  };
}
