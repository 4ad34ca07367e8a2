import { Badge, type BadgeTone } from "@client/components/ui/Badge";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { formatDate } from "@shared/dates";
import { entitledPlan, isActiveStatus, PLANS, subscriptionStatusLabel } from "@shared/plans";
import type { SubscriptionView } from "@shared/schemas/billing";
import { AlertTriangle, CreditCard, Crown } from "lucide-react";
import type { ReactNode } from "react";

/** How each status looks on the card (its words are the shared labels). */
const STATUS_TONES: Record<string, BadgeTone> = {
  active: "green",
  trialing: "green",
  past_due: "amber",
  canceled: "slate",
};

/** Whether the member's plan is in force now (grace period and a cancelled period included). */
export function subscriptionInForce(subscription: SubscriptionView | null): boolean {
  if (!subscription) return false;
  return (
    entitledPlan({
      plan: subscription.planId,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      graceUntil: subscription.graceUntil ? new Date(subscription.graceUntil) : null,
    }).plan !== "free"
  );
}

/**
 * The subscription card of spec section 4 'Subscription', in every state: 'Free Plan' without
 * one; the plan with its status (past due as a warning, with the end of the grace period),
 * 'Renews on' or 'Expires on' and 'Your subscription will not renew automatically.', the card.
 * `children` holds the actions the page offers (manage, cancel, resume).
 */
export function SubscriptionCard({
  subscription,
  children,
}: {
  subscription: SubscriptionView | null;
  children?: ReactNode;
}) {
  if (!subscription) {
    return (
      <Card className="p-5">
        <div className="flex items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-bold">Free Plan</h2>
            <p className="text-sm text-slate-600">{PLANS.free.tagline}</p>
          </div>
          <Badge tone="gray">Free</Badge>
        </div>
        {children}
      </Card>
    );
  }
  const status = {
    label: subscriptionStatusLabel(subscription.status),
    tone: STATUS_TONES[subscription.status] ?? ("gray" as const),
  };
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  const inForce = subscriptionInForce(subscription);
  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Crown className="size-5 text-premium-700" aria-hidden /> {subscription.plan}
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {subscription.status === "past_due" ? (
        <p className="flex gap-2 rounded-[var(--radius-control)] bg-premium-50 p-3 text-sm text-premium-900">
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          <span>
            Your last payment did not go through. Update your payment method
            {subscription.graceUntil && inForce ? ` by ${formatDate(subscription.graceUntil)}` : ""} to keep{" "}
            {subscription.plan}; after that your account moves to the Free plan. Nothing of yours is deleted.
          </span>
        </p>
      ) : null}
      {end && isActiveStatus(subscription.status) ? (
        subscription.cancelAtPeriodEnd ? (
          <div className="text-sm text-slate-700">
            <p>Expires on {end}</p>
            <p className="text-slate-600">Your subscription will not renew automatically.</p>
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            {subscription.status === "trialing" ? "Free trial until" : "Renews on"} {end}
          </p>
        )
      ) : null}
      {subscription.status === "canceled" && end ? <p className="text-sm text-slate-700">Ended on {end}</p> : null}
      {subscription.paymentMethodLast4 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CreditCard className="size-4" aria-hidden />
          <span className="capitalize">{subscription.paymentMethodBrand ?? "Card"}</span> ending in{" "}
          {subscription.paymentMethodLast4}
        </p>
      ) : null}
      {children ??
        (inForce ? (
          <ButtonLink to="/dashboard/premium" variant="secondary" size="sm">
            Manage subscription
          </ButtonLink>
        ) : (
          <ButtonLink to="/dashboard/premium" variant="premium" size="sm">
            Renew {subscription.plan}
          </ButtonLink>
        ))}
    </Card>
  );
}
