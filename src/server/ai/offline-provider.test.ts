import { afterEach, describe, expect, it, vi } from "vitest";
import { createOfflineProvider, offlineAnswer } from "./offline-provider";

const request = (question: string) => ({
  system: "s",
  messages: [{ role: "user" as const, content: question }],
  model: "x",
  maxTokens: 2000,
  temperature: 0,
  timeoutMs: 5000,
});

describe("offline assistant", () => {
  // Its pauses are timers: on a fake clock the tests move the clock instead of waiting.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers after the spec's 1-second pause, streamed in pieces", async () => {
    vi.useFakeTimers();
    const provider = createOfflineProvider({ delayMs: 1000 });
    const pieces: string[] = [];
    const answer = provider.stream(request("My landlord kept my deposit"), (text) => {
      pieces.push(text);
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(pieces).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const result = await answer;
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join("")).toBe(result.content);
    expect(result).toMatchObject({ provider: "offline", model: "lawguide-offline" });
  });

  it("picks an answer on the question's topic and always carries the disclaimer", () => {
    expect(offlineAnswer("Custody of my son after divorce", 2000)).toContain("best interests");
    expect(offlineAnswer("Something else entirely", 2000)).toContain("not legal advice");
  });

  it("stays within a preview's token budget", () => {
    const text = offlineAnswer("How do I write a will?", 200);
    expect(text.split(/\s+/).length).toBeLessThanOrEqual(150);
  });

  it("stops when asked", async () => {
    vi.useFakeTimers();
    const provider = createOfflineProvider({ delayMs: 500 });
    const controller = new AbortController();
    const pieces: string[] = [];
    const answer = provider.stream({ ...request("hello"), signal: controller.signal }, (text) => {
      pieces.push(text);
    });
    const stopped = expect(answer).rejects.toThrow("Stopped");
    await vi.advanceTimersByTimeAsync(50);
    controller.abort();
    await stopped;
    expect(pieces).toEqual([]);
  });
});
