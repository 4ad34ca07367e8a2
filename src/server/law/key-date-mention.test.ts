import { describe, expect, it } from "vitest";
import { keyDateMention } from "./key-date-mention";

const TODAY = "2026-12-07";

describe("a key date stated in a message", () => {
  it.each<[string, ReturnType<typeof keyDateMention>]>([
    ["I moved out on March 3 and my landlord still has my deposit.", { event: "moved-out", eventDate: "2026-03-03" }],
    ["I returned the keys on Nov. 20th.", { event: "moved-out", eventDate: "2026-11-20" }],
    // A month still to come this year was last year's.
    ["We moved out December 28.", { event: "moved-out", eventDate: "2025-12-28" }],
    ["I was fired on 11/30/2026 without my last check.", { event: "fired", eventDate: "2026-11-30" }],
    ["They let me go yesterday.", { event: "fired", eventDate: "2026-12-06" }],
    ["I quit my job on October 15, 2026.", { event: "quit", eventDate: "2026-10-15" }],
    [
      "A 5-day notice was taped to my door on Monday, December 1.",
      { event: "pay-or-quit-notice", eventDate: "2026-12-01" },
    ],
    ["I was served with an eviction lawsuit today.", { event: "served", eventDate: "2026-12-07" }],
  ])("%s", (text, expected) => {
    expect(keyDateMention(text, TODAY)).toEqual(expected);
  });

  it.each([
    "I moved out last spring and want my deposit.",
    "My landlord kept my deposit on March 3.",
    "I moved out. On March 3 the landlord wrote to me.",
    "Can my employer fire me for this?",
    "I moved out on February 30.",
    "I moved out on March 3, 1970.",
  ])("finds none in %s", (text) => {
    expect(keyDateMention(text, TODAY)).toBeNull();
  });
});
