import type { LawFact } from "@shared/law";
import { stateName } from "@shared/us-states";
import { describe, expect, it } from "vitest";
import { LIBRARY_FACTS } from "../../law/library";
import { createOfflineProvider, offlineAnswer } from "../offline-provider";
import { STATE_CODES } from "./jurisdictions";
import { offlineLegalAnswer } from "./legal-answer";

const ask = (question: string, earlier: string[] = [], caseText = "New Legal Consultation\n") =>
  offlineLegalAnswer({ question, earlier, caseText }, () => 0);

/** Phrases that ask the member for their state. */
const ASKS_STATE = /which state|your state and|tell me (your|the) state|share your state/i;

const fact = (state: string, topic: string): LawFact => {
  const found = LIBRARY_FACTS.find((f) => f.state === state && f.topic === topic);
  if (!found) throw new Error(`no ${state} ${topic}`);
  return found;
};
const checkedText = (f: LawFact) => (f.checked ? `checked ${f.checked.slice(0, 7)}` : "not verified by LawGuide");
const NAMED = STATE_CODES.filter((code) => code !== "DC").map((code) => [stateName(code), code] as const);

describe("the offline assistant's answers from the law library", () => {
  it.each(NAMED)(
    "a deposit question naming %s gets its rule, citation and whether LawGuide checked it",
    (name, code) => {
      const f = fact(code, "security-deposit");
      const answer = ask(`My landlord in ${name} kept my security deposit after I moved out. Is there a deadline?`);
      expect(answer).toContain(f.rule.replace(/\.$/, ""));
      expect(answer).toContain(`*(${f.citation}; ${checkedText(f)})*`);
      expect(answer).not.toMatch(ASKS_STATE);
    },
  );

  it.each(NAMED)("a final-paycheck question naming %s gets the state's rule and citation", (name, code) => {
    const f = fact(code, "final-paycheck");
    const answer = ask(`I was fired from my job in ${name} and haven't been paid. When is my final paycheck due?`);
    expect(answer).toContain(f.rule.replace(/\.$/, ""));
    expect(answer).toContain(f.citation);
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it.each(STATE_CODES.map((code) => [code] as const))(
    "a small-claims question naming %s by its postal code gets its rule",
    (code) => {
      const f = fact(code, "small-claims");
      const answer = ask(`What is the small claims limit in ${code}?`);
      expect(answer).toContain(f.rule.replace(/\.$/, ""));
      expect(answer).toContain(f.citation);
    },
  );

  it("reads the state from anywhere in the case and the topic from the case for a follow-up", () => {
    const f = fact("CA", "security-deposit");
    const answer = ask(
      "Is there a deadline?",
      ["My landlord kept my deposit"],
      "Deposit dispute\nI rent in Los Angeles",
    );
    expect(answer).toContain(f.citation);
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("answers a follow-up about a final paycheck with no state from the state the case named", () => {
    const f = fact("TX", "final-paycheck");
    const answer = ask("What about my final paycheck?", ["I'm in Texas and I was fired last week."], "My job\n");
    expect(answer).toContain(f.citation);
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("gives the notice a landlord must give to end a month-to-month tenancy", () => {
    const f = fact("TX", "month-to-month-notice");
    const answer = ask(
      "My landlord in Houston wants me out of my month-to-month apartment. How much notice does he need to give?",
    );
    expect(answer).toContain(f.citation);
  });

  it("answers a 5-day notice for unpaid rent in Chicago with Illinois's notice, not the deposit or small claims", () => {
    const f = fact("IL", "pay-or-quit-notice");
    const answer = ask(
      "A 5-day notice was taped to my door. I live in Chicago and I'm behind $1,500 in rent. What happens now?",
    );
    expect(answer).toContain("Notice to pay rent or leave in Illinois");
    expect(answer).toContain(f.citation);
    expect(answer).toContain("only a court can order you out");
    expect(answer).not.toContain("Security deposit return in Illinois");
  });

  it("answers a lockout with the court-only rule and the state's eviction rules, not the same block again", () => {
    const first = ask(
      "A 5-day notice was taped to my door. I live in Chicago and owe $1,500 in rent. What happens now?",
    );
    const second = ask("Can he change the locks or throw my stuff out?", [
      "A 5-day notice was taped to my door. I live in Chicago and owe $1,500 in rent. What happens now?",
    ]);
    expect(second).toContain("self-help");
    expect(second).toContain(fact("IL", "eviction-answer").citation);
    expect(second).not.toBe(first);
  });

  it("answers the time to answer an eviction suit once served", () => {
    const f = fact("CA", "eviction-answer");
    const answer = ask(
      "I was served with an eviction lawsuit by my landlord in California. How long do I have to answer?",
    );
    expect(answer).toContain(f.citation);
  });

  it("every fact in an answer carries its citation", () => {
    for (const code of STATE_CODES) {
      const answer = ask(`Landlord kept my deposit in ${code === "DC" ? "Washington, D.C." : stateName(code)}`);
      const lines = answer.split("\n").filter((l) => l.startsWith("- **") && / in [A-Z]/.test(l));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines)
        expect(line, line).toMatch(/\*\(.+; (checked \d{4}-\d{2}|not verified by LawGuide)\)\*$/);
    }
  });

  it("says where its facts come from, with no one date stamped on all of them", () => {
    const answer = ask("Landlord kept my deposit in Texas");
    expect(answer).toContain("From LawGuide's law library");
    expect(answer).not.toMatch(
      /as of (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
    );
  });

  it("asks for the state only when the case has not named one, with examples and their citations", () => {
    const answer = ask("My landlord kept my security deposit. Is there a deadline?");
    expect(answer).toMatch(/Which state is the home in\?/);
    expect(answer).toContain(fact("CA", "security-deposit").citation);
    expect(answer).toContain(fact("TX", "security-deposit").citation);
  });

  it("says plainly when it knows nothing specific for the state, without asking for it", () => {
    const answer = ask("How is custody decided in our divorce? We live in Ohio.");
    expect(answer).toContain("best interests");
    expect(answer).toContain("I do not have Ohio rules on this topic");
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("adds the state's facts to a topic answer when it has them", () => {
    const answer = ask("My landlord won't fix the heating in my apartment in Chicago");
    expect(answer).toContain("**What I know for Illinois:**");
    expect(answer).toContain(fact("IL", "security-deposit").citation);
  });

  it("answers from the library in force it is given, not the release", () => {
    const edited = {
      ...fact("OH", "small-claims"),
      rule: "An edited rule for the test.",
      citation: "Ohio Rev. Code § 1925.02(A)(9)",
    };
    const answer = offlineLegalAnswer(
      { question: "What is the small claims limit in Ohio?", earlier: [], caseText: "", library: [edited] },
      () => 0,
    );
    expect(answer).toContain("An edited rule for the test.");
    expect(answer).toContain("Ohio Rev. Code § 1925.02(A)(9)");
  });

  it("says so when the place is outside the library", () => {
    const answer = ask("My landlord in Ontario kept my security deposit");
    expect(answer).toContain("covers the 50 U.S. states and DC only");
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("reads 'my deposit' as a security deposit when the case is about nothing else, but not a deposit on a car", () => {
    expect(ask("Is there a deadline for my deposit in Ohio?")).toContain("Security deposit return in Ohio");
    expect(ask("The car dealer in Ohio kept my deposit after I cancelled the contract")).not.toContain(
      "Security deposit return in Ohio",
    );
  });

  it("does not read a direct deposit as a security deposit", () => {
    const answer = ask("My employer stopped my direct deposit after I quit. When is my last paycheck due in Texas?");
    expect(answer).toContain("Final paycheck in Texas");
    expect(answer).not.toContain("Security deposit return");
  });

  it("keeps the disclaimer on every answer, cut to a preview's budget or not", () => {
    const words = { question: "Landlord kept my deposit in Texas", earlier: [], caseText: "" };
    expect(offlineAnswer(words, 2000)).toContain("not legal advice");
    expect(offlineAnswer(words, 2000).match(/not legal advice/g)).toHaveLength(1);
  });
});

describe("a question whether a document's words are allowed", () => {
  const lease = [
    {
      document: "chicago-lease.pdf",
      location: "page 2, paragraph 4",
      text: "LATE FEES. If rent is not received by the 5th day of the month, Tenant shall pay a late fee of $150.00 plus $25.00 per day until rent is paid in full.",
    },
    {
      document: "chicago-lease.pdf",
      location: "page 1, paragraph 1",
      text: "This Lease is made between Robert Kane (Landlord) and Maria Lopez (Tenant) for the apartment at 1420 W. Addison St., Chicago, Illinois.",
    },
    {
      document: "chicago-lease.pdf",
      location: "page 3, paragraph 2",
      text: "SECURITY DEPOSIT. Landlord may keep the security deposit for up to 60 days after Tenant moves out.",
    },
  ];
  const askAbout = (question: string, earlier: string[] = []) =>
    createOfflineProvider({ delayMs: 0 }).complete({
      system: "",
      messages: [
        ...earlier.map((content) => ({ role: "user" as const, content })),
        { role: "user", content: question },
      ],
      model: "offline",
      maxTokens: 2000,
      temperature: 0,
      timeoutMs: 1000,
      task: { type: "answer", passages: lease },
    });

  it("answers the late-fee question by the rule LawGuide knows, or says it knows none, never by restating the amounts", async () => {
    const { content } = await askAbout("Is the $150 late fee plus $25 a day legal in Chicago?");
    expect(content).toContain("$150.00 plus $25.00 per day");
    expect(content).not.toContain("The amounts this passage gives");
    expect(content).toContain("LawGuide's law library has no rule on this point for Illinois yet");
    expect(content).not.toMatch(/which state/i);
  });

  it("answers with the state's rule where the library has one on the point", async () => {
    const { content } = await askAbout("Is it legal for my landlord to keep my security deposit for 60 days?", [
      "I rent an apartment in Chicago.",
    ]);
    expect(content).toContain("Landlord may keep the security deposit for up to 60 days");
    expect(content).toContain("What Illinois law says on this");
    expect(content).toContain(fact("IL", "security-deposit").citation);
  });

  it("asks for the state only when nothing in the case names one", async () => {
    const passages = [{ ...lease[0], text: "Tenant shall pay a late fee of $150.00." }];
    const { content } = await createOfflineProvider({ delayMs: 0 }).complete({
      system: "",
      messages: [{ role: "user", content: "Is this late fee legal?" }],
      model: "offline",
      maxTokens: 2000,
      temperature: 0,
      timeoutMs: 1000,
      task: { type: "answer", passages: passages as typeof lease },
    });
    expect(content).toContain("no rule on this point for your state yet");
    expect(content).toContain("Which state is this in?");
  });
});

describe("a follow-up the facts already answered", () => {
  it("does not give the same block again, and still gives it to a member who asks something new", () => {
    const first = ask("My landlord in Texas kept my security deposit. Is there a deadline?");
    const again = offlineLegalAnswer(
      {
        question: "What should I do now?",
        earlier: ["My landlord in Texas kept my security deposit. Is there a deadline?"],
        caseText: "Deposit\n",
        answered: [first],
      },
      () => 0,
    );
    expect(again).not.toContain(fact("TX", "security-deposit").rule);
    expect(again).toContain("is in my answer above");
    const other = offlineLegalAnswer(
      {
        question: "And what is the small claims limit?",
        earlier: ["My landlord in Texas kept my security deposit. Is there a deadline?"],
        caseText: "Deposit\n",
        answered: [first],
      },
      () => 0,
    );
    expect(other).toContain(fact("TX", "small-claims").citation);
  });
});
