import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/factories/test-db";
import { createLogger } from "./logger";
import { createSignals } from "./signals";

/**
 * Completions announced through the database wake their waiters at once and only then: a waiter
 * asks whether the work is done when it starts and after each announcement of its id, never on a
 * timer (on PostgreSQL with DATABASE_URL, through a second connection as another process would).
 */
describe("signals", () => {
  it("wakes a waiter when its id is announced, and asks nothing in between", { timeout: 30_000 }, async () => {
    const { database, drop } = await openTestDatabase();
    const logger = createLogger("silent");
    try {
      const waiting = createSignals(database, "lawguide_test_signal", logger);
      const other = createSignals(database, "lawguide_test_signal", logger);
      let asked = 0;
      let done = false;
      const result = waiting.wait(
        "file-1",
        async () => {
          asked += 1;
          return done ? "read" : null;
        },
        { timeoutMs: 20_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // Asked once at the start, and not again while nothing was announced.
      expect(asked).toBe(1);
      // Another id's announcement does not wake it.
      await other.send("file-2");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(asked).toBe(1);
      done = true;
      const announced = Date.now();
      await other.send("file-1");
      expect(await result).toBe("read");
      expect(Date.now() - announced).toBeLessThan(5_000);
      expect(asked).toBe(2);
    } finally {
      await drop();
    }
  });

  it("returns at once when the work was done before the wait, and gives up at its time limit", async () => {
    const { database, drop } = await openTestDatabase();
    const logger = createLogger("silent");
    try {
      const signals = createSignals(database, "lawguide_test_signal_2", logger);
      expect(await signals.wait("x", async () => "ready", { timeoutMs: 10_000 })).toBe("ready");
      const started = Date.now();
      expect(await signals.wait("y", async () => null, { timeoutMs: 300 })).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      const aborted = new AbortController();
      setTimeout(() => aborted.abort(), 100);
      expect(await signals.wait("z", async () => null, { timeoutMs: 10_000, signal: aborted.signal })).toBeNull();
    } finally {
      await drop();
    }
  });
});
