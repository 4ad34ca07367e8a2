import type { BillingStatus, CheckoutOutcome, SubscriptionView } from "@shared/schemas/billing";
import { describe, expect, it } from "vitest";
import { receiptLines, receiptNumber } from "./receipt";

const subscription = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  plan: "Premium Solutions",
  planId: "premium",
  status: "active",
  currentPeriodStart: "2026-08-03T12:00:00.000Z",
  currentPeriodEnd: "2026-09-02T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  paymentMethodBrand: "visa",
  paymentMethodLast4: "4242",
  graceUntil: null,
  source: "demo",
  ...overrides,
});

const outcome = (sub: SubscriptionView | null, planId: "basic" | "premium" = "premium"): CheckoutOutcome => {
  const status: BillingStatus = {
    mode: "demo",
    plan: planId,
    subscription: sub,
    trialAvailable: false,
    trialDays: 7,
    templatesBought: [],
  };
  return { state: "complete", planId, template: null, status };
};

describe("receipt numbers", () => {
  it("are eight capital letters and digits of the checkout's id in two groups, never its prefix", () => {
    expect(receiptNumber("demo_Ab3dEfGh1jKlMn0pQr5tUv7x")).toBe("QR5T-UV7X");
    expect(receiptNumber("cs_test_1234567890abcdefghijklmnop")).toBe("IJKL-MNOP");
    expect(receiptNumber("cs_live_a1_b2_c3_d4_e5")).toBe("B2C3-D4E5");
    for (const id of ["demo_Ab3dEfGh1jKlMn0pQr5tUv7x", "cs_test_1234567890abcdefghijklmnop"]) {
      expect(receiptNumber(id)).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(receiptNumber(id)).toBe(receiptNumber(id));
    }
  });

  it("show nothing of what is not a letter or a digit (an address typed by hand)", () => {
    expect(receiptNumber("<script>")).toBe("SCRIPT");
    expect(receiptNumber("???")).toBe("");
    expect(receiptNumber("demo_ab")).toBe("AB");
  });
});

describe("a completed checkout's receipt", () => {
  it("gives the plan, the amount, the day and the receipt number", () => {
    expect(receiptLines(outcome(subscription()), "demo_Ab3dEfGh1jKlMn0pQr5tUv7x")).toEqual([
      ["Plan", "Premium Solutions"],
      ["Amount", "$29.99 per month"],
      ["Date", "Aug 3, 2026"],
      ["Receipt number", "QR5T-UV7X"],
    ]);
  });

  it("says that a free trial costs nothing today, and from which day the price is paid", () => {
    const trial = subscription({ status: "trialing", currentPeriodEnd: "2026-08-10T12:00:00.000Z" });
    expect(receiptLines(outcome(trial), "demo_x1234567")[1]).toEqual([
      "Amount",
      "$0 today, then $29.99 per month from Aug 10, 2026",
    ]);
  });

  it("reads the plan from the checkout, and the day from today when no subscription of that plan shows", () => {
    const lines = receiptLines(outcome(subscription(), "basic"), "demo_x1234567", new Date("2026-08-05T12:00:00Z"));
    expect(lines.slice(0, 3)).toEqual([
      ["Plan", "Basic"],
      ["Amount", "$4 per month"],
      ["Date", "Aug 5, 2026"],
    ]);
  });
});

describe("the receipt of a template bought once", () => {
  it("gives the template, its one-time price (nothing by the month), the day and the receipt number", () => {
    const bought: CheckoutOutcome = {
      state: "complete",
      planId: null,
      template: { id: "llc", name: "LLC Operating Agreement" },
      status: {
        mode: "demo",
        plan: "basic",
        subscription: subscription({ planId: "basic" }),
        trialAvailable: false,
        trialDays: 7,
        templatesBought: [],
      },
    };
    expect(receiptLines(bought, "demo_x1234567", new Date("2026-08-05T12:00:00Z"))).toEqual([
      ["Template", "LLC Operating Agreement"],
      ["Amount", "$79.99, one-time payment"],
      ["Date", "Aug 5, 2026"],
      ["Receipt number", "X123-4567"],
    ]);
  });
});
