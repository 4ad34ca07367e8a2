import { describe, expect, it } from "vitest";
import {
  autoSendQuestion,
  classifyCase,
  EXAMPLE_CHATS,
  exampleCaseDescription,
  matchesDocumentOffer,
  opensComparison,
  shownCaseDescription,
  titleFromQuestion,
} from "./chat";

describe("chat rules", () => {
  it.each<{ text: string; premium: boolean; enabled?: boolean; opens: boolean }>([
    { text: "x".repeat(100), premium: false, opens: false },
    { text: "x".repeat(101), premium: false, opens: true },
    { text: "short", premium: true, opens: true },
    { text: "x".repeat(200), premium: true, enabled: false, opens: false },
  ])(
    "open the comparison for messages over 100 characters, or any Premium message, unless it is off: $text.length characters, Premium $premium",
    ({ text, premium, enabled, opens }) => {
      expect(opensComparison(text, premium, enabled)).toBe(opens);
    },
  );

  it.each<{ text: string; premium: boolean; pref: "every" | "long" | "never"; opens: boolean }>([
    { text: "short", premium: true, pref: "long", opens: false },
    { text: "x".repeat(101), premium: true, pref: "long", opens: true },
    { text: "x".repeat(101), premium: true, pref: "never", opens: false },
    { text: "x".repeat(101), premium: false, pref: "never", opens: true },
  ])(
    "a Premium member's preference decides when a message opens the comparison: $pref, $text.length characters, Premium $premium",
    ({ text, premium, pref, opens }) => {
      expect(opensComparison(text, premium, true, pref)).toBe(opens);
    },
  );

  it("offer documents for the spec's keywords, with 'will' only as the document", () => {
    for (const text of [
      "I need a will",
      "my last will and testament",
      "divorce papers",
      "my LANDLORD",
      "cease and desist",
      "power of attorney",
      "severance pay",
    ]) {
      expect(matchesDocumentOffer(text), text).toBe(true);
    }
    for (const text of ["I will call tomorrow", "parking ticket", "stoplight camera"]) {
      expect(matchesDocumentOffer(text), text).toBe(false);
    }
  });

  it("auto-send the question of an example chat, and nothing else", () => {
    for (const example of EXAMPLE_CHATS)
      expect(autoSendQuestion(exampleCaseDescription(example))).toBe(example.question);
    expect(autoSendQuestion("I need legal assistance with my situation.")).toBeNull();
    expect(autoSendQuestion(null)).toBeNull();
  });

  it("title a case from its first question and classify it", () => {
    expect(titleFromQuestion("Short question?")).toBe("Short question?");
    const long = titleFromQuestion(
      "My landlord in California still has not returned my security deposit after five weeks, what can I do?",
    );
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith("…")).toBe(true);
    expect(classifyCase("My landlord won't fix the heat")).toBe("Housing & Tenancy");
    expect(classifyCase("I was fired for asking about overtime")).toBe("Employment");
    expect(classifyCase("What is the weather?")).toBe("General");
  });
});

describe("a case's title from its first question", () => {
  it.each([
    ["Short question?", "Short question?"],
    [
      "My landlord still has not returned my security deposit after five weeks and won't answer",
      "My landlord hasn't returned my security deposit…",
    ],
    [
      "My landlord in Fresno still has not returned my security deposit after five weeks.",
      "My landlord in Fresno hasn't returned my security deposit…",
    ],
    [
      "Hi, I have a question about my lease. Can my landlord raise the rent mid-lease?",
      "Can my landlord raise the rent mid-lease?",
    ],
    ["Hello! Can my employer pay me late after I quit?", "Can my employer pay me late after I quit?"],
    [
      "I was fired from my job at a warehouse in Houston yesterday without any warning or reason given",
      "I was fired from my job at a warehouse…",
    ],
    ["Help! My landlord is evicting me next week.", "Help! My landlord is evicting me next week"],
    ["Wait...", "Wait..."],
    ["Review of lease.pdf", "Review of lease.pdf"],
    ["Is 3.5% interest on a $12,000.50 loan legal?", "Is 3.5% interest on a $12,000.50 loan legal?"],
  ])("%s → %s", (question, title) => {
    expect(titleFromQuestion(question)).toBe(title);
  });

  it("keeps whole words and never ends on a word that says nothing", () => {
    for (const question of [
      "Can I break my lease early if my landlord refuses to make the repairs that the city inspector ordered",
      "What happens to my house and my savings if I die without a will in the state of Florida",
      "x".repeat(200),
    ]) {
      const title = titleFromQuestion(question);
      expect(title.length).toBeLessThanOrEqual(61);
      expect(title).not.toMatch(/\b(?:my|the|a|of|to|in|and)…$/);
      if (!question.startsWith("x"))
        expect(question).toContain(title.replace(/…$/, "").split(" ").slice(0, 3).join(" "));
    }
  });
});

describe("a case's description as shown", () => {
  it("names the example a case was started from, and leaves every other description alone", () => {
    const example = EXAMPLE_CHATS[0];
    if (!example) throw new Error("no example chats");
    expect(shownCaseDescription(exampleCaseDescription(example))).toBe(`Started from the example "${example.title}"`);
    expect(autoSendQuestion(exampleCaseDescription(example))).toBe(example.question);
    expect(shownCaseDescription("I need legal assistance with my situation.")).toBe(
      "I need legal assistance with my situation.",
    );
    expect(shownCaseDescription('My tenant said: User selected the example "x". They need help with: y')).toContain(
      "My tenant said",
    );
  });
});
