import { ceaseDesist, llc, will } from "@tests/factories/template-fixtures";
import { describe, expect, it } from "vitest";
import { DOCUMENT_STATES, STATE_BUTTON_COUNT, stateAnswers, US_STATES } from "./states";

describe("states for the Document Center assistant", () => {
  it("offers 8 of the 15 as buttons and every one of the fifty states in the full list", () => {
    expect(DOCUMENT_STATES).toHaveLength(15);
    expect(STATE_BUTTON_COUNT).toBe(8);
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
    expect([...US_STATES].sort()).toEqual(US_STATES);
    for (const state of DOCUMENT_STATES) expect(US_STATES).toContain(state);
  });

  it("offers 15 distinct states, of which 8 are buttons", () => {
    expect(DOCUMENT_STATES).toHaveLength(15);
    expect(new Set(DOCUMENT_STATES).size).toBe(15);
    expect(STATE_BUTTON_COUNT).toBe(8);
    expect(DOCUMENT_STATES.slice(0, 4)).toEqual(["California", "Texas", "Florida", "New York"]);
  });

  it("turns a chosen state into starting answers", () => {
    expect(stateAnswers(will, "Texas")).toEqual({ state: "Texas" });
    expect(stateAnswers(will, "Ohio")).toEqual({ state: "Other", stateOther: "Ohio" });
    expect(stateAnswers(llc, "Delaware")).toEqual({ state: "Delaware" });
    expect(stateAnswers(ceaseDesist, "Ohio")).toEqual({});
    expect(stateAnswers(will, " ")).toEqual({});
  });
});
