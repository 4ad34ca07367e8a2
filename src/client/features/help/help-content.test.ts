import { templateRuleText } from "@shared/template-offers";
import { describe, expect, it } from "vitest";
import { type HelpGroup, helpGroups, searchHelp } from "./help-content";

const GROUPS: HelpGroup[] = [
  {
    id: "a",
    title: "Getting Started",
    questions: [
      {
        question: "What kind of questions can I ask?",
        answer: "Everyday questions such as tenant rights and employment.",
      },
      { question: "How do I ask to be referred to an attorney?", answer: "Open the case and choose Refer." },
    ],
  },
  {
    id: "b",
    title: "Premium",
    questions: [{ question: "How do I cancel my subscription?", answer: "From the Premium page; no refund is due." }],
  },
];

const found = (query: string) => searchHelp(GROUPS, query).flatMap((g) => g.questions.map((q) => q.question));

describe("help search", () => {
  it("finds questions by their words or their answers', in any case", () => {
    expect(found("REFERRED")).toEqual(["How do I ask to be referred to an attorney?"]);
    // Words typed together find where they are together first.
    expect(found("choose refer")).toEqual(["How do I ask to be referred to an attorney?"]);
    expect(found("tenant rights")).toEqual(["What kind of questions can I ask?"]);
    expect(found("")).toHaveLength(3);
  });

  it("finds them by the words members use for the same thing", () => {
    expect(found("deposit")).toEqual(["What kind of questions can I ask?"]);
    expect(found("my landlord kept my deposit")).toEqual(["What kind of questions can I ask?"]);
    expect(found("landlord")).toEqual(["What kind of questions can I ask?"]);
    expect(found("lawyer")).toEqual(["How do I ask to be referred to an attorney?"]);
    expect(found("refund")).toEqual(["How do I cancel my subscription?"]);
    expect(found("xylophone")).toEqual([]);
  });
});

describe("the Help page's answers about templates", () => {
  const groups = helpGroups(
    { freeUserMessageLimit: 10, enableTrials: true, trialPeriodDays: 7, phoneSupport: false },
    { maxFileUploadSize: 10 },
  );
  const all = groups.flatMap((group) => group.questions);
  const QUESTION = "How much do document templates cost?";

  it("says what templates cost with the rule itself, and how one is bought", () => {
    const answer = all.find((q) => q.question === QUESTION)?.answer ?? "";
    expect(answer.startsWith(templateRuleText())).toBe(true);
    expect(answer).toMatch(/same checkout as the plans/);
    expect(answer).toMatch(/listed, with what you paid, on the Premium page and on Profile/);
  });

  it("says what the Free plan includes of the templates, and how to get the others", () => {
    const answer = all.find((q) => q.question === "Is LawGuide free to use?")?.answer ?? "";
    expect(answer).toContain("basic document templates (Simple and Moderate)");
    expect(answer).toContain("Complex templates come with Premium, or you can buy one once");
  });

  it("is found by the words members search with", () => {
    for (const query of ["price", "cost", "template", "buy", "template price", "purchase"]) {
      const found = searchHelp(groups, query).flatMap((g) => g.questions.map((q) => q.question));
      expect(found, query).toContain(QUESTION);
    }
  });
});
