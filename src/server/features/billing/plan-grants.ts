import { ADMIN_USERS_TEXT } from "@shared/messages";
import { entitledPlan, type PaidPlanId } from "@shared/plans";
import type { SubscriptionView } from "@shared/schemas/billing";
import { conflict } from "../../lib/errors";
import type { Actor } from "../logs/logs.service";
import { findSubscription, type NewSubscription, storeSubscriptionWithAudit } from "./billing.queries";
import { type BillingDeps, DAY_MS, toSubscriptionView } from "./subscription-store";

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

/** Plans administrators grant without payment, and take back; each change audited with the subscription before and after. */
export function createPlanGrants(deps: Pick<BillingDeps, "db" | "logs">) {
  const { db, logs } = deps;

  /** Store the subscription an administrator set, with its audit row, together. */
  async function storeAudited(
    row: NewSubscription,
    audit: {
      actor: Actor;
      action: string;
      oldValues: Record<string, unknown> | null;
      newValues: Record<string, unknown>;
    },
  ): Promise<SubscriptionView> {
    const saved = await storeSubscriptionWithAudit(
      db,
      row,
      logs.auditRow({
        ...audit.actor,
        action: audit.action,
        tableName: "subscriptions",
        recordId: row.userId,
        oldValues: audit.oldValues,
        newValues: audit.newValues,
      }),
    );
    return toSubscriptionView(saved);
  }

  return {
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
      return storeAudited(row, {
        actor,
        action: "subscription.grant",
        oldValues: existing ? auditedSubscription(existing) : null,
        newValues: { ...auditedSubscription(row), days: grant.days },
      });
    },

    /** Take back a plan an administrator granted: it ends now. Audited. Any other subscription: 409. */
    async revokeGrant(userId: string, actor: Actor): Promise<SubscriptionView> {
      const existing = await findSubscription(db, userId);
      if (existing?.source !== "admin" || entitledPlan(existing).plan === "free") {
        throw conflict(ADMIN_USERS_TEXT.noGrantToRevoke);
      }
      const now = new Date();
      const row: NewSubscription = { ...existing, status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now };
      return storeAudited(row, {
        actor,
        action: "subscription.revoke",
        oldValues: auditedSubscription(existing),
        newValues: auditedSubscription(row),
      });
    },
  };
}
