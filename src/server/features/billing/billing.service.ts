import type { Db } from "../../db/client";
import { findSubscription, upsertSubscription } from "./billing.queries";

const DEMO_PERIOD_DAYS = 30;

export function createBillingService(db: Db) {
  return {
    getSubscription: (userId: string) => findSubscription(db, userId),

    /**
     * Keep a demo subscription active (embedded mode's Premium demo account and demo checkout):
     * a 30-day period, renewed whenever it has run out.
     */
    async ensureDemoPremium(userId: string): Promise<void> {
      const current = await findSubscription(db, userId);
      const now = new Date();
      if (current && current.status === "active" && current.currentPeriodEnd && current.currentPeriodEnd > now) return;
      await upsertSubscription(db, {
        userId,
        source: "demo",
        status: "active",
        priceId: "demo-premium",
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + DEMO_PERIOD_DAYS * 24 * 3_600_000),
        cancelAtPeriodEnd: false,
        paymentMethodBrand: "visa",
        paymentMethodLast4: "4242",
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
