/**
 * The plan catalogue: every price and entitlement on every screen comes from here, and the
 * server's plan checks read the same entitlements.
 */

export type PlanId = "free" | "premium";

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  interval: "month";
  trialDays: number;
  tagline: string;
  features: readonly string[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceCents: 0,
    interval: "month",
    trialDays: 0,
    tagline: "Get clear legal information at no cost.",
    features: [
      "10 messages per case with the AI assistant",
      "Basic document templates",
      "Document upload and analysis (3 per month)",
      "Email support",
    ],
  },
  premium: {
    id: "premium",
    name: "Premium",
    priceCents: 2999,
    interval: "month",
    trialDays: 7,
    tagline: "Unlimited help and a second opinion from another AI.",
    features: [
      "Unlimited consultation",
      "Multi-AI comparison",
      "Premium document templates",
      "Priority attorney referrals",
      "Priority and phone support",
      "7-day free trial, cancel anytime",
    ],
  },
};

/** Subscription statuses that grant Premium (spec section 4 'Subscription'). */
export const PREMIUM_STATUSES = ["active", "trialing"] as const;

export function isPremiumStatus(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}

export function planForStatus(status: string | null | undefined): PlanId {
  return isPremiumStatus(status) ? "premium" : "free";
}

/** '$29.99' or '$0'. */
export function formatPrice(cents: number): string {
  if (cents % 100 === 0) return `$${cents / 100}`;
  return `$${(cents / 100).toFixed(2)}`;
}

export function formatPlanPrice(plan: Plan): string {
  return plan.priceCents === 0 ? formatPrice(0) : `${formatPrice(plan.priceCents)} per ${plan.interval}`;
}
