import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withIdleTimeout } from "./timeout";
import { ProviderTimeoutError, StoppedError } from "./types";

/** Resolves when `signal` aborts (as the SDKs' requests do), or never. */
const abortedBy = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));

describe("idle deadline of a provider call", () => {
  // The deadline is a timer: the clock is the test's, so a busy machine cannot move it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets a call that keeps making progress run past the deadline", async () => {
    let touch: () => void = () => {};
    let finish: (value: string) => void = () => {};
    let aborted = false;
    const call = withIdleTimeout("OpenAI", 80, undefined, (signal, progress) => {
      touch = progress;
      signal.addEventListener("abort", () => {
        aborted = true;
      });
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    // Eight pieces of progress 25 ms apart: 200 ms in all, never 80 ms without progress.
    for (let i = 0; i < 8; i++) {
      await vi.advanceTimersByTimeAsync(25);
      touch();
    }
    expect(aborted).toBe(false);
    finish("answered");
    await expect(call).resolves.toBe("answered");
  });

  it("cuts a call that goes quiet for the deadline, measured from its last progress", async () => {
    let touch: () => void = () => {};
    let signal: AbortSignal | null = null;
    const call = withIdleTimeout("Anthropic", 60, undefined, (s, progress) => {
      touch = progress;
      signal = s;
      return abortedBy(s);
    });
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30);
    touch();
    // 59 ms after the last progress nothing has happened; at 60 ms the call is cut.
    await vi.advanceTimersByTimeAsync(59);
    expect((signal as AbortSignal | null)?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as Error).message).toContain("Failed to get response from Anthropic");
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
