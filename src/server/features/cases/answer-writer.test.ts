import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAnswerWriter, DELTA_INTERVAL_MS } from "./answer-writer";

describe("the answer writer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function writer() {
    const sent: Array<[string, unknown]> = [];
    const w = createAnswerWriter(async (event, data) => {
      sent.push([event, data]);
    });
    return { w, sent };
  }

  it("sends the first piece at once and the pieces after it together, at most every interval", () => {
    const { w, sent } = writer();
    w.onEvent({ type: "start", provider: "openai", model: "gpt-5-mini" });
    w.onEvent({ type: "delta", text: "The " });
    expect(sent).toEqual([
      ["start", { provider: "openai", model: "gpt-5-mini" }],
      ["delta", { text: "The " }],
    ]);
    w.onEvent({ type: "delta", text: "deposit " });
    vi.advanceTimersByTime(DELTA_INTERVAL_MS / 2);
    w.onEvent({ type: "delta", text: "is " });
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(DELTA_INTERVAL_MS / 2);
    expect(sent.at(-1)).toEqual(["delta", { text: "deposit is " }]);
    w.onEvent({ type: "delta", text: "due." });
    w.flush();
    expect(sent.at(-1)).toEqual(["delta", { text: "due." }]);
    vi.advanceTimersByTime(DELTA_INTERVAL_MS * 2);
    expect(sent).toHaveLength(4);
    expect(w.written).toBe("The deposit is due.");
  });

  it("sends nothing once closed, though Stop keeps every word written", () => {
    const { w, sent } = writer();
    w.onEvent({ type: "delta", text: "First" });
    w.onEvent({ type: "delta", text: " and more" });
    w.close();
    vi.advanceTimersByTime(DELTA_INTERVAL_MS * 2);
    expect(sent).toEqual([["delta", { text: "First" }]]);
    expect(w.written).toBe("First and more");
  });
});
