import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startAiFakes } from "../../../../tests/factories/ai";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { leasePdf, uploadAndRead } from "../../../../tests/factories/uploads";
import { leaseParagraphs } from "../../../../tests/fixtures/uploads/lease-text";
import { caseMessages, documents } from "../../db/schema";
import { UNVERIFIED_QUOTES_NOTE } from "../assistant/document-analysis.service";

const fakes = await startAiFakes();
// Anthropic answers Premium members first, OpenAI Free members; the offline assistant is the last resort.
const t = setupTestApp(fakes.env);

async function newCase(client: TestClient): Promise<string> {
  return (await (await client.post("/api/cases", {})).json()).case.id;
}

async function send(client: TestClient, caseId: string, body: { content: string; attachments?: string[] }) {
  const response = await client.post(`/api/cases/${caseId}/messages`, body);
  return { response, events: response.ok ? parseSse(await response.text()) : [] };
}

const lastDone = (events: ReturnType<typeof parseSse>) => events.filter((e) => e.event === "done").at(-1)?.data;

describe("files sent in a case, answered by a provider", () => {
  it("gives the provider the file's passages with their places and the five parts to write", async () => {
    fakes.openai.reset();
    const { client } = await t.member();
    const caseId = await newCase(client);
    const file = await uploadAndRead(client, "lease.pdf", await leasePdf(), { caseId });
    const { response, events } = await send(client, caseId, { content: "", attachments: [file.id] });
    expect(response.status).toBe(200);

    const message = events.find((e) => e.event === "message")?.data.message;
    expect(message.attachments).toEqual([
      { id: file.id, fileName: "lease.pdf", mimeType: "application/pdf", sizeBytes: file.sizeBytes },
    ]);
    expect(events.filter((e) => e.event === "status").map((e) => e.data.stage)).toEqual(["reading", "analysing"]);

    const request = fakes.openai.requests.at(-1)?.body;
    const system = request.messages.find((m: { role: string }) => m.role === "system").content as string;
    expect(system).toContain("security deposit within 14 days");
    expect(system).toContain("page 1");
    for (const heading of ["Document type and purpose", "Key terms and clauses", "Plain-language summary"]) {
      expect(system).toContain(heading);
    }
    // The fake's answer quotes words that are not in the lease: the stored answer says so.
    const done = lastDone(events);
    expect(done.message.content).toContain(UNVERIFIED_QUOTES_NOTE.trim());
  });

  it("keeps a received file with the case's message box until it is sent, then files it as analysed", async () => {
    fakes.openai.reset();
    const { client } = await t.member();
    const caseId = await newCase(client);
    const file = await uploadAndRead(client, "lease.pdf", await leasePdf(), { caseId });
    const waiting = async () =>
      (await (await client.get(`/api/uploads?caseId=${caseId}&unsent=1`)).json()).items.map(
        (u: { id: string }) => u.id,
      );
    // A reload asks for what waits in the message box: the file is there, not lost.
    expect(await waiting()).toEqual([file.id]);
    const listed = (await (await client.get("/api/uploads")).json()).items[0];
    expect(listed).toMatchObject({
      id: file.id,
      caseId,
      caseTitle: "New Legal Consultation",
      sentAt: null,
      analysedAt: null,
    });

    await send(client, caseId, { content: "", attachments: [file.id] });
    expect(await waiting()).toEqual([]);
    const after = (await (await client.get(`/api/uploads?caseId=${caseId}`)).json()).items;
    expect(after).toHaveLength(1);
    expect(after[0].sentAt).not.toBeNull();
    // Analysed in the chat: My documents offers it again as analysed, with the reading kept.
    expect(after[0].analysedAt).not.toBeNull();
    expect((await (await client.get(`/api/uploads/${file.id}`)).json()).upload.analysis).toContain("OpenAI fake");
    // Another member's case id shows nothing of theirs, and a malformed one is refused.
    const { client: other } = await t.member();
    expect((await (await other.get(`/api/uploads?caseId=${caseId}&unsent=1`)).json()).items).toEqual([]);
    expect((await other.get("/api/uploads?caseId=nope")).status).toBe(400);
  });

  it("adds no warning when every quote is the document's", async () => {
    const quote = leaseParagraphs[2]?.split(", less")[0] as string;
    fakes.openai.setMode({
      kind: "ok",
      text: `## Document Analysis: lease.pdf\n\n### Key terms and clauses\n> "${quote}" (page 1)`,
    });
    const { client } = await t.member();
    const caseId = await newCase(client);
    const file = await uploadAndRead(client, "lease.pdf", await leasePdf(), { caseId });
    const { events } = await send(client, caseId, { content: "", attachments: [file.id] });
    fakes.openai.reset();
    const content = lastDone(events).message.content as string;
    expect(content).toContain(quote);
    expect(content).not.toContain(UNVERIFIED_QUOTES_NOTE.trim());
  });

  it("keeps the member's message and file when every provider fails", async () => {
    fakes.openai.setMode({ kind: "error", status: 500 });
    fakes.anthropic.setMode({ kind: "error", status: 500 });
    try {
      const { client, id } = await t.member();
      const caseId = await newCase(client);
      const file = await uploadAndRead(client, "lease.pdf", await leasePdf(), { caseId });
      const { events } = await send(client, caseId, { content: "What does this say?", attachments: [file.id] });
      // The offline assistant answers from the file itself when the providers cannot.
      const done = lastDone(events);
      expect(done.message.content).toMatch(/^## Document Analysis: lease\.pdf/);
      const stored = await t.services.db
        .select()
        .from(caseMessages)
        .where(and(eq(caseMessages.caseId, caseId), eq(caseMessages.isUser, true)));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.content).toBe("What does this say?");
      expect(stored[0]?.attachments.map((a) => a.id)).toEqual([file.id]);
      const [kept] = await t.services.db.select().from(documents).where(eq(documents.id, file.id));
      expect(kept).toMatchObject({ userId: id, caseId, status: "ready" });
    } finally {
      fakes.openai.reset();
      fakes.anthropic.reset();
    }
  });

  it("answers later questions with the passages of the case's files", async () => {
    fakes.openai.reset();
    const { client } = await t.member();
    const caseId = await newCase(client);
    const file = await uploadAndRead(client, "lease.pdf", await leasePdf(), { caseId });
    await send(client, caseId, { content: "", attachments: [file.id] });
    fakes.openai.reset();
    await send(client, caseId, { content: "When must my landlord return my deposit?" });
    const system = fakes.openai.requests.at(-1)?.body.messages[0].content as string;
    expect(system).toContain("lease.pdf");
    expect(system).toContain("security deposit within 14 days");

    // A case without files asks as before, with no file passages.
    fakes.openai.reset();
    const plain = await newCase(client);
    await send(client, plain, { content: "When must my landlord return my deposit?" });
    expect(fakes.openai.requests.at(-1)?.body.messages[0].content).not.toContain("14 days");
  });

  it("refuses more than five files, or a file that is not the member's, storing nothing", async () => {
    const { client } = await t.member();
    const caseId = await newCase(client);
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    const tooMany = await send(client, caseId, { content: "hi", attachments: ids });
    expect(tooMany.response.status).toBe(400);
    const unknown = await send(client, caseId, { content: "hi", attachments: [crypto.randomUUID()] });
    expect(unknown.response.status).toBe(404);
    const empty = await send(client, caseId, { content: "" });
    expect(empty.response.status).toBe(400);
    const stored = await t.services.db.select().from(caseMessages).where(eq(caseMessages.caseId, caseId));
    expect(stored).toHaveLength(0);
  });
});
