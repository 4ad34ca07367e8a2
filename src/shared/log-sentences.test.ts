import { describe, expect, it } from "vitest";
import { type AppLogFacts, describeAppLog, describeAuditLog } from "./log-sentences";

const app = (row: Partial<AppLogFacts> & Pick<AppLogFacts, "category" | "message">): AppLogFacts => ({
  level: "info",
  metadata: {},
  ...row,
});

describe("log rows as sentences", () => {
  it("name the offline assistant once, as 'the offline assistant', never by its model id", () => {
    const chosen = describeAppLog(
      app({ category: "ai", message: "Comparison answer chosen", metadata: { provider: "offline", side: "openai" } }),
    );
    expect(chosen.text).toBe("Chose the offline assistant's answer in a comparison");
    const answered = describeAppLog(
      app({
        category: "ai",
        message: "AI response from Offline assistant",
        metadata: { provider: "offline", model: "lawguide-offline", latencyMs: 1975 },
      }),
    );
    expect(answered.text).toBe("AI query answered by the offline assistant in 2.0 s");
    for (const { text } of [chosen, answered]) {
      expect(text).not.toMatch(/the the|lawguide-offline|Offline assistant answer/i);
    }
  });

  it("keep an account event's own message: only a registration is 'New member registered'", () => {
    expect(describeAppLog(app({ category: "auth", message: "User registered" })).text).toBe("New member registered");
    expect(describeAppLog(app({ category: "auth", message: "Sign-in failed", level: "warn" }))).toEqual({
      kind: "registration",
      text: "Sign-in failed",
      warning: true,
    });
  });

  it("say which payment event Stripe sent, and why one was ignored", () => {
    expect(
      describeAppLog(app({ category: "payment", message: "Stripe invoice.paid", metadata: { planId: "basic" } })).text,
    ).toBe("Payment received for Basic");
    expect(
      describeAppLog(app({ category: "payment", message: "Stripe event ignored: unknown price", level: "warn" })),
    ).toEqual({ kind: "payment", text: "Ignored a payment event from Stripe: unknown price", warning: true });
  });

  it("name a settings section, a granted plan and an assigned attorney in words", () => {
    const audit = (action: string, values: Partial<Parameters<typeof describeAuditLog>[0]>) =>
      describeAuditLog({ action, tableName: null, recordId: null, oldValues: null, newValues: null, ...values }).text;
    expect(audit("settings.update", { tableName: "system_settings", recordId: "notifications" })).toBe(
      "Updated the notification settings",
    );
    expect(audit("subscription.grant", { newValues: { plan: "premium", days: 30 } })).toBe(
      "Granted the Premium Solutions plan for 30 days",
    );
    expect(audit("subscription.revoke", { oldValues: { plan: "basic" } })).toBe("Took back the granted Basic plan");
    expect(audit("referral.assign", { newValues: { assignedAttorney: "Dana Scott" } })).toBe(
      "Assigned Dana Scott to a referral",
    );
    expect(audit("testimonial.move", { tableName: "testimonials" })).toBe("Moved a testimonial");
  });
});
