import { CASE_TEXT } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { startAiFakes } from "../../../../tests/factories/ai";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";

const fakes = await startAiFakes();
// An operator who prefers an honest apology to the offline assistant's general answers.
const t = setupTestApp({ ...fakes.env, AI_OFFLINE_FALLBACK: "false" });

describe("when every provider fails and the offline fallback is off", () => {
  it("posts the spec's apology and keeps the member's message", async () => {
    fakes.openai.setMode({ kind: "error", status: 500 });
    fakes.anthropic.setMode({ kind: "error", status: 500 });
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    const events = parseSse(
      await (await client.post(`/api/cases/${caseId}/messages`, { content: "Is anyone there?" })).text(),
    );
    const done = events.find((e) => e.event === "done");
    expect(done?.data.message).toMatchObject({
      content: CASE_TEXT.assistantFailure,
      kind: "apology",
      state: "error",
      aiProvider: null,
    });
    const page = await (await client.get(`/api/cases/${caseId}/messages`)).json();
    expect(page.items.map((m: { content: string }) => m.content)).toEqual([
      "Is anyone there?",
      CASE_TEXT.assistantFailure,
    ]);
    expect(done?.data.case).toMatchObject({ replying: false, userMessageCount: 1 });
  });
});
