import { Writable } from "node:stream";
import { ERROR_CODES } from "@shared/api-error";
import { DOCUMENT_TEXT } from "@shared/messages";
import type { DocumentDetail } from "@shared/schemas/documents";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { docxText, pdfText } from "../../../../tests/factories/document-text";
import { generateWill, longWillAnswers } from "../../../../tests/factories/documents";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { documents } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { createLogger } from "../../lib/logger";
import { createDocumentRenderer, type DocumentRenderer, type DocumentRenderingOptions } from "./document-renderer";

const t = setupTestApp({}, { offlineDelayMs: 0, documentRendering: { workers: 1, perMember: 2 } });

const download = (client: TestClient, id: string, format: "pdf" | "docx") =>
  client.get(`/api/documents/${id}/download?format=${format}`);
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const stats = () => t.services.documents.renderingStats();

describe("PDF and Word downloads through the render workers", () => {
  it("lets a member have two renders in flight; a third is refused with 429 and a wait, others go on", {
    timeout: 120_000,
  }, async () => {
    const member = await t.member();
    const mine: DocumentDetail[] = [];
    for (let i = 0; i < 3; i++) mine.push(await generateWill(member.client, longWillAnswers()));
    const other = await t.member();
    const theirs = await generateWill(other.client);

    const [a, b, c, d] = await Promise.all([
      ...mine.map((document) => download(member.client, document.id, "pdf")),
      download(other.client, theirs.id, "pdf"),
    ]);
    const responses = [a, b, c].filter((r) => r !== undefined);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    const refused = responses.find((r) => r.status === 429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused?.json()).toEqual({
      error: { code: ERROR_CODES.rateLimited, message: DOCUMENT_TEXT.tooManyDownloads(2) },
    });
    expect(d?.status).toBe(200);
    expect(pdfText(await bytesOf(d as Response))).toContain(`Document ID: ${theirs.id}`);

    // Once the first two are done, the refused one is rendered.
    const again = await download(member.client, mine[responses.indexOf(refused as Response)]?.id ?? "", "pdf");
    expect(again.status).toBe(200);
    expect(stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("keeps a file until its document goes: one render for requests at once, the same bytes after", async () => {
    const { client } = await t.member();
    const document = await generateWill(client);
    const before = stats().rendered;
    const kept = stats().cachedFiles;
    // Three at once (more than the member's two): they share one render, none is refused.
    const together = await Promise.all([1, 2, 3].map(() => download(client, document.id, "pdf")));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    const [first, ...rest] = await Promise.all(together.map(bytesOf));
    for (const bytes of rest) expect(bytes.equals(first as Buffer)).toBe(true);
    expect(stats().rendered).toBe(before + 1);

    const later = await download(client, document.id, "pdf");
    expect((await bytesOf(later)).equals(first as Buffer)).toBe(true);
    expect(later.headers.get("content-type")).toBe("application/pdf");
    expect(stats().rendered).toBe(before + 1);

    const docx = await download(client, document.id, "docx");
    expect(await docxText(await bytesOf(docx))).toContain(`Document ID: ${document.id}`);
    expect(stats().rendered).toBe(before + 2);
    expect(stats().cachedFiles).toBe(kept + 2);

    expect((await client.delete(`/api/documents/${document.id}`)).status).toBe(200);
    expect(stats().cachedFiles).toBe(kept);
  });

  it("renders a document again when its text or title changes, never serving the old file", async () => {
    const { client } = await t.member();
    const document = await generateWill(client);
    expect(pdfText(await bytesOf(await download(client, document.id, "pdf")))).toContain("Ada Lovelace");
    const before = stats().rendered;

    // No route changes a generated document today; the cache must not depend on that.
    await t.services.db
      .update(documents)
      .set({ content: document.content.replaceAll("Ada Lovelace", "Grace Hopper") })
      .where(eq(documents.id, document.id));
    const changed = pdfText(await bytesOf(await download(client, document.id, "pdf")));
    expect(changed).toContain("Grace Hopper");
    expect(changed).not.toContain("Ada Lovelace");
    expect(stats().rendered).toBe(before + 1);

    await t.services.db.update(documents).set({ title: "Codicil" }).where(eq(documents.id, document.id));
    expect(pdfText(await bytesOf(await download(client, document.id, "pdf")))).toContain("Codicil · Page 1");
    expect(stats().rendered).toBe(before + 2);
  });
});

describe("the document renderer's refusals", () => {
  const renderers: DocumentRenderer[] = [];
  const logged: string[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  );
  function renderer(options: DocumentRenderingOptions) {
    const created = createDocumentRenderer(options, logger);
    renderers.push(created);
    return created;
  }
  afterEach(async () => {
    await Promise.all(renderers.splice(0).map((r) => r.close()));
    logged.length = 0;
  });
  const caught = (render: Promise<Uint8Array>) =>
    render.then(
      () => null,
      (error: unknown) => error,
    );
  const SECRET = "Confidential Beneficiary Zebediah";
  const doc = (id: string, content: string) => ({ id, title: "Last Will and Testament", content });

  it("answers 503 with Retry-After when the queue is full", async () => {
    const renders = renderer({ workers: 1, maxQueued: 0, perMember: 5 });
    const first = caught(renders.render("m1", doc("d1", `WILL\n\n${SECRET}`), "pdf"));
    const busy = await caught(renders.render("m2", doc("d2", "WILL\n\nOther"), "pdf"));
    expect(busy).toBeInstanceOf(ApiError);
    expect(busy).toMatchObject({ status: 503, code: ERROR_CODES.renderBusy, message: DOCUMENT_TEXT.renderBusy });
    expect(Number((busy as ApiError).headers?.["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(await first).toBeNull();
  });

  it("answers 503 with Retry-After when a render runs past its budget, and 500 with a message when its worker dies", async () => {
    const slow = renderer({ workers: 1, timeoutMs: 500, maxOldGenerationSizeMb: 1024 });
    const huge = `WILL\n\n${`${SECRET} and some words here and there.\n`.repeat(40_000)}`;
    const timedOut = await caught(slow.render("m1", doc("d1", huge), "pdf"));
    expect(timedOut).toMatchObject({
      status: 503,
      code: ERROR_CODES.renderTimeout,
      message: DOCUMENT_TEXT.renderTimeout,
      headers: { "Retry-After": "60" },
    });

    const small = renderer({ workers: 1, maxOldGenerationSizeMb: 32 });
    const died = await caught(small.render("m1", doc("d2", `${SECRET}\n`.repeat(200_000)), "pdf"));
    expect(died).toMatchObject({ status: 500, code: ERROR_CODES.renderFailed, message: DOCUMENT_TEXT.renderFailed });
    // Both are logged, without a word of the document.
    const lines = logged.join("");
    expect(lines).toContain("document render stopped: past its time budget");
    expect(lines).toContain("ERR_WORKER_OUT_OF_MEMORY");
    expect(lines).not.toContain("Zebediah");
  });
});
