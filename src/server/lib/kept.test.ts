import { describe, expect, it } from "vitest";
import { keptFor } from "./kept";

describe("keptFor", () => {
  it("shares one read while it runs and keeps its value for the time given", async () => {
    let reads = 0;
    const kept = keptFor(60_000, async () => ++reads);
    const [a, b] = await Promise.all([kept.get(), kept.get()]);
    expect([a, b, reads]).toEqual([1, 1, 1]);
    expect(await kept.get()).toBe(1);
    kept.forget();
    expect(await kept.get()).toBe(2);
  });

  it("reads again once the time is up", async () => {
    let reads = 0;
    const kept = keptFor(0, async () => ++reads);
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(2);
  });

  it("does not keep a failed read", async () => {
    let reads = 0;
    const kept = keptFor(Number.POSITIVE_INFINITY, async () => {
      reads += 1;
      if (reads === 1) throw new Error("database away");
      return reads;
    });
    await expect(kept.get()).rejects.toThrow("database away");
    expect(await kept.get()).toBe(2);
    expect(await kept.get()).toBe(2);
  });

  it("asks how long a copy stays good at each read", async () => {
    let reads = 0;
    let lifetime = Number.POSITIVE_INFINITY;
    const kept = keptFor(
      () => lifetime,
      async () => ++reads,
    );
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(1);
    lifetime = 0;
    expect(await kept.get()).toBe(2);
  });

  it("does not keep a read that was running when the value was forgotten", async () => {
    let reads = 0;
    let finish: () => void = () => {};
    const kept = keptFor(Number.POSITIVE_INFINITY, async () => {
      const read = ++reads;
      if (read === 1) await new Promise<void>((resolve) => (finish = resolve));
      return read;
    });
    const running = kept.get();
    kept.forget();
    finish();
    expect(await running).toBe(1);
    expect(await kept.get()).toBe(2);
    expect(await kept.get()).toBe(2);
  });
});
