import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { uploadAndRead } from "../../../../tests/factories/uploads";
import { findUnverifiedQuotes } from "../../ai/document-analysis";
import { passagesOf } from "./uploads.queries";

// No AI keys: the offline assistant a newcomer meets on a fresh clone.
const t = setupTestApp();

const leasePhoto = readFileSync(path.resolve("tests/fixtures/uploads/lease.png"));

describe("a photo of a lease, with no AI provider configured", () => {
  it("is read, analysed in five parts quoting the lease, and answers the deposit question from its words", async () => {
    const { client } = await t.member();
    const caseId = (await (await client.post("/api/cases", {})).json()).case.id;
    const file = await uploadAndRead(client, "lease.png", new Uint8Array(leasePhoto), { caseId });
    expect(file.status).toBe("ready");

    const sent = await client.post(`/api/cases/${caseId}/messages`, { content: "", attachments: [file.id] });
    const events = parseSse(await sent.text());
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["message", "status", "start", "delta", "done"]));
    const analysis = events.find((e) => e.event === "done")?.data.message.content as string;
    expect(analysis).toMatch(/^## Document Analysis: lease\.png/);
    expect([...analysis.matchAll(/^### (.+)$/gm)].map((m) => m[1]).slice(0, 5)).toEqual([
      "Document type and purpose",
      "Key terms and clauses",
      "Potential issues",
      "Plain-language summary",
      "Recommendations",
    ]);
    expect(analysis).toMatch(/lease/i);
    expect(analysis).toContain("$1,450");
    // Every quote is the photo's own text as it was read.
    const passages = (await passagesOf(t.services.db, file.id, 400)).map((p) => ({
      document: p.fileName,
      location: p.location,
      text: p.content,
    }));
    expect(findUnverifiedQuotes(analysis, passages)).toEqual([]);

    const asked = await client.post(`/api/cases/${caseId}/messages`, {
      content: "When must my landlord return my deposit?",
    });
    const answer = parseSse(await asked.text()).find((e) => e.event === "done")?.data.message.content as string;
    expect(answer).toContain("lease.png");
    expect(answer).toMatch(/within 14 days/);
    expect(findUnverifiedQuotes(answer, passages)).toEqual([]);
  });
});
