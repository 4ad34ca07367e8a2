import { PLANS } from "@shared/plans";
import { MAX_UPLOADS_IN_FLIGHT, UPLOAD_TEXT, uploadPeriod } from "@shared/uploads";
import { and, count, eq, inArray } from "drizzle-orm";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { parseSse } from "../../../../tests/factories/sse";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { leasePdf, tinyPng, upload, uploadAndRead } from "../../../../tests/factories/uploads";
import { waitUntil } from "../../../../tests/factories/wait";
import { docxBomb } from "../../../../tests/fixtures/uploads/build-files";
import { leaseParagraphs } from "../../../../tests/fixtures/uploads/lease-text";
import { documentPassages, documents, fileChunks, usageCounters } from "../../db/schema";

const t = setupTestApp();

const MB = 1024 * 1024;

async function rowsLeft() {
  const [files] = await t.services.db.select({ n: count() }).from(documents).where(eq(documents.type, "upload"));
  const [chunks] = await t.services.db.select({ n: count() }).from(fileChunks);
  return { files: files?.n ?? 0, chunks: chunks?.n ?? 0 };
}

async function used(userId: string) {
  const [row] = await t.services.db.select().from(usageCounters).where(eq(usageCounters.userId, userId));
  return row?.count ?? 0;
}

async function newCase(client: TestClient): Promise<string> {
  const response = await client.post("/api/cases", {});
  return (await response.json()).case.id;
}

/** A file of exactly `size` bytes that its first bytes call a PDF. */
function pdfLike(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
}

describe("receiving a file", () => {
  it("keeps a PDF, reads its text in the background, and gives the same bytes back", async () => {
    const { client } = await t.member();
    const bytes = await leasePdf();
    const response = await upload(client, "lease.pdf", bytes, { type: "application/pdf" });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.upload).toMatchObject({ fileName: "lease.pdf", kind: "pdf", sizeBytes: bytes.length });
    expect(created.allowance).toMatchObject({ used: 1, limit: 3 });

    const read = await uploadAndRead(client, "lease-again.pdf", bytes);
    expect(read.status).toBe("ready");
    expect(read.pageCount).toBe(1);
    const passages = await t.services.db
      .select()
      .from(documentPassages)
      .where(eq(documentPassages.documentId, read.id));
    expect(passages.map((p) => p.content).join(" ")).toContain("security deposit within 14 days");
    expect(passages[0]?.location).toMatch(/^page 1/);

    const file = await client.get(`/api/uploads/${read.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain('filename="lease-again.pdf"');
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);

    const list = await (await client.get("/api/uploads")).json();
    expect(list.items.map((u: { fileName: string }) => u.fileName)).toEqual(["lease-again.pdf", "lease.pdf"]);
  });

  it("tells the kind from the bytes: a text file named .pdf is refused, a PNG named .docx is an image", async () => {
    const { client, id } = await t.member();
    const text = new TextEncoder().encode("Just some words, not a PDF at all.\n");
    const refused = await upload(client, "notes.pdf", text, { type: "application/pdf" });
    expect(refused.status).toBe(415);
    expect((await refused.json()).error.message).toBe(UPLOAD_TEXT.wrongType);
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
    expect(await used(id)).toBe(0);

    const png = await upload(client, "photo.docx", tinyPng(), {
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(png.status).toBe(201);
    expect((await png.json()).upload).toMatchObject({ kind: "png", mimeType: "image/png", fileName: "photo.docx" });
  });

  it("refuses a zip that is not a Word file and an OLE file that is not a .doc", async () => {
    const { client } = await t.member();
    // A compound file header with no WordDocument stream (as Excel or an installer would be).
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, 0x09, 0x00], 24);
    const refused = await upload(client, "sheet.doc", ole);
    expect(refused.status).toBe(415);
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
  });

  it("takes a file of exactly the limit and refuses one byte more, leaving nothing behind", async () => {
    const { client, id } = await t.member({ premium: true });
    const over = await upload(client, "big.pdf", pdfLike(10 * MB + 1));
    expect(over.status).toBe(413);
    expect((await over.json()).error.message).toBe("File size must be less than 10MB.");
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
    expect(await used(id)).toBe(0);

    const exact = await upload(client, "exact.pdf", pdfLike(10 * MB));
    expect(exact.status).toBe(201);
    expect((await exact.json()).upload.sizeBytes).toBe(10 * MB);
  });

  it("follows the administrator's size limit, in its words", async () => {
    const admin = await t.admin();
    expect((await admin.patch("/api/admin/settings", { general: { maxFileUploadSize: 1 } })).status).toBe(200);
    const { client } = await t.member();
    const over = await upload(client, "big.pdf", pdfLike(MB + 1));
    expect(over.status).toBe(413);
    expect((await over.json()).error.message).toBe("File size must be less than 1MB.");
  });

  it("keeps names as given, without folders or control characters", async () => {
    const { client } = await t.member({ premium: true });
    const traversal = await upload(client, "../../etc/passwd", await leasePdf());
    expect((await traversal.json()).upload.fileName).toBe("passwd");
    const windows = await upload(client, "..\\..\\Windows\\win.ini", tinyPng());
    expect((await windows.json()).upload.fileName).toBe("win.ini");
    const control = await upload(client, "lea\u0007se\u202e.pdf", tinyPng());
    expect((await control.json()).upload.fileName).toBe("lease.pdf");
    const kept = await upload(client, "Bail – résumé 2026.png", tinyPng());
    expect((await kept.json()).upload.fileName).toBe("Bail – résumé 2026.png");
  });

  it("refuses a request that holds no file, or is not a form", async () => {
    const { client } = await t.member();
    const json = await client.post("/api/uploads", { file: "x" });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append("caseId", "00000000-0000-4000-8000-000000000000");
    const empty = await client.request("/api/uploads", { method: "POST", body: form });
    expect(empty.status).toBe(400);
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
  });

  it("refuses an unknown case, or another member's, and stores nothing", async () => {
    const owner = await t.member();
    const caseId = await newCase(owner.client);
    const { client, id } = await t.member();
    const response = await upload(client, "lease.pdf", await leasePdf(), { caseId });
    expect(response.status).toBe(404);
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
    expect(await used(id)).toBe(0);
  });

  it("answers a case id that is not a uuid with 404 before any query, whatever its length", async () => {
    const { client, id } = await t.member();
    for (const caseId of [
      "x".repeat(36),
      "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
      "------------------------------------",
      "1",
    ]) {
      const response = await upload(client, "lease.pdf", await leasePdf(), { caseId });
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe("Case not found");
    }
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
    expect(await used(id)).toBe(0);
  });
});

describe("the monthly allowance", () => {
  it("gives Free 3 uploads a month and refuses the 4th with the upgrade text", async () => {
    const { client, id } = await t.member();
    for (let i = 0; i < 3; i++) expect((await upload(client, `p${i}.png`, tinyPng())).status).toBe(201);
    const fourth = await upload(client, "p4.png", tinyPng());
    expect(fourth.status).toBe(402);
    expect((await fourth.json()).error.message).toBe(UPLOAD_TEXT.allowanceReached(3, PLANS.free.name));
    expect(await used(id)).toBe(3);
    const allowance = await (await client.get("/api/uploads/allowance")).json();
    expect(allowance).toEqual({ used: 3, limit: 3, period: uploadPeriod(new Date()) });
  });

  it("does not let uploads sent at once pass the allowance", async () => {
    const { client, id } = await t.member();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(client, `p${i}.png`, tinyPng())));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 402, 402, 402]);
    expect(await used(id)).toBe(3);
    expect((await rowsLeft()).files).toBe(3);
  });

  it("counts every upload received, whatever became of it: removing files gives nothing back", async () => {
    const { client, id } = await t.member();
    // Upload, let it be read, remove it: three times, and the month's allowance is spent.
    for (let i = 0; i < 3; i++) {
      const file = await uploadAndRead(client, `lease-${i}.pdf`, await leasePdf());
      expect((await client.delete(`/api/uploads/${file.id}`)).status).toBe(204);
      expect(await used(id)).toBe(i + 1);
    }
    const fourth = await upload(client, "lease-4.pdf", await leasePdf());
    expect(fourth.status).toBe(402);
    expect(await used(id)).toBe(3);
    expect((await rowsLeft()).files).toBe(0);
  });

  it("counts an upload removed before it was read", async () => {
    const { client, id } = await t.member();
    const first = (await (await upload(client, "a.png", tinyPng())).json()).upload;
    expect((await client.delete(`/api/uploads/${first.id}`)).status).toBe(204);
    expect(await used(id)).toBe(1);
  });

  it("takes no more files from one member while ten of theirs are still being read", async () => {
    const { client, id } = await t.member({ premium: true });
    for (let i = 0; i < MAX_UPLOADS_IN_FLIGHT; i++) {
      expect((await upload(client, `p${i}.png`, tinyPng())).status).toBe(201);
    }
    // Once every one has been read (a reader still at work would finish one after the update
    // below and free its place), they are held as claimed by a reader, so none finishes while the
    // test looks.
    const mine = and(eq(documents.userId, id), eq(documents.type, "upload"));
    const stillBusy = and(mine, inArray(documents.status, ["uploading", "reading"]));
    await waitUntil(
      async () => (await t.services.db.select({ id: documents.id }).from(documents).where(stillBusy)).length === 0,
      {
        what: "the ten files to be read",
        timeout: 30_000,
      },
    );
    await t.services.db.update(documents).set({ status: "reading", readingClaimedAt: new Date() }).where(mine);
    const refused = await upload(client, "one-more.png", tinyPng());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect((await refused.json()).error.message).toBe(UPLOAD_TEXT.tooManyReading(MAX_UPLOADS_IN_FLIGHT));
    expect((await rowsLeft()).files).toBe(MAX_UPLOADS_IN_FLIGHT);
    await t.services.db.update(documents).set({ status: "ready" }).where(mine);
    expect((await upload(client, "one-more.png", tinyPng())).status).toBe(201);
  });

  it("is unlimited for Premium", async () => {
    const { client } = await t.member({ premium: true });
    for (let i = 0; i < 5; i++) expect((await upload(client, `p${i}.png`, tinyPng())).status).toBe(201);
    expect((await (await client.get("/api/uploads/allowance")).json()).limit).toBeNull();
  });
});

describe("whose files", () => {
  it("answers 404 to anyone but the owner, everywhere", async () => {
    const owner = await t.member();
    const file = (await (await upload(owner.client, "mine.png", tinyPng())).json()).upload;
    const other = await t.member();
    for (const path of [`/api/uploads/${file.id}`, `/api/uploads/${file.id}/file`]) {
      expect((await other.client.get(path)).status).toBe(404);
    }
    expect((await other.client.delete(`/api/uploads/${file.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/uploads/${file.id}/analysis`)).status).toBe(404);
    expect((await other.client.post(`/api/cases/from-upload/${file.id}`)).status).toBe(404);
    const caseId = await newCase(other.client);
    const stolen = await other.client.post(`/api/cases/${caseId}/messages`, { content: "hi", attachments: [file.id] });
    expect(stolen.status).toBe(404);
    expect((await t.client().get(`/api/uploads/${file.id}/file`)).status).toBe(401);
    expect((await owner.client.get(`/api/uploads/${file.id}`)).status).toBe(200);
  });

  it("removes the bytes and text with the account, and puts the files in the data export", async () => {
    const { client, password } = await t.member();
    const bytes = await leasePdf();
    const file = await uploadAndRead(client, "lease.pdf", bytes);
    const zip = await JSZip.loadAsync(await (await client.get("/api/profile/export")).arrayBuffer());
    const exported = JSON.parse(await (zip.file("data.json")?.async("string") ?? "{}"));
    const entry = exported.documents.find((d: { id: string }) => d.id === file.id);
    expect(entry).toMatchObject({ type: "upload", fileName: "lease.pdf", file: { path: "files/lease.pdf" } });
    expect(await zip.file(entry.file.path)?.async("uint8array")).toEqual(new Uint8Array(bytes));
    expect(entry.extractedText).toContain("security deposit");

    expect((await rowsLeft()).chunks).toBeGreaterThan(0);
    expect((await client.post("/api/profile/delete", { password })).status).toBe(200);
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
    const [passages] = await t.services.db.select({ n: count() }).from(documentPassages);
    expect(passages?.n).toBe(0);
  });

  it("forgets uploads whose process stopped mid-way, after an hour", async () => {
    const { id } = await t.member();
    const [row] = await t.services.db
      .insert(documents)
      .values({
        userId: id,
        type: "upload",
        title: "half.pdf",
        status: "uploading",
        createdAt: new Date(Date.now() - 2 * 3_600_000),
      })
      .returning();
    await t.services.db.insert(fileChunks).values({ documentId: row?.id as string, seq: 0, data: Buffer.from("x") });
    expect(await t.services.uploads.forgetAbandoned()).toBe(1);
    expect(await rowsLeft()).toEqual({ files: 0, chunks: 0 });
  });
});

describe("reading and analysing", () => {
  it("marks a file with no readable text, keeps it, and says why", async () => {
    const { client } = await t.member();
    const read = await uploadAndRead(client, "blank.png", tinyPng());
    expect(read.status).toBe("unreadable");
    expect(read.statusMessage).toBeTruthy();
    expect((await client.get(`/api/uploads/${read.id}/file`)).status).toBe(200);
  });

  it("refuses to read a DOCX zip bomb, without the server running out of memory", async () => {
    const { client } = await t.member();
    const bomb = await docxBomb({ inflatedMb: 300 });
    expect(bomb.length).toBeLessThan(2 * MB);
    const before = process.memoryUsage().rss;
    const read = await uploadAndRead(client, "contract.docx", bomb);
    expect(read).toMatchObject({ kind: "docx", status: "unreadable" });
    expect(read.statusMessage).toBeTruthy();
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * MB);
    // The server goes on reading other files.
    expect((await uploadAndRead(client, "lease.pdf", await leasePdf())).status).toBe("ready");
  });

  it("analyses a file on its own, streamed, in five parts quoting the document, and keeps the analysis", async () => {
    const { client } = await t.member();
    const file = await uploadAndRead(client, "lease.pdf", await leasePdf());
    const response = await client.post(`/api/uploads/${file.id}/analysis`);
    expect(response.status).toBe(200);
    const events = parseSse(await response.text());
    expect(events.filter((e) => e.event === "status").map((e) => e.data.stage)).toEqual(["reading", "analysing"]);
    const done = events.find((e) => e.event === "done")?.data.upload;
    expect(done.analysis).toMatch(/^## Document Analysis: lease\.pdf/);
    const headings = [...done.analysis.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 5)).toEqual([
      "Document type and purpose",
      "Key terms and clauses",
      "Potential issues",
      "Plain-language summary",
      "Recommendations",
    ]);
    expect(done.analysis).toContain("14 days");
    expect(done.analysis).not.toContain("Check the quotes");
    expect(done.analysedAt).toBeTruthy();
    // A quote of the analysis is a sentence of the lease.
    expect(leaseParagraphs.some((p) => done.analysis.includes(p.split(". ")[0]))).toBe(true);
  });

  it("opens a case about an analysed file, the analysis in its first message with the file", async () => {
    const { client } = await t.member();
    const file = await uploadAndRead(client, "lease.pdf", await leasePdf());
    await (await client.post(`/api/uploads/${file.id}/analysis`)).text();
    const opened = await client.post(`/api/cases/from-upload/${file.id}`);
    expect(opened.status).toBe(201);
    const { caseId } = await opened.json();
    const messages = (await (await client.get(`/api/cases/${caseId}/messages`)).json()).items;
    expect(messages).toHaveLength(1);
    expect(messages[0].content).toMatch(/^## Document Analysis: lease\.pdf/);
    expect(messages[0].attachments).toEqual([
      { id: file.id, fileName: "lease.pdf", mimeType: "application/pdf", sizeBytes: file.sizeBytes },
    ]);
  });
});
