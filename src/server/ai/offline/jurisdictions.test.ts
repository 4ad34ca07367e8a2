import { describe, expect, it } from "vitest";
import { STATE_CODES, stateInText, stateOfCase } from "./jurisdictions";

describe("the state a member names", () => {
  it("knows all 50 states and DC", () => {
    expect(STATE_CODES).toHaveLength(51);
  });

  it.each([
    ["My landlord in California kept my deposit", "CA"],
    ["I rent an apartment in Los Angeles", "CA"],
    ["We live in west virginia", "WV"],
    ["I moved from Texas to Ohio last year", "OH"],
    ["Our office is in Portland, OR", "OR"],
    ["I live in Portland, Maine", "ME"],
    ["Landlord in Kansas City kept the deposit", "MO"],
    ["I work in Washington, D.C.", "DC"],
    ["I work in Seattle", "WA"],
    ["in NYC, my apartment", "NY"],
    ["Springfield, IL lease", "IL"],
    ["I'm in PA", "PA"],
    ["Tenant in Chicago, IL", "IL"],
    ["I was fired in Austin last week", "TX"],
    ["Mass. landlord", "MA"],
    ["NJ landlord won't return deposit", "NJ"],
  ])("%s → %s", (text, code) => {
    expect(stateInText(text)).toBe(code);
  });

  it.each([
    "I am ill. Can I be fired?",
    "My son Austin broke his arm",
    "OR should I just move out?",
    "I gave notice, OK?",
    "Can I sue in small claims?",
    "My mobile phone contract",
    "Is there a deadline?",
  ])("names none in %s", (text) => {
    expect(stateInText(text)).toBeNull();
  });

  it("takes the newest message's state, then earlier ones, then the case's own words", () => {
    expect(stateOfCase({ messages: ["I live in Texas", "Is there a deadline?"], caseText: "Ohio" })).toBe("TX");
    expect(stateOfCase({ messages: ["Is there a deadline?"], caseText: "Deposit in Ohio" })).toBe("OH");
    expect(stateOfCase({ messages: ["I live in Texas", "Actually I moved to Florida"], caseText: "" })).toBe("FL");
    expect(stateOfCase({ messages: ["hello"], caseText: "New Legal Consultation" })).toBeNull();
  });
});
