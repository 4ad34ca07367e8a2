import type { TemplateAccessItem } from "@shared/schemas/documents";
import { describe, expect, it } from "vitest";
import { accessById, forSaleMessage, mayUse, standingText, templateStanding } from "./template-info";

const item = (templateId: string, access: TemplateAccessItem["access"], priceCents = 6999): TemplateAccessItem => ({
  templateId,
  access,
  priceCents,
  purchasedAt: access === "purchased" ? "2026-08-05T12:00:00.000Z" : null,
});

describe("what a template costs the member", () => {
  it("says the basic templates are included in every plan, without waiting for the access list", () => {
    for (const id of ["cease-desist", "lease", "will"]) {
      const standing = templateStanding(id, undefined);
      expect(standing).toEqual({ kind: "included" });
      expect(standingText(standing)).toBe("Included in your plan");
      expect(mayUse(standing)).toBe(true);
    }
  });

  it("waits for the list for a Complex template, and says when it could not be read", () => {
    expect(templateStanding("living-trust", undefined)).toEqual({ kind: "checking" });
    expect(mayUse(templateStanding("living-trust", undefined))).toBe(false);
    expect(templateStanding("llc", undefined, true)).toEqual({ kind: "unknown" });
    expect(standingText({ kind: "unknown" })).toBe("Could not be checked");
  });

  it("reads a Complex template's standing from the list: Premium, bought, or its one-time price", () => {
    const access = accessById([
      item("living-trust", "for-sale", 6999),
      item("llc", "purchased", 7999),
      item("will", "included", 4999),
    ]);
    const trust = templateStanding("living-trust", access);
    expect(trust).toEqual({ kind: "for-sale", priceCents: 6999 });
    expect(standingText(trust)).toBe("$69.99, one-time");
    expect(mayUse(trust)).toBe(false);
    expect(standingText(templateStanding("llc", access))).toBe("Purchased");
    expect(standingText(templateStanding("will", access))).toBe("Included in your plan");
    const premium = accessById([item("living-trust", "included")]);
    expect(standingText(templateStanding("living-trust", premium))).toBe("Included with Premium");
  });

  it("says what the server says of a template for sale, with its name and price", () => {
    expect(forSaleMessage("llc")).toBe(
      "LLC Operating Agreement is a Premium template. Buy it once for $79.99, or upgrade to Premium to use every template.",
    );
  });
});
