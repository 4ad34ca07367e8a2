import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { startAiFakes } from "../../../../tests/factories/ai";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { caseMessages } from "../../db/schema";
import { LIBRARY_FACTS } from "../../law/library";

/**
 * Answers from OpenAI and Anthropic grounded in the law library: the facts of the case's state on
 * what the member asks go into the request with their citations, and the answer shows them as its
 * sources, with any citation the library does not hold marked as not checked by LawGuide.
 */
const fakes = await startAiFakes();
const t = setupTestApp(fakes.env);

beforeEach(() => {
  fakes.openai.reset();
  fakes.anthropic.reset();
});

const texas = (topic: string) => {
  const fact = LIBRARY_FACTS.find((f) => f.state === "TX" && f.topic === topic);
  if (!fact) throw new Error(`no Texas ${topic} fact`);
  return fact;
};

async function newCase(client: TestClient, body: { title?: string; description?: string } = {}): Promise<string> {
  const response = await client.post("/api/cases", body);
  expect(response.status).toBe(201);
  return (await response.json()).case.id;
}

async function ask(client: TestClient, caseId: string, content: string) {
  const response = await client.post(`/api/cases/${caseId}/messages`, { content });
  expect(response.status).toBe(200);
  const done = parseSse(await response.text()).find((e) => e.event === "done");
  return done?.data.message;
}

describe("answers grounded in the law library", () => {
  it("gives OpenAI the state's fact with its citation, and shows it under the answer with an unknown citation marked", async () => {
    const { client } = await t.member();
    const caseId = await newCase(client);
    const deposit = texas("security-deposit");
    fakes.openai.setMode({
      kind: "ok",
      text: "Your landlord has 30 days (Tex. Prop. Code § 92.103). Changing the locks is covered by Tex. Prop. Code § 92.0081.",
    });
    const message = await ask(
      client,
      caseId,
      "I moved out of my apartment in Houston, Texas. When must my landlord return my security deposit?",
    );

    const system = fakes.openai.requests[0]?.body.messages[0].content as string;
    expect(system).toContain("LawGuide's law library for Texas");
    expect(system).toContain(`Citation: ${deposit.citation}`);
    expect(system).toContain(deposit.rule);
    expect(system).toContain("cite each one you use by its citation exactly as written");

    expect(message.aiProvider).toBe("openai");
    expect(message.sources).toEqual({
      library: [
        {
          state: "TX",
          stateName: "Texas",
          topic: "security-deposit",
          topicLabel: "Security deposit return",
          citation: deposit.citation,
          checked: deposit.checked ? deposit.checked.slice(0, 7) : null,
          url: deposit.sourceUrl,
        },
      ],
      unchecked: ["Tex. Prop. Code § 92.0081"],
    });
    // Stored with the answer: the conversation shows them again when it is opened later.
    const page = await (await client.get(`/api/cases/${caseId}/messages`)).json();
    const stored = page.items.find((m: { id: string }) => m.id === message.id);
    expect(stored.sources).toEqual(message.sources);
  });

  it("takes the state from the case for Anthropic, and gives a checked fact its month", async () => {
    const { client } = await t.member({ premium: true });
    const caseId = await newCase(client, { title: "My job", description: "I worked in Texas for three years." });
    const pay = texas("final-paycheck");
    expect(pay.checked).not.toBeNull();
    fakes.anthropic.setMode({ kind: "ok", text: "It is due within six days (Tex. Lab. Code § 61.014)." });
    const message = await ask(client, caseId, "I was fired on Monday. When do I get my final paycheck?");

    const system = fakes.anthropic.requests[0]?.body.system as string;
    expect(system).toContain("LawGuide's law library for Texas");
    expect(system).toContain(`Citation: ${pay.citation} (checked by LawGuide against its source on ${pay.checked})`);
    expect(message.aiProvider).toBe("anthropic");
    expect(message.sources.library).toEqual([
      expect.objectContaining({ citation: pay.citation, checked: pay.checked?.slice(0, 7), url: pay.sourceUrl }),
    ]);
    expect(message.sources.unchecked).toEqual([]);
  });

  it("puts no facts in and shows no sources when the case names no state", async () => {
    const { client } = await t.member();
    const caseId = await newCase(client);
    const message = await ask(client, caseId, "When must my landlord return my security deposit?");
    expect(fakes.openai.requests[0]?.body.messages[0].content).not.toContain("law library");
    expect(message.sources).toBeNull();
    const [row] = await t.services.db.select().from(caseMessages).where(eq(caseMessages.id, message.id));
    expect(row?.sources).toBeNull();
  });

  it("marks a citation of another state's law the library does not hold, with no fact given", async () => {
    const { client } = await t.member();
    const caseId = await newCase(client);
    fakes.openai.setMode({ kind: "ok", text: "Look at 29 U.S.C. § 2601 and Section 8 vouchers." });
    const message = await ask(client, caseId, "What should I know about family leave?");
    expect(message.sources).toEqual({ library: [], unchecked: ["29 U.S.C. § 2601"] });
  });

  it("grounds both sides of a Premium comparison, and the answer kept shows its sources", async () => {
    const { client } = await t.member({ premium: true });
    const caseId = await newCase(client, { title: "Deposit", description: "My apartment is in Texas." });
    const deposit = texas("security-deposit");
    fakes.anthropic.setMode({
      kind: "ok",
      text: "Confidence: 90% — settled\n\nThirty days (Tex. Prop. Code § 92.103); see also Tex. Prop. Code § 92.0081.",
    });
    const response = await client.post(`/api/cases/${caseId}/comparisons`, {
      content: "When must my landlord return my security deposit?",
    });
    const events = parseSse(await response.text());
    expect(fakes.anthropic.requests[0]?.body.system).toContain(`Citation: ${deposit.citation}`);
    expect(fakes.openai.requests[0]?.body.messages[0].content).toContain(`Citation: ${deposit.citation}`);
    const comparisonId = events[0]?.data.id;
    const chosen = await client.post(`/api/cases/${caseId}/comparisons/${comparisonId}/choose`, { side: "anthropic" });
    expect(chosen.status).toBe(200);
    const [, answer] = (await chosen.json()).messages;
    expect(answer.sources.library.map((s: { citation: string }) => s.citation)).toEqual([deposit.citation]);
    expect(answer.sources.unchecked).toEqual(["Tex. Prop. Code § 92.0081"]);
  });
});
