import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";

const t = setupTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });

describe("rate limits", () => {
  it("answer 429 to more sign-in attempts a minute than allowed, kept in the database", async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.signIn(`nobody${i}@example.com`, "whatever")).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(429);
    const body = await (await c.signIn("nobody@example.com", "whatever")).json();
    expect(body.error.code).toBe("RATE_LIMITED");
    const rows = await t.services.db.execute("select count(*)::int as n from rate_limit");
    expect(Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBeGreaterThan(0);
  });
});
