import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";

const t = setupTestApp();

describe("testimonials", () => {
  it("are public, and the seeded ones say plainly that they are illustrative examples", async () => {
    const response = await t.client().get("/api/testimonials");
    expect(response.status).toBe(200);
    const { testimonials } = await response.json();
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    for (const item of testimonials) {
      expect(item.isExample).toBe(true);
      expect(item.quote).toMatch(/^Illustrative example:/);
      expect(Object.keys(item).sort()).toEqual(["author", "context", "id", "isExample", "quote"]);
    }
  });
});
