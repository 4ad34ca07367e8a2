import { formatFullDateTime } from "@shared/dates";
import { describe, expect, it } from "vitest";
import { fieldLabel, fieldValue, humanizeKey, metadataFields, orderedKeys, shortId } from "./log-fields";

describe("a log row's fields in words", () => {
  it("labels known keys in LawGuide's words, a setting by its own label, and any other key in words", () => {
    expect(fieldLabel("latencyMs")).toBe("Answer time");
    expect(fieldLabel("caseId")).toBe("Case");
    expect(fieldLabel("maxFileUploadSize", { table: "system_settings", section: "general" })).toBe(
      "Max file upload size",
    );
    expect(fieldLabel("sessionTimeout", { table: "system_settings", section: "security" })).toBe("Session timeout");
    expect(fieldLabel("someNewThing")).toBe("Some new thing");
    expect(fieldLabel("invoice_number")).toBe("Invoice number");
    expect(humanizeKey("warehouseId")).toBe("Warehouse");
  });

  it("never shows null, JSON arrays or objects, or true and false", () => {
    expect(fieldValue("phone", null)).toBe("Not set");
    expect(fieldValue("phone", "")).toBe("Not set");
    expect(fieldValue("isActive", true)).toBe("Yes");
    expect(fieldValue("marketingEmails", false)).toBe("No");
    expect(fieldValue("specialties", ["Housing", "Employment"])).toBe("Housing, Employment");
    expect(fieldValue("caseTypes", [])).toBe("None");
    expect(fieldValue("userTiers", ["free", "premium"])).toBe("Free, Premium");
    expect(fieldValue("limits", { maxTokens: 2000, isActive: false })).toBe("Max tokens: 2,000; Active: No");
    expect(fieldValue("extra", {})).toBe("None");
  });

  it("names providers, plans, templates, statuses and codes; formats times, money and durations", () => {
    expect(fieldValue("provider", "offline")).toBe("Offline assistant");
    expect(fieldValue("model", "lawguide-offline")).toBe("Offline assistant");
    expect(fieldValue("model", "gpt-5-mini")).toBe("gpt-5-mini");
    expect(fieldValue("planId", "premium")).toBe("Premium Solutions");
    expect(fieldValue("templateId", "lease")).toBe("Residential Lease Agreement");
    expect(fieldValue("status", "archived", { table: "cases" })).toBe("Archived");
    expect(fieldValue("status", "trialing", { table: "subscriptions" })).toBe("Free trial");
    expect(fieldValue("status", "past_due", { category: "payment" })).toBe("Payment past due");
    expect(fieldValue("status", "pending", { table: "attorney_referrals" })).toBe("Pending");
    expect(fieldValue("reason", "INVALID_EMAIL_OR_PASSWORD")).toBe("Invalid email or password");
    expect(fieldValue("lockedUntil", "2026-11-28T09:25:00.000Z")).toBe(formatFullDateTime("2026-11-28T09:25:00.000Z"));
    expect(fieldValue("latencyMs", 1975)).toBe("2.0 s");
    expect(fieldValue("latencyMs", 20)).toBe("under 0.1 s");
    expect(fieldValue("hourlyRate", 180)).toBe("$180.00 an hour");
    expect(fieldValue("totalTokens", 12345)).toBe("12,345");
    expect(fieldValue("days", 1)).toBe("1 day");
    expect(fieldValue("maxFileUploadSize", 25, { table: "system_settings", section: "general" })).toBe("25 MB");
    expect(fieldValue("defaultProvider", "anthropic", { table: "system_settings", section: "ai" })).toBe("Anthropic");
  });

  it("shortens ids, or names the author when the id is theirs", () => {
    const author = { id: "aPsRgInLAD2VKvsDT4ny2csmhlWsQVhe", name: "Jordan Rivera", email: "j@example.com" };
    expect(shortId("20fb155b-a1b0-4ac9-be95-8c558248cd40")).toBe("20fb155b…");
    expect(shortId("short")).toBe("short");
    expect(fieldValue("caseId", "20fb155b-a1b0-4ac9-be95-8c558248cd40")).toBe("20fb155b…");
    expect(fieldValue("memberId", author.id, { author })).toBe("Jordan Rivera");
    expect(fieldValue("memberId", author.id)).toBe("aPsRgInL…");
  });

  it("lists fields in a steady order, and leaves out the offline assistant's model id", () => {
    expect(orderedKeys(["caseId", "model", "provider", "latencyMs"])).toEqual([
      "provider",
      "model",
      "latencyMs",
      "caseId",
    ]);
    expect(
      orderedKeys(["maintenanceMode", "siteName", "maxFileUploadSize"], {
        table: "system_settings",
        section: "general",
      }),
    ).toEqual(["siteName", "maxFileUploadSize", "maintenanceMode"]);
    expect(
      metadataFields({ model: "lawguide-offline", provider: "offline", latencyMs: 1000 }).map((f) => [
        f.label,
        f.value,
      ]),
    ).toEqual([
      ["Provider", "Offline assistant"],
      ["Answer time", "1.0 s"],
    ]);
  });
});
