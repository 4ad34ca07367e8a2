import { describe, expect, it } from "vitest";
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
  it("answers after the spec's 1-second pause, streamed in pieces", async () => {
    const provider = createOfflineProvider({ delayMs: 1000 });
    const pieces: string[] = [];
    const started = performance.now();
    const result = await provider.stream(request("My landlord kept my deposit"), (text) => {
      if (pieces.length === 0) expect(performance.now() - started).toBeGreaterThanOrEqual(990);
      pieces.push(text);
    });
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
    const provider = createOfflineProvider({ delayMs: 500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(provider.stream({ ...request("hello"), signal: controller.signal }, () => {})).rejects.toThrow(
      "Stopped",
    );
  });
});
