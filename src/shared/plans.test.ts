import { describe, expect, it } from "vitest";
import { type PlanSettings, planFeatures } from "./plans";

const settings: PlanSettings = { freeUserMessageLimit: 10, enableTrials: true, trialPeriodDays: 7, phoneSupport: true };

describe("what a plan includes, in words", () => {
  it("gives Free and Basic their own message and upload allowances", () => {
    expect(planFeatures("free", settings)).toEqual([
      "10 messages per case with the AI assistant",
      "Basic document templates (Simple and Moderate)",
      "Document upload and analysis (3 files a month)",
      "Email support",
    ]);
    expect(planFeatures("basic", { ...settings, freeUserMessageLimit: 12 })).toEqual([
      "30 messages per case with the AI assistant",
      "Basic document templates (Simple and Moderate)",
      "Document upload and analysis (10 files a month)",
      "Email support",
      "Cancel anytime",
    ]);
  });

  it("promises phone support only while a support line is set, and the trial only while trials are on", () => {
    expect(planFeatures("premium", settings)).toEqual([
      "Unlimited consultation",
      "Multi-AI comparison",
      "Premium document templates (Complex) and all the basic ones",
      "Priority attorney referrals",
      "Priority and phone support",
      "7-day free trial, cancel anytime",
    ]);
    const withoutLine = planFeatures("premium", { ...settings, phoneSupport: false, enableTrials: false });
    expect(withoutLine).toContain("Priority support");
    expect(withoutLine.join(" ")).not.toMatch(/phone/i);
    expect(withoutLine.at(-1)).toBe("Cancel anytime");
  });
});
