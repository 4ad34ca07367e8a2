import { ERROR_CODES } from "@shared/api-error";
import { ADMIN_USERS_TEXT, BILLING_TEXT } from "@shared/messages";
import { entitledPlan, isActiveStatus, paidPlanOf } from "@shared/plans";
import type {
  BillingStatus,
  CheckoutBody,
  CheckoutOutcome,
  DemoPayment,
  RedirectResult,
  SubscriptionView,
} from "@shared/schemas/billing";
import type { SessionUser } from "@shared/session";
import { templateAccess, templateOffer } from "@shared/template-offers";
import { ApiError, conflict, notFound } from "../../lib/errors";
import {
  findOwnCheckoutSession,
  hasTemplatePurchase,
  listTemplatePurchases,
  type SubscriptionRow,
} from "./billing.queries";
import { createDemoCheckout } from "./demo-checkout";
import { createPlanGrants } from "./plan-grants";
import { createStripeBilling } from "./stripe-billing";
import { type BillingDeps, createSubscriptionStore, toSubscriptionView } from "./subscription-store";

/**
 * Premium and Basic subscriptions (DESIGN section 1: a plan comes only from a verified Stripe
 * event, the demo checkout in embedded mode, or an administrator). With Stripe configured:
 * Checkout, verified webhooks that store Stripe's current state whatever order events arrive in,
 * and the customer portal (`stripe-billing.ts`). Without it: LawGuide's own test checkout, clearly
 * marked (`demo-checkout.ts`). Administrators' grants: `plan-grants.ts`. All three store a
 * subscription, log payments and send payment mail through `subscription-store.ts`. Both modes:
 * cancel at the end of the period, resume, a grace period after a failed payment, one free trial
 * per member.
 */
export function createBillingService(deps: BillingDeps) {
  const { db, config, stripe, settings } = deps;
  const mode: BillingStatus["mode"] = stripe && config.stripe ? "stripe" : config.demoCheckout ? "demo" : "off";
  const store = createSubscriptionStore(deps);
  const stripeBilling = createStripeBilling({ ...deps, store });
  const demo = createDemoCheckout({ ...deps, store });
  const grants = createPlanGrants(deps);

  async function currentRow(userId: string): Promise<SubscriptionRow | null> {
    return demo.rollPeriod(await store.find(userId));
  }

  async function status(userId: string): Promise<BillingStatus> {
    const row = await currentRow(userId);
    const { subscription } = await settings.get();
    return {
      mode,
      plan: entitledPlan(row).plan,
      subscription: row ? toSubscriptionView(row) : null,
      trialAvailable: await store.trialAvailable(userId, "premium"),
      trialDays: subscription.trialPeriodDays,
      templatesBought: (await listTemplatePurchases(db, userId)).map((purchase) => ({
        id: purchase.templateId,
        name: templateOffer(purchase.templateId)?.name ?? purchase.templateId,
        amountCents: purchase.amountCents,
        boughtAt: purchase.createdAt.toISOString(),
      })),
    };
  }

  /** Cancel at the end of the period, or take that back (Stripe, or the demo subscription). */
  async function setCancelAtPeriodEnd(user: SessionUser, cancel: boolean): Promise<BillingStatus> {
    const row = await currentRow(user.id);
    if (!row || !isActiveStatus(row.status)) throw conflict(BILLING_TEXT.noSubscription);
    // A granted plan ends on the administrator's date: resuming it would make it last for ever.
    if (row.source === "admin") throw conflict(ADMIN_USERS_TEXT.grantFixed);
    if (row.source === "stripe" && row.stripeSubscriptionId) {
      await stripeBilling.setCancelAtPeriodEnd(user.id, row.stripeSubscriptionId, cancel);
    } else {
      await store.save({ ...row, cancelAtPeriodEnd: cancel });
    }
    await store.log(user.id, cancel ? "Subscription set to end with its period" : "Subscription resumed", {
      planId: row.plan,
      source: row.source,
    });
    return status(user.id);
  }

  /**
   * A checkout for a template the member's plan does not include (`template-offers.ts`): refused
   * when there is nothing to buy (the plan includes it, or it was bought before).
   */
  async function buyTemplate(user: SessionUser, templateId: string): Promise<RedirectResult> {
    const offer = templateOffer(templateId);
    if (!offer) throw notFound("Template not found");
    const plan = entitledPlan(await currentRow(user.id)).plan;
    const access = templateAccess(plan, offer, await hasTemplatePurchase(db, user.id, offer.id));
    if (access === "included") throw conflict(BILLING_TEXT.templateIncluded);
    if (access === "purchased") throw conflict(BILLING_TEXT.templateOwned);
    if (mode === "demo") return demo.openTemplate(user.id, offer);
    return stripeBilling.checkoutTemplate(user, offer);
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
     * Start a checkout for a paid plan or a template bought once: Stripe Checkout (its URL) or the
     * demo checkout (our page). A member who already pays through Stripe goes to the portal to
     * change plan instead of paying twice; one already on this plan is told so.
     */
    async checkout(user: SessionUser, body: CheckoutBody): Promise<RedirectResult> {
      // Outside embedded mode without Stripe, test cards would hand out real plans: no checkout
      // at all unless the operator switched the demo checkout on (DEMO_CHECKOUT).
      if (mode === "off") throw new ApiError(503, ERROR_CODES.paymentsOff, BILLING_TEXT.paymentsOff);
      if ("templateId" in body) return buyTemplate(user, body.templateId);
      const { planId } = body;
      const row = await currentRow(user.id);
      const inForce = entitledPlan(row).plan;
      if (inForce === planId && row && isActiveStatus(row.status) && !row.cancelAtPeriodEnd) {
        if (mode === "stripe" && row.source === "stripe") return stripeBilling.portal(user);
        throw conflict(BILLING_TEXT.alreadySubscribed);
      }
      if (mode === "stripe" && row?.source === "stripe" && isActiveStatus(row.status))
        return stripeBilling.portal(user);
      const withTrial = await store.trialAvailable(user.id, planId);
      if (mode === "demo") return demo.open(user.id, planId, withTrial);
      return stripeBilling.checkout(user, planId, withTrial);
    },

    /** Stripe's customer portal for the member's own customer. */
    portal: stripeBilling.portal,

    /** The templates a member bought once, with when (the Document Center's rule reads them). */
    async templatesBought(userId: string): Promise<Map<string, Date>> {
      return new Map((await listTemplatePurchases(db, userId)).map((p) => [p.templateId, p.createdAt]));
    },

    /**
     * How a checkout of the member's own ended, read again at once (the success page does not
     * wait for the webhook). Someone else's session is not found.
     */
    async sync(user: SessionUser, sessionId: string): Promise<CheckoutOutcome> {
      const session = await findOwnCheckoutSession(db, sessionId, user.id);
      if (!session) throw notFound(BILLING_TEXT.sessionNotFound);
      let state: CheckoutOutcome["state"] =
        session.status === "complete" || session.status === "refunded"
          ? session.status
          : session.status === "open"
            ? "pending"
            : "failed";
      if (session.templateId) {
        const offer = templateOffer(session.templateId);
        if (!offer) throw notFound(BILLING_TEXT.sessionNotFound);
        if (session.provider === "stripe" && session.status === "open") {
          state = await stripeBilling.syncTemplateCheckout(user.id, session, offer);
        }
        return { state, planId: null, template: { id: offer.id, name: offer.name }, status: await status(user.id) };
      }
      const planId = paidPlanOf(session.plan);
      if (session.provider === "stripe" && session.status !== "declined") {
        state = await stripeBilling.syncCheckout(user.id, sessionId);
      }
      return { state, planId, template: null, status: await status(user.id) };
    },

    /** The demo checkout page's session (the member's own, demo mode only). */
    async demoCheckout(user: SessionUser, sessionId: string) {
      if (mode !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
      return demo.page(user, sessionId);
    },

    /** Pay the demo checkout with a test card (demo mode only). */
    async demoPay(user: SessionUser, sessionId: string, card: DemoPayment): Promise<RedirectResult> {
      if (mode !== "demo") throw notFound(BILLING_TEXT.sessionNotFound);
      return demo.pay(user, sessionId, card);
    },

    /** Cancel at the end of the period (Stripe, or the demo subscription). */
    cancel: (user: SessionUser) => setCancelAtPeriodEnd(user, true),

    /** Take the cancellation back while the period lasts. */
    resume: (user: SessionUser) => setCancelAtPeriodEnd(user, false),

    handleWebhook: stripeBilling.handleWebhook,
    remindEndingTrials: demo.remindEndingTrials,
    ensureDemoPremium: demo.ensureDemoPremium,
    grantPlan: grants.grantPlan,
    revokeGrant: grants.revokeGrant,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
