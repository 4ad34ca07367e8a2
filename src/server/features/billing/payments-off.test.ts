import { ERROR_CODES } from "@shared/api-error";
import { BILLING_TEXT } from "@shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { subscriptions, templatePurchases } from "../../db/schema";

/**
 * A server without Stripe whose operator has not switched the demo checkout on (a PostgreSQL
 * deployment's default): no checkout opens, so no test card can hand out a plan or a template.
 */
const t = setupTestApp({ DEMO_CHECKOUT: "false" });

describe("payments off (no Stripe, no DEMO_CHECKOUT)", () => {
  it("refuses every checkout with a clear message, and says so in the status and /api/health", async () => {
    const { client, id } = await t.member();
    for (const body of [{ planId: "premium" }, { planId: "basic" }, { templateId: "llc" }]) {
      const refused = await client.post("/api/billing/checkout", body);
      expect(refused.status, JSON.stringify(body)).toBe(503);
      expect((await refused.json()).error).toEqual({
        code: ERROR_CODES.paymentsOff,
        message: BILLING_TEXT.paymentsOff,
      });
    }
    expect((await (await client.get("/api/billing/status")).json()).mode).toBe("off");
    expect((await (await t.client().get("/api/health")).json()).payments).toBe("off");
    // Nothing was given: no subscription, no template.
    expect(await t.services.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    expect(await t.services.db.select().from(templatePurchases).where(eq(templatePurchases.userId, id))).toEqual([]);
    expect((await client.me())?.plan).toBe("free");
  });

  it("answers the demo checkout's pages as not found", async () => {
    const { client } = await t.member();
    expect((await client.get("/api/billing/demo/demo_abcdefghijklmnopqrstuvwx")).status).toBe(404);
    const pay = await client.post("/api/billing/demo/demo_abcdefghijklmnopqrstuvwx/pay", {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(pay.status).toBe(404);
  });
});
