import { describe, expect, it } from "vitest";
import { citationsIn, factsForQuestion, groundingPrompt, lawTopicsIn, librarySections, sourcesOf } from "./grounding";
import { LIBRARY_FACTS } from "./library";

const TX = LIBRARY_FACTS.filter((f) => f.state === "TX");
const known = librarySections(LIBRARY_FACTS);

describe("the topics a question is about", () => {
  it("knows each of the library's seven topics", () => {
    expect(lawTopicsIn("When must my landlord return my security deposit?", true)).toEqual(["security-deposit"]);
    expect(lawTopicsIn("I was fired on Friday. When do I get my last paycheck?", false)).toEqual(["final-paycheck"]);
    expect(lawTopicsIn("What is the small claims limit?", false)).toEqual(["small-claims"]);
    expect(lawTopicsIn("How much notice to end my month-to-month lease?", true)).toEqual(["month-to-month-notice"]);
    expect(lawTopicsIn("A 5-day notice was taped to my door for unpaid rent", true)).toEqual(["pay-or-quit-notice"]);
    expect(lawTopicsIn("I was served with an eviction lawsuit. How long to answer?", true)).toEqual([
      "pay-or-quit-notice",
      "eviction-answer",
    ]);
    expect(lawTopicsIn("What is the statute of limitations for breach of a written contract?", false)).toEqual([
      "written-contract-limit",
    ]);
  });

  it("counts home words only in a case about a home", () => {
    expect(lawTopicsIn("Can I get my deposit back?", false)).toEqual([]);
    expect(lawTopicsIn("I was served with papers", false)).toEqual([]);
  });

  it("takes the facts of what the question asks, else of what the case is about, at most three", () => {
    const words = { question: "When must the deposit come back?", earlier: [], caseText: "Landlord kept my deposit" };
    expect(factsForQuestion(TX, words).map((f) => f.topic)).toEqual(["security-deposit"]);
    const followUp = {
      question: "And what if he does not?",
      earlier: [],
      caseText: "Landlord kept my security deposit",
    };
    expect(factsForQuestion(TX, followUp).map((f) => f.topic)).toEqual(["security-deposit"]);
    expect(factsForQuestion(TX, { question: "Hello", earlier: [], caseText: "A question" })).toEqual([]);
    const many = {
      question: "deposit, final paycheck after I was fired, small claims, month-to-month notice, eviction",
      earlier: [],
      caseText: "my landlord",
    };
    expect(factsForQuestion(TX, many)).toHaveLength(3);
  });
});

describe("the facts put to the model", () => {
  it("names the state, each rule with its citation and whether LawGuide checked it", () => {
    const facts = factsForQuestion(TX, { question: "security deposit and small claims", earlier: [], caseText: "" });
    const prompt = groundingPrompt(facts);
    expect(prompt).toContain("law library for Texas");
    expect(prompt).toContain("Citation: Tex. Prop. Code § 92.103(a)");
    expect(prompt).toContain("not verified by LawGuide");
    expect(prompt).toMatch(
      /Citation: Tex\. Gov't Code § 27\.031\(a\)\(1\); Tex\. R\. Civ\. P\. 500\.3\(a\) \(checked by LawGuide against its source on \d{4}-\d{2}-\d{2}\)/,
    );
    expect(prompt).toContain("cite each one you use by its citation exactly as written");
    expect(groundingPrompt([])).toBe("");
  });
});

describe("citations in an answer", () => {
  it("finds statutes written with a section mark, as a word, or in a code's own style", () => {
    const text =
      "Under **Tex. Prop. Code § 92.103**, the landlord has 30 days. See also Section 92.0081 of the Texas Property Code, 765 ILCS 710/1, La. R.S. 9:3252 and Cal. Civ. Code §§ 1950.5(g)-(h), 1946.1.";
    expect(citationsIn(text)).toEqual([
      { text: "Tex. Prop. Code § 92.103", sections: ["92.103"] },
      { text: "Section 92.0081", sections: ["92.0081"] },
      { text: "765 ILCS 710/1", sections: ["710/1"] },
      { text: "R.S. 9:3252", sections: ["9:3252"] },
      { text: "Cal. Civ. Code §§ 1950.5(g)-(h), 1946.1", sections: ["1950.5", "1946.1"] },
    ]);
  });

  it("does not take a housing program or a day count for a citation", () => {
    expect(citationsIn("Section 8 vouchers are different; you have 30 days (section 3).")).toEqual([]);
  });

  it("shows the facts given as sources, and marks a citation the library does not hold", () => {
    const given = TX.filter((f) => f.topic === "security-deposit");
    const sources = sourcesOf(
      "The deposit is due in 30 days (Tex. Prop. Code § 92.103). A lockout is governed by Tex. Prop. Code § 92.0081.",
      given,
      known,
    );
    expect(sources?.library).toEqual([
      expect.objectContaining({ stateName: "Texas", topicLabel: "Security deposit return", checked: null }),
    ]);
    expect(sources?.library[0]?.citation).toMatch(/^Tex\. Prop\. Code § 92\.103/);
    expect(sources?.unchecked).toEqual(["Tex. Prop. Code § 92.0081"]);
  });

  it("gives a checked fact its month, and nothing when there is no fact and no citation", () => {
    const checked = TX.find((f) => f.checked);
    expect(checked).toBeDefined();
    if (!checked) return;
    expect(sourcesOf("An answer", [checked], known)?.library[0]?.checked).toBe(checked.checked?.slice(0, 7));
    expect(sourcesOf("An answer with no law in it.", [], known)).toBeNull();
  });

  it("knows every section the library cites", () => {
    for (const fact of LIBRARY_FACTS) {
      for (const citation of citationsIn(fact.citation)) {
        for (const section of citation.sections) expect(known.has(section)).toBe(true);
      }
    }
    expect(known.has("92.103")).toBe(true);
    expect(known.has("710/1")).toBe(true);
  });
});
