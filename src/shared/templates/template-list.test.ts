import { describe, expect, it } from "vitest";
import { POPULAR_TEMPLATE_IDS, TEMPLATES } from "./template-list";

describe("catalogue order", () => {
  it("ranks will, lease and llc as the three popular templates, with unique ranks", () => {
    expect(POPULAR_TEMPLATE_IDS).toEqual(["will", "lease", "llc"]);
    const ranks = TEMPLATES.map((template) => template.popularityRank);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(TEMPLATES.map((template) => template.id)).toEqual(["will", "lease", "llc", "living-trust", "cease-desist"]);
  });

  it("matches the spec's table for the three spec templates", () => {
    const summary = TEMPLATES.slice(0, 3).map((t) => [
      t.id,
      t.category,
      t.price,
      t.estimatedTime,
      t.complexity,
      t.popularityRank,
    ]);
    expect(summary).toEqual([
      ["will", "Estate Planning", 49.99, "15-20 minutes", "Moderate", 1],
      ["lease", "Real Estate", 29.99, "10-15 minutes", "Simple", 2],
      ["llc", "Business Formation", 79.99, "20-25 minutes", "Complex", 3],
    ]);
  });

  it("uses a pattern with its own message and one without somewhere", () => {
    const patterned = TEMPLATES.flatMap((template) => template.fields).filter((field) => field.validation?.pattern);
    expect(patterned.some((field) => field.validation?.message)).toBe(true);
    expect(patterned.some((field) => !field.validation?.message)).toBe(true);
  });
});
