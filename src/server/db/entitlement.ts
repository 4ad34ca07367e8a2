import { type SQL, sql } from "drizzle-orm";
import { subscriptions } from "./schema";

/**
 * `entitledPlan(subscription).plan === plan` (src/shared/plans.ts) in SQL, over the `subscriptions`
 * row in scope, for the lists that filter or rank members by plan without loading each member's
 * subscription: active or trialing, unless cancelled at the end of a period that has passed; past
 * due while the grace period lasts. `entitlement.test.ts` checks the two agree on every state.
 */
export function planInForce(plan: "basic" | "premium"): SQL<boolean> {
  return sql<boolean>`(${subscriptions.plan} = ${plan} and (
  (${subscriptions.status} in ('active', 'trialing')
    and (not ${subscriptions.cancelAtPeriodEnd} or ${subscriptions.currentPeriodEnd} is null or ${subscriptions.currentPeriodEnd} > now()))
  or (${subscriptions.status} = 'past_due' and ${subscriptions.graceUntil} > now())))`;
}
