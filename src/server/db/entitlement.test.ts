import { entitledPlan } from "@shared/plans";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import { planInForce } from "./entitlement";
import { subscriptions } from "./schema";

const t = setupTestApp();

const HOUR = 3_600_000;

describe("the plan in force, in SQL", () => {
  it("agrees with entitledPlan on every state a subscription can be in", async () => {
    const { id: userId } = await t.member();
    const db = t.services.db;
    const now = Date.now();
    const times = [null, new Date(now - HOUR), new Date(now + HOUR)];
    const disagreements: string[] = [];
    let checked = 0;
    for (const plan of ["basic", "premium", "free"])
      for (const status of ["active", "trialing", "past_due", "canceled", "incomplete", "unpaid"])
        for (const cancelAtPeriodEnd of [false, true])
          for (const currentPeriodEnd of times)
            for (const graceUntil of times) {
              const state = { plan, status, cancelAtPeriodEnd, currentPeriodEnd, graceUntil };
              await db
                .insert(subscriptions)
                .values({ userId, source: "admin", ...state })
                .onConflictDoUpdate({ target: subscriptions.userId, set: state });
              const [row] = await db
                .select({ basic: planInForce("basic"), premium: planInForce("premium") })
                .from(subscriptions)
                .where(eq(subscriptions.userId, userId));
              const expected = entitledPlan(state).plan;
              const inSql = row?.premium ? "premium" : row?.basic ? "basic" : "free";
              if (inSql !== expected) disagreements.push(`${JSON.stringify(state)}: SQL ${inSql}, TS ${expected}`);
              checked += 1;
            }
    expect(checked).toBe(324);
    expect(disagreements).toEqual([]);
  });
});
