import type { PaidPlanId } from "@shared/plans";
import Stripe from "stripe";
import type { Config } from "../../config";

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
  /** The member the subscription was opened for (its metadata), when set. */
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
    stripeCustomerId: typeof sub.customer === "string" ? sub.customer : sub.customer.id,
    priceId,
    plan,
    status: sub.status,
    currentPeriodStart: seconds(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialStarted: Boolean(sub.trial_start),
    paymentMethodBrand: pm?.card?.brand ?? null,
    paymentMethodLast4: pm?.card?.last4 ?? null,
    userId: typeof sub.metadata?.userId === "string" ? sub.metadata.userId : null,
  };
}

/** The subscription an event is about, whatever its kind (checkout session, subscription, invoice). */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const id = (value: unknown) =>
    typeof value === "string"
      ? value
      : value && typeof value === "object"
        ? String((value as { id?: unknown }).id)
        : null;
  if (event.type.startsWith("customer.subscription.")) return id(object.id);
  if (event.type === "checkout.session.completed") return id(object.subscription);
  if (event.type.startsWith("invoice.")) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return id(parent?.subscription_details?.subscription) ?? id(object.subscription);
  }
  return null;
}
