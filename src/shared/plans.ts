/**
 * The plan catalogue: every price and entitlement on every screen comes from here, and the
 * server's plan checks read the same entitlements. A number an administrator can change (the Free
 * message limit) is named here and read from the settings, so the rule is one function that the
 * server and the browser both call.
 */

export type PlanId = "free" | "basic" | "premium";
/** The plans a member can subscribe to. */
export type PaidPlanId = Exclude<PlanId, "free">;
export const PAID_PLANS: readonly PaidPlanId[] = ["basic", "premium"];

/** The paid plan a stored subscription or checkout names: Basic when it says so, else Premium (the default). */
export function paidPlanOf(plan: string | undefined): PaidPlanId {
  return plan === "basic" ? "basic" : "premium";
}

/** What a plan allows. A setting's name means "the administrator's value of that setting". */
export interface Entitlements {
  /** Member messages per case; null is unlimited. */
  messagesPerCase: number | "freeUserMessageLimit" | null;
  /** Uploads per calendar month; null is unlimited. */
  uploadsPerMonth: number | null;
  /** Both assistants' full answers side by side (else short previews with an upgrade prompt). */
  fullComparison: boolean;
  /** Every document template, the Complex ones included (else the basic ones: `template-offers.ts`). */
  allTemplates: boolean;
  /** AI tokens a day, from the settings. */
  dailyTokens: "freeDailyTokenCap" | "basicDailyTokenCap" | "premiumDailyTokenCap";
  phoneSupport: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  interval: "month";
  /** A first subscription starts with a free trial (its length and whether trials are on: the settings). */
  hasTrial: boolean;
  tagline: string;
  /** Marked 'Most Popular' in the plan picker. */
  mostPopular: boolean;
  entitlements: Entitlements;
}

/** The settings the plan rules read (public settings carry the ones the browser needs). */
export interface PlanSettings {
  freeUserMessageLimit: number;
  /** Trials on or off, and their length (subscription settings). */
  enableTrials: boolean;
  trialPeriodDays: number;
  /** A support phone line is set: Premium's phone support is offered only then. */
  phoneSupport: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceCents: 0,
    interval: "month",
    hasTrial: false,
    tagline: "Get clear legal information at no cost.",
    mostPopular: false,
    entitlements: {
      messagesPerCase: "freeUserMessageLimit",
      uploadsPerMonth: 3,
      fullComparison: false,
      allTemplates: false,
      dailyTokens: "freeDailyTokenCap",
      phoneSupport: false,
    },
  },
  basic: {
    id: "basic",
    name: "Basic",
    priceCents: 400,
    interval: "month",
    hasTrial: false,
    tagline: "More room to talk your case through, at a small price.",
    mostPopular: false,
    entitlements: {
      messagesPerCase: 30,
      uploadsPerMonth: 10,
      fullComparison: false,
      allTemplates: false,
      dailyTokens: "basicDailyTokenCap",
      phoneSupport: false,
    },
  },
  premium: {
    id: "premium",
    name: "Premium Solutions",
    priceCents: 2999,
    interval: "month",
    hasTrial: true,
    tagline: "Unlimited help and a second opinion from another AI.",
    mostPopular: true,
    entitlements: {
      messagesPerCase: null,
      uploadsPerMonth: null,
      fullComparison: true,
      allTemplates: true,
      dailyTokens: "premiumDailyTokenCap",
      phoneSupport: true,
    },
  },
};

/** How many messages are left when the chat starts warning (spec: from the 8th of 10). */
export const MESSAGE_WARNING_REMAINING = 2;

/** Days of free trial a first subscription to this plan starts with (0: none). */
export function trialDaysOf(plan: PlanId, settings: Pick<PlanSettings, "enableTrials" | "trialPeriodDays">): number {
  return settings.enableTrials && PLANS[plan].hasTrial ? settings.trialPeriodDays : 0;
}

/** Member messages allowed in one case on this plan; null when unlimited. */
export function messageLimit(plan: PlanId, settings: Pick<PlanSettings, "freeUserMessageLimit">): number | null {
  const rule = PLANS[plan].entitlements.messagesPerCase;
  return rule === "freeUserMessageLimit" ? settings.freeUserMessageLimit : rule;
}

/** Messages left in a case after `used` of the member's own; null when unlimited. */
export function messagesRemaining(
  plan: PlanId,
  settings: Pick<PlanSettings, "freeUserMessageLimit">,
  used: number,
): number | null {
  const limit = messageLimit(plan, settings);
  return limit === null ? null : Math.max(0, limit - used);
}

/** Whether the chat shows the '{n} message(s) remaining' bar. */
export function showsMessageWarning(remaining: number | null): boolean {
  return remaining !== null && remaining > 0 && remaining <= MESSAGE_WARNING_REMAINING;
}

/** Which of the administrators' model tiers answers a plan's members (Basic uses the Free models). */
export function modelTier(plan: PlanId): "free" | "premium" {
  return plan === "premium" ? "premium" : "free";
}

/** AI tokens the providers may spend on a member of this plan in a day. */
export function dailyTokenCap(
  plan: PlanId,
  settings: { freeDailyTokenCap: number; basicDailyTokenCap: number; premiumDailyTokenCap: number },
): number {
  return settings[PLANS[plan].entitlements.dailyTokens];
}

/** What a plan includes, in words, with the numbers in force (landing, upgrade modal, Premium page, Terms, Help). */
export function planFeatures(plan: PlanId, settings: PlanSettings): string[] {
  const limit = messageLimit(plan, settings);
  const paid = plan === "free" ? [] : ["Cancel anytime"];
  if (plan !== "premium") {
    const uploads = PLANS[plan].entitlements.uploadsPerMonth;
    return [
      `${limit} messages per case with the AI assistant`,
      "Basic document templates (Simple and Moderate)",
      `Document upload and analysis (${uploads} files a month)`,
      "Email support",
      ...paid,
    ];
  }
  const trial = trialDaysOf(plan, settings);
  return [
    "Unlimited consultation",
    "Multi-AI comparison",
    "Premium document templates (Complex) and all the basic ones",
    "Priority attorney referrals",
    settings.phoneSupport ? "Priority and phone support" : "Priority support",
    trial ? `${trial}-day free trial, cancel anytime` : "Cancel anytime",
  ];
}

/** Whether a subscription status keeps its plan in force (spec section 4 'Subscription': active or trialing). */
/** A subscription's status in words (Stripe's statuses; an unknown one is shown as it is). */
export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Free trial",
  past_due: "Payment past due",
  canceled: "Canceled",
  unpaid: "Unpaid",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  paused: "Paused",
};

export const subscriptionStatusLabel = (status: string): string => SUBSCRIPTION_STATUS_LABELS[status] ?? status;

export function isActiveStatus(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}

/** What decides a member's plan: their subscription as last stored. */
export interface SubscriptionState {
  plan: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Set after a failed payment: the plan stays until then. */
  graceUntil: Date | null;
}

/**
 * The plan a member has now, and until when it is sure to hold (null: until the subscription
 * changes). Active or trialing: the subscription's plan, unless it was cancelled at the end of a
 * period that has passed. Past due: the plan while the grace period lasts. Anything else: Free.
 */
export function entitledPlan(sub: SubscriptionState | null, now = new Date()): { plan: PlanId; until: Date | null } {
  const plan: PlanId = sub?.plan === "basic" || sub?.plan === "premium" ? sub.plan : "free";
  if (!sub || plan === "free") return { plan: "free", until: null };
  if (isActiveStatus(sub.status)) {
    if (!sub.cancelAtPeriodEnd || !sub.currentPeriodEnd) return { plan, until: null };
    return sub.currentPeriodEnd > now ? { plan, until: sub.currentPeriodEnd } : { plan: "free", until: null };
  }
  if (sub.status === "past_due" && sub.graceUntil && sub.graceUntil > now) return { plan, until: sub.graceUntil };
  return { plan: "free", until: null };
}

/** '$29.99' or '$0'. */
export function formatPrice(cents: number): string {
  if (cents % 100 === 0) return `$${cents / 100}`;
  return `$${(cents / 100).toFixed(2)}`;
}

export function formatPlanPrice(plan: Plan): string {
  return plan.priceCents === 0 ? formatPrice(0) : `${formatPrice(plan.priceCents)} per ${plan.interval}`;
}
