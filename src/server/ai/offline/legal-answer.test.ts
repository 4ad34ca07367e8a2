import { describe, expect, it } from "vitest";
import { offlineAnswer } from "../offline-provider";
import { STATE_CODES } from "./jurisdictions";
import { offlineLegalAnswer } from "./legal-answer";
import { STATE_LAW } from "./state-law";

const ask = (question: string, earlier: string[] = [], caseText = "New Legal Consultation\n") =>
  offlineLegalAnswer({ question, earlier, caseText }, () => 0);

/** Phrases that ask the member for their state. */
const ASKS_STATE = /which state|your state and|tell me (your|the) state|share your state/i;

describe("the offline assistant's answers from the state-law table", () => {
  it.each(STATE_LAW.map((row) => [row.name, row] as const))(
    "a deposit question naming %s gets its deadline and statute",
    (name, row) => {
      const answer = ask(`My landlord in ${name} kept my security deposit after I moved out. Is there a deadline?`);
      expect(answer).toContain(row.securityDeposit.deadline);
      expect(answer).toContain(row.securityDeposit.source);
      expect(answer).not.toMatch(ASKS_STATE);
    },
  );

  it.each(STATE_LAW.map((row) => [row.name, row] as const))(
    "a final-paycheck question naming %s gets both deadlines and the statute",
    (name, row) => {
      const answer = ask(`I was fired from my job in ${name} and haven't been paid. When is my final paycheck due?`);
      expect(answer).toContain(row.finalPaycheck.fired);
      expect(answer).toContain(row.finalPaycheck.quit);
      expect(answer).toContain(row.finalPaycheck.source);
      expect(answer).not.toMatch(ASKS_STATE);
    },
  );

  it.each(STATE_LAW.map((row) => [row.code, row] as const))(
    "a small-claims question naming %s by its postal code gets the limit and its source",
    (code, row) => {
      const answer = ask(`What is the small claims limit in ${code}?`);
      expect(answer).toContain(row.smallClaims.limit);
      expect(answer).toContain(row.smallClaims.source);
    },
  );

  it("reads the state from anywhere in the case and the topic from the case for a follow-up", () => {
    const row = STATE_LAW.find((r) => r.code === "CA");
    const answer = ask(
      "Is there a deadline?",
      ["My landlord kept my deposit"],
      "Deposit dispute\nI rent in Los Angeles",
    );
    expect(answer).toContain(row?.securityDeposit.deadline);
    expect(answer).toContain(row?.securityDeposit.source);
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("gives the notice a landlord must give to end a month-to-month tenancy", () => {
    const row = STATE_LAW.find((r) => r.code === "TX");
    const answer = ask(
      "My landlord in Houston wants me out of my month-to-month apartment. How much notice does he need to give?",
    );
    expect(answer).toContain(row?.monthToMonthNotice.notice);
    expect(answer).toContain(row?.monthToMonthNotice.source);
  });

  it("every figure in an answer carries its source", () => {
    for (const code of STATE_CODES) {
      const answer = ask(
        `Landlord kept my deposit in ${code === "DC" ? "Washington, D.C." : STATE_LAW.find((r) => r.code === code)?.name}`,
      );
      for (const line of answer.split("\n").filter((l) => l.startsWith("- **") && / in [A-Z]/.test(l))) {
        expect(line, line).toMatch(/\*\(.+\)\*$/);
      }
    }
  });

  it("asks for the state only when the case has not named one, with examples and their sources", () => {
    const answer = ask("My landlord kept my security deposit. Is there a deadline?");
    expect(answer).toMatch(/Which state is the home in\?/);
    expect(answer).toMatch(/Deadlines run from \d+ days in [A-Z][\w ]+ to \d+ days in [A-Z][\w ]+/);
    expect(answer).toMatch(/\*\([^)]+\)\*/);
  });

  it("says plainly when it knows nothing specific for the state, without asking for it", () => {
    const answer = ask("How is custody decided in our divorce? We live in Ohio.");
    expect(answer).toContain("best interests");
    expect(answer).toContain("I do not have Ohio figures on this topic");
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("adds the state's figures to a topic answer when it has them", () => {
    const answer = ask("My landlord won't fix the heating in my apartment in Chicago");
    expect(answer).toContain("**What I know for Illinois:**");
    expect(answer).toContain(STATE_LAW.find((r) => r.code === "IL")?.securityDeposit.source);
  });

  it("says so when the place is outside the table", () => {
    const answer = ask("My landlord in Ontario kept my security deposit");
    expect(answer).toContain("figures for the 50 U.S. states and DC only");
    expect(answer).not.toMatch(ASKS_STATE);
  });

  it("reads 'my deposit' as a security deposit when the case is about nothing else, but not a deposit on a car", () => {
    expect(ask("Is there a deadline for my deposit in Ohio?")).toContain("Deposit return deadline in Ohio");
    expect(ask("The car dealer in Ohio kept my deposit after I cancelled the contract")).not.toContain(
      "Deposit return deadline",
    );
  });

  it("does not read a direct deposit as a security deposit", () => {
    expect(ask("My employer stopped my direct deposit after I quit. When is my last paycheck due in Texas?")).toContain(
      "Final paycheck in Texas",
    );
    expect(
      ask("My employer stopped my direct deposit after I quit. When is my last paycheck due in Texas?"),
    ).not.toContain("Deposit return deadline");
  });

  it("keeps the disclaimer on every answer, cut to a preview's budget or not", () => {
    const words = { question: "Landlord kept my deposit in Texas", earlier: [], caseText: "" };
    expect(offlineAnswer(words, 2000)).toContain("not legal advice");
    expect(offlineAnswer(words, 2000).match(/not legal advice/g)).toHaveLength(1);
  });
});
