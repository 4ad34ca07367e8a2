import { describe, expect, it } from "vitest";
import { DOCUMENT_CATALOGUE, getCatalogueItem, templateIdForCatalogueItem } from "./catalogue";
import { getTemplate } from "./template-list";

describe("catalogue", () => {
  it("lists the spec's catalogue with review fees in cents and popular flags", () => {
    expect(DOCUMENT_CATALOGUE.map((item) => [item.id, item.lawyerReviewFeeCents, item.isPopular])).toEqual([
      ["will", 15_000, true],
      ["living-trust", 25_000, false],
      ["cease-desist", 10_000, true],
      ["residential-lease", 12_500, true],
      ["llc-formation", 20_000, true],
    ]);
    expect(getCatalogueItem("will")?.requiresState).toBe(true);
    expect(getCatalogueItem("nope")).toBeUndefined();
  });

  it("maps every catalogue item to an existing template", () => {
    expect(templateIdForCatalogueItem("residential-lease")).toBe("lease");
    expect(templateIdForCatalogueItem("llc-formation")).toBe("llc");
    expect(templateIdForCatalogueItem("will")).toBe("will");
    expect(templateIdForCatalogueItem("toString")).toBe("toString");
    for (const item of DOCUMENT_CATALOGUE) {
      expect(getTemplate(templateIdForCatalogueItem(item.id))?.category, item.id).toBe(item.category);
    }
  });
});
