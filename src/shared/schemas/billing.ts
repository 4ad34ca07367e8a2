import { z } from "zod";
import { BILLING_TEXT } from "../messages";
import type { PaidPlanId, PlanId } from "../plans";

/**
 * POST /api/billing/checkout: a plan to subscribe to, or a template to buy once (a Complex
 * template the member's plan does not include: `template-offers.ts`).
 */
export const checkoutBodySchema = z.union(
  [
    z.object({ planId: z.enum(["basic", "premium"], { error: "Please choose a plan." }) }).strict(),
    z.object({ templateId: z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, "Template not found") }).strict(),
  ],
  { error: "Please choose a plan." },
);
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** A checkout session LawGuide started: Stripe's (cs_...) or the demo checkout's (demo_...). */
export const checkoutSessionIdSchema = z
  .string({ error: BILLING_TEXT.sessionNotFound })
  .regex(/^(cs_(test|live)_|demo_)[A-Za-z0-9_]{4,200}$/, BILLING_TEXT.sessionNotFound);

/** POST /api/billing/sync */
export const syncBodySchema = z.object({ sessionId: checkoutSessionIdSchema });

export const checkoutSessionParamSchema = z.object({ sessionId: checkoutSessionIdSchema });

/**
 * Stripe's ids as LawGuide reads them from a webhook event or from Stripe's answers: the object's
 * prefix, '_', then letters and digits. Anything else is not looked up (not in the database, not at
 * Stripe).
 */
const stripeId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,250}$`));
export const stripeSubscriptionIdSchema = stripeId("sub");
export const stripeCustomerIdSchema = stripeId("cus");

/**
 * POST /api/billing/webhook: the event, once its signature is verified. An event that does not
 * have this shape cannot be used: it is acknowledged and logged, never processed.
 */
export const stripeEventSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/),
  type: z.string().regex(/^[a-z][a-z0-9_.]{0,99}$/),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** POST /api/billing/demo/:sessionId/pay: the demo checkout's card form (test cards only). */
export const demoPaymentSchema = z.object({
  cardNumber: z
    .string({ error: BILLING_TEXT.cardInvalid })
    .max(40)
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, BILLING_TEXT.cardInvalid)),
  expiry: z
    .string({ error: BILLING_TEXT.expiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, BILLING_TEXT.expiryInvalid),
  cvc: z
    .string({ error: BILLING_TEXT.cvcInvalid })
    .trim()
    .regex(/^\d{3,4}$/, BILLING_TEXT.cvcInvalid),
  name: z.string().trim().max(100).optional(),
});
export type DemoPayment = z.infer<typeof demoPaymentSchema>;

/** The member's subscription as the profile and the Premium page show it (spec section 3). */
export interface SubscriptionView {
  /** The plan's name (Basic, Premium Solutions). */
  plan: string;
  planId: PaidPlanId;
  /** active | trialing | past_due | canceled | incomplete | ... */
  status: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
  /** After a failed payment: the plan stays until then. */
  graceUntil: string | null;
  /** Where it came from: stripe (configured), demo (the demo checkout), admin. */
  source: string;
}

/** GET /api/billing/status */
export interface BillingStatus {
  /**
   * stripe: Stripe Checkout and its portal; demo: LawGuide's own test checkout; off: no payments
   * set up (a server on PostgreSQL without Stripe or the operator's DEMO_CHECKOUT switch).
   */
  mode: "stripe" | "demo" | "off";
  /** The plan in force now (grace period and cancelled periods included). */
  plan: PlanId;
  subscription: SubscriptionView | null;
  /** Whether subscribing to Premium now would start with the free trial. */
  trialAvailable: boolean;
  trialDays: number;
  /** The templates the member bought once, oldest first: theirs whatever their plan. */
  templatesBought: TemplateBought[];
}

/** A template bought once: which, what was paid and when. */
export interface TemplateBought {
  id: string;
  name: string;
  amountCents: number;
  boughtAt: string;
}

/** POST /api/billing/checkout, /portal: where the browser goes next. */
export interface RedirectResult {
  url: string;
}

/** POST /api/billing/sync: how a checkout ended, as far as LawGuide knows now. */
export interface CheckoutOutcome {
  /**
   * complete: the plan is in force (or the template is the member's); pending: not confirmed yet;
   * failed: declined or expired; refunded: a template the member already owned, paid again and
   * given back in full.
   */
  state: "complete" | "pending" | "failed" | "refunded";
  /** The plan the checkout was for; null for a template bought once. */
  planId: PaidPlanId | null;
  /** The template bought once; null for a plan. */
  template: { id: string; name: string } | null;
  status: BillingStatus;
}

/** GET /api/billing/demo/:sessionId: what the demo checkout page shows. */
export interface DemoCheckout {
  sessionId: string;
  /** The plan subscribed to; null for a template bought once. */
  planId: PaidPlanId | null;
  /** The template bought once (a one-off payment, nothing renews); null for a plan. */
  templateId: string | null;
  /** What is bought: the plan's name or the template's. */
  name: string;
  priceCents: number;
  trialDays: number;
  state: "open" | "complete" | "declined" | "expired";
}
