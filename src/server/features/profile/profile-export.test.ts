import { randomBytes } from "node:crypto";
import { PROFILE_TEXT } from "@shared/messages";
import { DATA_EXPORT } from "@shared/schemas/profile";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { memberWithCaseAndUpload, storedUpload } from "../../../../tests/factories/members";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { leasePdf, tinyPng, upload } from "../../../../tests/factories/uploads";
import { caseMessages, cases, comparisonVotes, documentDrafts, documents, templatePurchases } from "../../db/schema";

const t = setupTestApp();

const EXPORT = DATA_EXPORT.path;

interface ExportedDocument {
  id: string;
  type: string;
  fileName: string | null;
  extractedText: string | null;
  file?: { path: string } | null;
}

/** Download the member's export and open it as a ZIP reader would. */
async function exportOf(client: TestClient) {
  const response = await client.get(EXPORT);
  expect(response.status, await peekError(response)).toBe(200);
  const zip = await JSZip.loadAsync(await response.arrayBuffer());
  const dataFile = zip.file("data.json");
  if (!dataFile) throw new Error("no data.json in the export");
  const text = await dataFile.async("string");
  const data = JSON.parse(text);
  const bytesAt = async (path: string) => {
    const entry = zip.file(path);
    if (!entry) throw new Error(`no ${path} in the export`);
    return Buffer.from(await entry.async("uint8array"));
  };
  const files = Object.values(zip.files)
    .filter((entry) => !entry.dir && entry.name !== "data.json")
    .map((entry) => entry.name);
  return { response, zip, text, data, files, bytesAt };
}

/** A failed answer's body, for the assertion's message. */
async function peekError(response: Response): Promise<string> {
  return response.ok ? "" : await response.clone().text();
}

/** A PDF-like file of `size` bytes that is not all zeros (several storage pieces when large). */
function pdfLike(size: number): Uint8Array {
  const bytes = randomBytes(size);
  bytes.set(Buffer.from("%PDF-1.4\n"));
  return bytes;
}

describe("data export", () => {
  it("is a ZIP of data.json and the files as uploaded, with exactly the member's data", async () => {
    const a = await memberWithCaseAndUpload(t, { premium: true });
    await a.client.post(`/api/cases/${a.caseId}/referral`);
    await t.services.db
      .insert(documentDrafts)
      .values({ userId: a.id, templateId: "will", answers: { fullName: "Ada" } });
    await t.services.db
      .insert(templatePurchases)
      .values({ userId: a.id, templateId: "llc", amountCents: 7999, provider: "demo" });
    await t.services.db
      .insert(comparisonVotes)
      .values({ userId: a.id, caseId: a.caseId, question: "Which?", mode: "full" });
    const sent = {
      lease: await leasePdf(),
      photo: tinyPng(),
      // Three storage pieces and a bit: the bytes cross piece boundaries.
      large: pdfLike(2 * 1024 * 1024 + 12_345),
    };
    const ids: Record<keyof typeof sent, string> = { lease: "", photo: "", large: "" };
    for (const [key, name, type] of [
      ["lease", "lease.pdf", "application/pdf"],
      ["photo", "photo.png", "image/png"],
      ["large", "lease.pdf", "application/pdf"],
    ] as const) {
      const response = await upload(a.client, name, sent[key], { type });
      expect(response.status).toBe(201);
      ids[key] = (await response.json()).upload.id;
    }
    const b = await memberWithCaseAndUpload(t);
    expect((await upload(b.client, "bob-private.pdf", await leasePdf(), { type: "application/pdf" })).status).toBe(201);

    const { response, data, text, files, bytesAt } = await exportOf(a.client);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="lawguide-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    // The records, as the single JSON document had them.
    expect(data.account.email).toBe(a.email);
    expect(data.cases).toHaveLength(1);
    expect(data.cases[0].id).toBe(a.caseId);
    expect(data.cases[0].messages.map((m: { content: string }) => m.content)).toContain(`Question from ${a.email}`);
    expect(data.cases[0].messages.length).toBeGreaterThanOrEqual(2);
    expect(data.referrals).toHaveLength(1);
    expect(data.templatesBought).toEqual([
      expect.objectContaining({ templateId: "llc", amountCents: 7999, provider: "demo" }),
    ]);
    expect(data.documentDrafts).toEqual([
      expect.objectContaining({ templateId: "will", answers: { fullName: "Ada" } }),
    ]);
    expect(data.comparisons).toEqual([expect.objectContaining({ question: "Which?", mode: "full" })]);
    expect(data.subscription.status).toBe("active");
    expect(data.preferences).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: false,
      compareAnswers: "every",
    });
    expect(data.signInHistory.length).toBeGreaterThan(0);

    // Each upload names its file in the archive, whose bytes are the ones sent; nothing inline.
    const uploads: ExportedDocument[] = data.documents.filter((d: ExportedDocument) => d.type === "upload");
    expect(uploads).toHaveLength(4);
    for (const key of ["lease", "photo", "large"] as const) {
      const entry = uploads.find((d) => d.id === ids[key]);
      expect(entry?.file?.path, key).toMatch(/^files\/[^/]+$/);
      expect((await bytesAt(entry?.file?.path ?? "")).equals(Buffer.from(sent[key])), key).toBe(true);
    }
    const paths = uploads.map((d) => d.file?.path);
    expect(new Set(paths).size).toBe(4);
    expect(files.sort()).toEqual([...paths].sort());
    // The factory's lease.pdf came first; the two uploaded under the same name follow it.
    expect(paths).toEqual(["files/lease.pdf", "files/lease (2).pdf", "files/photo.png", "files/lease (3).pdf"]);
    expect(text).not.toContain('"encoding"');
    expect(text.length).toBeLessThan(64 * 1024);

    // Nobody else's data.
    expect(text).not.toContain(b.email);
    expect(text).not.toContain(b.caseId);
    expect(text).not.toMatch(/"password"|scrypt|session_token/);
    expect(files.join(" ")).not.toContain("bob-private");
  });

  it("keeps every name inside the archive safe and distinct", async () => {
    const m = await t.member();
    const names = [
      "../../etc/passwd",
      "..\\..\\boot.ini",
      "CON.pdf",
      "Lease.PDF",
      "lease.pdf",
      'a:b?*"<>|.pdf',
      "\u202Efdp.exe",
      ".hidden",
      "   ",
      null,
      "x".repeat(300),
    ];
    const ids: string[] = [];
    const contents = names.map((_, i) => pdfLike(100 + i));
    // Stored as files kept before today's name rules would be.
    for (const [i, name] of names.entries()) {
      ids.push(await storedUpload(t, { userId: m.id, fileName: name, bytes: contents[i] ?? [], title: `Title ${i}` }));
    }

    const { data, files, bytesAt } = await exportOf(m.client);
    expect(files).toHaveLength(names.length);
    const lower = new Set(files.map((f) => f.toLowerCase()));
    expect(lower.size).toBe(names.length);
    for (const path of files) {
      const [folder, name, ...rest] = path.split("/");
      expect(folder).toBe("files");
      expect(rest).toEqual([]);
      expect(name, path).toMatch(/^[^.\s\\:*?"<>|\p{Cc}\p{Cf}][^\\:*?"<>|\p{Cc}\p{Cf}]*$/u);
      expect([...(name ?? "")].length).toBeLessThanOrEqual(120);
    }
    const byId = new Map(data.documents.map((d: ExportedDocument) => [d.id, d.file?.path]));
    expect(byId.get(ids[2])).toBe("files/_CON.pdf");
    expect([byId.get(ids[3]), byId.get(ids[4])]).toEqual(["files/Lease.PDF", "files/lease (2).pdf"]);
    expect(byId.get(ids[9])).toBe("files/Title 9");
    for (const [i, id] of ids.entries()) {
      expect((await bytesAt(String(byId.get(id)))).equals(Buffer.from(contents[i] ?? [])), String(names[i])).toBe(true);
    }
  });

  it("reads long lists a page at a time, every row once and in order", async () => {
    const m = await t.member();
    const same = new Date("2026-01-01T00:00:00Z");
    // Equal creation times: the pages must go on by id.
    const caseRows = await t.services.db
      .insert(cases)
      .values(Array.from({ length: 450 }, (_, i) => ({ userId: m.id, title: `Case ${i}`, createdAt: same })))
      .returning({ id: cases.id });
    const chatty = caseRows[7]?.id ?? "";
    await t.services.db
      .insert(caseMessages)
      .values(
        Array.from({ length: 230 }, (_, i) => ({ caseId: chatty, content: `message ${i}`, isUser: i % 2 === 0 })),
      );
    await t.services.db.insert(documents).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: m.id,
        type: "generated",
        title: `Doc ${i}`,
        createdAt: same,
      })),
    );

    const { data } = await exportOf(m.client);
    const caseIds = data.cases.map((c: { id: string }) => c.id);
    expect(caseIds).toHaveLength(450);
    expect(caseIds).toEqual(caseRows.map((r) => r.id).sort());
    const chat = data.cases.find((c: { id: string }) => c.id === chatty);
    expect(chat.messages.map((x: { content: string }) => x.content)).toEqual(
      Array.from({ length: 230 }, (_, i) => `message ${i}`),
    );
    expect(data.cases.filter((c: { messages: unknown[] }) => c.messages.length > 0)).toHaveLength(1);
    const docIds = data.documents.map((d: { id: string }) => d.id);
    expect(new Set(docIds).size).toBe(120);
    expect(docIds).toEqual([...docIds].sort());
  });

  it("is given five times an hour, one at a time, to members only, and HEAD asks without counting", async () => {
    const m = await t.member();
    for (let i = 0; i < 8; i++) {
      const head = await m.client.request(EXPORT, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("application/zip");
    }

    // One at a time: a second export waits for the first to end (or be given up).
    const first = await m.client.get(EXPORT);
    expect(first.status).toBe(200);
    const second = await m.client.get(EXPORT);
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(PROFILE_TEXT.exportRunning);
    expect((await m.client.request(EXPORT, { method: "HEAD" })).status).toBe(409);
    await first.body?.cancel();

    for (let i = 1; i < DATA_EXPORT.perHour; i++) await exportOf(m.client);
    const refused = await m.client.get(EXPORT);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await refused.json()).error.message).toBe(PROFILE_TEXT.exportLimited(DATA_EXPORT.perHour, wait));
    expect(PROFILE_TEXT.exportLimited(DATA_EXPORT.perHour, wait)).toBe(
      "You can export your data 5 times an hour. Please try again in 60 minutes.",
    );
    const head = await m.client.request(EXPORT, { method: "HEAD" });
    expect(head.status).toBe(429);
    expect(Number(head.headers.get("retry-after"))).toBeGreaterThan(3500);

    // Another member's allowance is their own; visitors get nothing.
    expect((await exportOf((await t.member()).client)).data.cases).toEqual([]);
    expect((await t.client().get(EXPORT)).status).toBe(401);
    expect((await t.client().request(EXPORT, { method: "HEAD" })).status).toBe(401);
  });

  it("lets the next export start when the member goes away mid-download", async () => {
    const m = await t.member();
    await storedUpload(t, { userId: m.id, fileName: "big.pdf", bytes: pdfLike(4 * 1024 * 1024) });
    const response = await m.client.get(EXPORT);
    const reader = response.body?.getReader();
    const firstBytes = await reader?.read();
    expect(firstBytes?.value?.length).toBeGreaterThan(0);
    await reader?.cancel();
    const again = await exportOf(m.client);
    expect(again.files).toEqual(["files/big.pdf"]);
  });
});
