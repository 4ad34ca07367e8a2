import { describe, expect, it } from "vitest";
import { withIdleTimeout } from "./timeout";
import { ProviderTimeoutError, StoppedError } from "./types";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `signal` aborts (as the SDKs' requests do), or never. */
const abortedBy = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));

describe("idle deadline of a provider call", () => {
  it("lets a call that keeps making progress run past the deadline", async () => {
    const started = performance.now();
    const result = await withIdleTimeout("OpenAI", 80, undefined, async (_signal, touch) => {
      for (let i = 0; i < 8; i++) {
        await sleep(25);
        touch();
      }
      return "answered";
    });
    expect(result).toBe("answered");
    expect(performance.now() - started).toBeGreaterThan(160);
  });

  it("cuts a call that goes quiet for the deadline, with the provider's timeout error", async () => {
    const started = performance.now();
    const call = withIdleTimeout("Anthropic", 60, undefined, async (signal, touch) => {
      await sleep(30);
      touch();
      return abortedBy(signal);
    });
    await expect(call).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(call).rejects.toThrow("Failed to get response from Anthropic");
    // Measured from the last progress (at ~30 ms), not from the start.
    expect(performance.now() - started).toBeGreaterThanOrEqual(85);
  });

  it("stops at once when the member stops, and does not start when already stopped", async () => {
    const stop = new AbortController();
    const call = withIdleTimeout("OpenAI", 10_000, stop.signal, (signal) => abortedBy(signal));
    stop.abort();
    await expect(call).rejects.toBeInstanceOf(StoppedError);
    let ran = false;
    await expect(
      withIdleTimeout("OpenAI", 10_000, stop.signal, async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(StoppedError);
    expect(ran).toBe(false);
  });
});
