import type { PaidPlanId } from "@shared/plans";
import {
  checkoutSessionIdSchema,
  type StripeEvent,
  stripeCustomerIdSchema,
  stripeSubscriptionIdSchema,
} from "@shared/schemas/billing";
import { userIdSchema } from "@shared/schemas/text";
import Stripe from "stripe";
import type { Config } from "../../config";

/** Events that change a subscription; each is answered by reading the subscription from Stripe. */
export const STRIPE_SUBSCRIPTION_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

export type StripeConfig = NonNullable<Config["stripe"]>;

/**
 * The official Stripe client. STRIPE_API_BASE points it at another Stripe-compatible server (the
 * tests' fake on 127.0.0.1); without it, Stripe's own API.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    telemetry: false,
    maxNetworkRetries: base ? 0 : 2,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** What LawGuide keeps of a Stripe subscription (the subscription row's Stripe-side fields). */
export interface StripeSubscriptionState {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  priceId: string | null;
  plan: PaidPlanId | null;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialStarted: boolean;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
  /** The member the subscription was opened for (its metadata), when set and a member id. */
  userId: string | null;
}

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/**
 * Read a subscription as Stripe has it now. The period lives on the subscription's items in
 * current API versions (on the subscription in older ones); the card on its default payment method.
 */
export function readSubscription(sub: Stripe.Subscription, prices: StripeConfig["prices"]): StripeSubscriptionState {
  const item = sub.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  const plan: PaidPlanId | null = priceId === prices.premium ? "premium" : priceId === prices.basic ? "basic" : null;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const pm = typeof sub.default_payment_method === "object" ? sub.default_payment_method : null;
  return {
    stripeSubscriptionId: sub.id,
    stripeCustomerId: idOf(sub.customer) ?? "",
    priceId,
    plan,
    status: sub.status,
    currentPeriodStart: seconds(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialStarted: Boolean(sub.trial_start),
    paymentMethodBrand: pm?.card?.brand ?? null,
    paymentMethodLast4: pm?.card?.last4 ?? null,
    userId: userIdSchema.safeParse(sub.metadata?.userId).data ?? null,
  };
}

/** A customer id as Stripe gives it, when it is one (else nothing is looked up by it). */
export function customerIdOf(state: StripeSubscriptionState): string | null {
  return stripeCustomerIdSchema.safeParse(state.stripeCustomerId).data ?? null;
}

/** An id given as itself or as its expanded object (`{ id, object, ... }`), when it is a string. */
export function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * The subscription an event is about, whatever its kind (checkout session, subscription,
 * invoice), given as an id or expanded; null when the event names none that is a subscription id.
 */
export function subscriptionIdOf(event: StripeEvent): string | null {
  const object = event.data.object;
  let candidate: string | null = null;
  if (event.type.startsWith("customer.subscription.")) candidate = idOf(object.id);
  else if (event.type === "checkout.session.completed") candidate = idOf(object.subscription);
  else if (event.type.startsWith("invoice.")) {
    const parent = object.parent;
    const details =
      parent && typeof parent === "object" ? (parent as { subscription_details?: unknown }).subscription_details : null;
    const fromParent =
      details && typeof details === "object" ? idOf((details as { subscription?: unknown }).subscription) : null;
    candidate = fromParent ?? idOf(object.subscription);
  }
  const parsed = stripeSubscriptionIdSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The checkout session a `checkout.session.completed` event is about, when its id is one of ours. */
export function checkoutSessionIdOf(event: StripeEvent): string | null {
  const parsed = checkoutSessionIdSchema.safeParse(idOf(event.data.object.id));
  return parsed.success ? parsed.data : null;
}

/**
 * Whether Stripe refused a request for good (the subscription does not exist, the request is
 * invalid): asking again will not help. Anything else (Stripe unreachable, its own errors, rate
 * limits, a wrong key) may pass, so the event is left for Stripe to send again.
 */
export function isPermanentStripeRefusal(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}
