import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import CFB from "cfb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blankPng,
  buildPdf,
  docxBomb,
  fixture,
  leaseDocx,
  manyParagraphsDocx,
  pdfBomb,
  zipOf,
} from "../../../../../tests/fixtures/uploads/build-files";
import { leaseParagraphs, leaseTitle } from "../../../../../tests/fixtures/uploads/lease-text";
import {
  createExtractor,
  type Extracted,
  type Extractor,
  type FileKind,
  RESERVED_DATA_MB,
  UnreadableFileError,
} from "./extractor";
import { UNREADABLE_MESSAGES, type UnreadableReason } from "./unreadable-file-error";

const root = path.resolve(import.meta.dirname, "../../../../..");
const lease = [leaseTitle, ...leaseParagraphs];

/** The words a member would search a lease for, as OCR must read them. */
const KEY_PHRASES = ["security deposit", "14 days", "$1,450", "Jane Smith", "John Doe", "March 1, 2026"];

function allText(extracted: Extracted): string {
  return extracted.passages.map((passage) => passage.text).join("\n");
}

async function refusal(extractor: Extractor, bytes: Uint8Array, kind: FileKind): Promise<UnreadableFileError> {
  const error = await extractor.extract(bytes, kind).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  return error as UnreadableFileError;
}

function expectRefused(error: UnreadableFileError, reason: UnreadableReason) {
  expect(error.reason).toBe(reason);
  expect(error.message).toBe(UNREADABLE_MESSAGES[reason]);
}

describe("text extraction in a reading process", () => {
  // One extractor (one process, one OCR engine) for the file: starting them is most of the cost.
  let extractor: Extractor;
  beforeAll(() => {
    extractor = createExtractor();
  });
  afterAll(async () => {
    await extractor.close();
  });

  it("reads a PDF's text layer into passages located by page and paragraph", async () => {
    const pdf = await buildPdf([
      { paragraphs: lease },
      { paragraphs: ["Signed by both parties on February 1, 2026."] },
    ]);
    const extracted = await extractor.extract(pdf, "pdf");
    expect(extracted.method).toBe("text");
    expect(extracted.pageCount).toBe(2);
    expect(extracted.passages).toEqual([
      ...lease.map((text, i) => ({ location: `page 1, paragraph ${i + 1}`, text })),
      { location: "page 2, paragraph 1", text: "Signed by both parties on February 1, 2026." },
    ]);
  });

  it("runs the reading process without the server's secrets in its environment", async () => {
    const secrets = {
      AUTH_SECRET: "secret-auth-value-0123456789abcdef",
      DATABASE_URL: "postgres://user:pw@db.example/lawguide",
      OPENAI_API_KEY: "sk-reading-process-test",
      STRIPE_SECRET_KEY: "sk_test_reading",
    };
    const saved = Object.fromEntries(Object.keys(secrets).map((k) => [k, process.env[k]]));
    Object.assign(process.env, secrets);
    const own = createExtractor();
    try {
      await own.extract(await buildPdf([{ paragraphs: ["A short lease."] }]), "pdf");
      const pid = own.processId();
      expect(pid).not.toBeNull();
      const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
      const names = environment.map((entry) => entry.slice(0, entry.indexOf("=")));
      for (const name of Object.keys(secrets)) expect(names).not.toContain(name);
      for (const value of Object.values(secrets)) expect(environment.join("\n")).not.toContain(value);
      expect(names).toContain("LAWGUIDE_EXTRACT_OPTIONS");
    } finally {
      await own.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it("reads a DOCX paragraph by paragraph, and leaves the caller's bytes in place", async () => {
    const docx = await leaseDocx();
    const length = docx.byteLength;
    const extracted = await extractor.extract(docx, "docx");
    expect(docx.byteLength).toBe(length);
    expect(extracted).toEqual({
      method: "text",
      pageCount: null,
      passages: lease.map((text, i) => ({ location: `paragraph ${i + 1}`, text })),
    });
  });

  it("reads a legacy Word .doc", async () => {
    const extracted = await extractor.extract(fixture("lease.doc"), "doc");
    expect(extracted.passages).toEqual(lease.map((text, i) => ({ location: `paragraph ${i + 1}`, text })));
  });

  it("reads a PNG photo of a lease by OCR, paragraph by paragraph", async () => {
    const extracted = await extractor.extract(fixture("lease.png"), "png");
    expect(extracted.method).toBe("ocr");
    expect(extracted.pageCount).toBeNull();
    const text = allText(extracted);
    for (const phrase of KEY_PHRASES) expect(text).toContain(phrase);
    expect(extracted.passages.map((passage) => passage.location)).toEqual(lease.map((_, i) => `paragraph ${i + 1}`));
    expect(extracted.passages[3]?.text).toBe(leaseParagraphs[2]);
  });

  it("reads a GIF by OCR too", async () => {
    const text = allText(await extractor.extract(fixture("lease.gif"), "gif"));
    for (const phrase of KEY_PHRASES) expect(text).toContain(phrase);
  });

  it("reads scanned PDF pages by OCR (colour and 1-bit scans) alongside text pages", async () => {
    const png = fixture("lease.png");
    const pdf = await buildPdf([{ paragraphs: [leaseTitle] }, { png }, { bilevelPng: png }]);
    const extracted = await extractor.extract(pdf, "pdf");
    expect(extracted.method).toBe("text+ocr");
    expect(extracted.pageCount).toBe(3);
    for (const page of [2, 3]) {
      const onPage = extracted.passages.filter((passage) => passage.location.startsWith(`page ${page},`));
      expect(onPage.map((passage) => passage.location)).toEqual(
        lease.map((_, i) => `page ${page}, paragraph ${i + 1}`),
      );
      const text = onPage.map((passage) => passage.text).join("\n");
      for (const phrase of KEY_PHRASES) expect(text).toContain(phrase);
    }
  });

  it("says it could not read any text in a blank image or an empty PDF", async () => {
    expectRefused(await refusal(extractor, blankPng(600, 300), "png"), "no-text");
    expectRefused(await refusal(extractor, await buildPdf([{ paragraphs: [] }]), "pdf"), "no-text");
  });

  it("refuses a text file passed as a PDF, and other OLE files passed as .doc, as damaged", async () => {
    const notPdf = new TextEncoder().encode("RESIDENTIAL LEASE AGREEMENT\nThis is plain text, not a PDF.\n");
    expectRefused(await refusal(extractor, notPdf, "pdf"), "damaged");
    const workbook = CFB.utils.cfb_new();
    CFB.utils.cfb_add(workbook, "Workbook", Buffer.from("not a Word document"));
    const ole = new Uint8Array(CFB.write(workbook, { type: "buffer" }) as Buffer);
    expectRefused(await refusal(extractor, ole, "doc"), "damaged");
  });

  it("says when a Word file is protected by a password", async () => {
    // Word keeps a password-protected DOCX as an OLE file holding the encrypted package.
    const encrypted = CFB.utils.cfb_new();
    CFB.utils.cfb_add(encrypted, "EncryptionInfo", Buffer.alloc(64));
    CFB.utils.cfb_add(encrypted, "EncryptedPackage", Buffer.alloc(256));
    const bytes = new Uint8Array(CFB.write(encrypted, { type: "buffer" }) as Buffer);
    expectRefused(await refusal(extractor, bytes, "docx"), "protected");
  });

  it("refuses an image too large to read without decoding it", async () => {
    const huge = blankPng(10, 10);
    const header = new DataView(huge.buffer, huge.byteOffset);
    header.setUint32(16, 20_000); // IHDR width
    header.setUint32(20, 20_000); // IHDR height: 400 million pixels
    expectRefused(await refusal(extractor, huge, "png"), "too-large");
  });

  it("refuses DOCX zip bombs before unpacking them, whether their sizes tell the truth or lie", async () => {
    // 300 MB of XML in a ~300 KB file: once declared, once hidden behind a declared 1 MB.
    const honest = await docxBomb({ inflatedMb: 300 });
    const lying = await docxBomb({ inflatedMb: 300, declaredBytes: 1_000_000 });
    expect(honest.byteLength).toBeLessThan(1_000_000);
    const before = process.memoryUsage().rss;
    expectRefused(await refusal(extractor, honest, "docx"), "too-large");
    const liar = await refusal(extractor, lying, "docx");
    expectRefused(liar, "too-large");
    expect(String(liar.cause)).toContain("too many bytes");
    // The worker shares this process's memory: neither bomb was inflated.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("refuses a DOCX of too many parts", async () => {
    const parts = Array.from({ length: 2_001 }, (_, i) => ({ name: `word/part${i}.xml`, text: "<x/>" }));
    expectRefused(await refusal(extractor, zipOf(parts), "docx"), "too-large");
  });

  it("takes jobs one at a time, in order", async () => {
    const docx = await leaseDocx();
    const results = await Promise.all([
      extractor.extract(docx, "docx"),
      extractor.extract(new TextEncoder().encode("not a pdf"), "pdf").catch((error: unknown) => error),
      extractor.extract(fixture("lease.doc"), "doc"),
    ]);
    expect((results[0] as Extracted).passages).toHaveLength(lease.length);
    expect(results[1]).toBeInstanceOf(UnreadableFileError);
    expect((results[2] as Extracted).passages).toHaveLength(lease.length);
  });
});

describe("the reading process's limits", () => {
  it("refuses PDF decompression bombs before pdf.js inflates them, whatever their filters", async () => {
    const extractor = createExtractor();
    try {
      for (const encoding of ["flate", "flate-twice", "lzw"] as const) {
        const bomb = await pdfBomb({ inflatedMb: 1024, encoding });
        expect(bomb.byteLength).toBeLessThan(1.1 * 1024 * 1024);
        const refused = await refusal(extractor, bomb, "pdf");
        expectRefused(refused, "too-large");
        expect(String(refused.cause)).toContain("inflates past");
      }
      // The process is still there for the next file.
      expect((await extractor.extract(await leaseDocx(), "docx")).passages).toHaveLength(lease.length);
    } finally {
      await extractor.close();
    }
  });

  it("kills the process when a file makes it outgrow its memory, then reads the next one in a fresh process", async () => {
    const extractor = createExtractor({ maxRssMb: 150 });
    try {
      // 120 MB of RunLength, within the stream limit, but pdf.js holds it more than once.
      const refused = await refusal(extractor, await pdfBomb({ inflatedMb: 120, encoding: "runlength" }), "pdf");
      expectRefused(refused, "too-large");
      expect(String(refused.cause)).toMatch(/used \d+ MB of memory/);
      expect((await extractor.extract(await leaseDocx(), "docx")).passages).toHaveLength(lease.length);
    } finally {
      await extractor.close();
    }
  });

  it.skipIf(!existsSync("/usr/bin/prlimit"))(
    "caps the process's data segment, so an allocation past it fails at once",
    async () => {
      // The resident watch is off: only the kernel's limit stops the file.
      const extractor = createExtractor({ maxRssMb: 100_000, maxDataMb: RESERVED_DATA_MB + 300 });
      try {
        const refused = await refusal(extractor, await pdfBomb({ inflatedMb: 400, encoding: "runlength" }), "pdf");
        expectRefused(refused, "too-large");
      } finally {
        await extractor.close();
      }
    },
  );

  it("refuses a file that exhausts the process's heap", async () => {
    const extractor = createExtractor({ maxOldGenerationSizeMb: 64, maxRssMb: 100_000 });
    try {
      // Within every zip limit (about 8 MB of XML, 20 to 1), but mammoth's tree of it outgrows 64 MB.
      const failed = await refusal(extractor, manyParagraphsDocx(8), "docx");
      expect(["failed", "too-large"]).toContain(failed.reason);
      const extracted = await extractor.extract(await leaseDocx(), "docx");
      expect(extracted.passages).toHaveLength(lease.length);
    } finally {
      await extractor.close();
    }
  });

  it("reads no more PDF pages than pageLimit", async () => {
    const extractor = createExtractor({ pageLimit: 1 });
    try {
      const pdf = await buildPdf([{ paragraphs: ["The first page."] }, { paragraphs: ["The second page."] }]);
      const extracted = await extractor.extract(pdf, "pdf");
      expect(extracted.pageCount).toBe(2);
      expect(allText(extracted)).toBe("The first page.");
    } finally {
      await extractor.close();
    }
  });

  it("reads no more scanned pages than ocrPageLimit", async () => {
    const extractor = createExtractor({ ocrPageLimit: 0 });
    try {
      const scan = await buildPdf([{ png: fixture("lease.png") }]);
      expectRefused(await refusal(extractor, scan, "pdf"), "no-text");
    } finally {
      await extractor.close();
    }
  });

  it("gives up on a file that takes longer than the time limit, and kills its process", async () => {
    const extractor = createExtractor({ jobTimeoutMs: 50 });
    try {
      const failed = await refusal(extractor, fixture("lease.png"), "png");
      expectRefused(failed, "failed");
      expect(String(failed.cause)).toContain("took longer than 50 ms");
    } finally {
      await extractor.close();
    }
  });

  it("refuses new work once closed", async () => {
    const extractor = createExtractor();
    await extractor.close();
    await expect(extractor.extract(fixture("lease.doc"), "doc")).rejects.toThrow("closed");
  });

  it("works under plain `node --import tsx`, and an idle reading process lets the server exit", async () => {
    const script = path.join(root, "tests/fixtures/uploads/extract-once.ts");
    const doc = path.join(root, "tests/fixtures/uploads/lease.doc");
    // The script never closes its extractor: it must still exit by itself.
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, doc, "doc"], {
      cwd: root,
      timeout: 30_000,
    });
    const extracted = JSON.parse(stdout) as Extracted;
    expect(extracted.passages[3]?.text).toBe(leaseParagraphs[2]);
  });
});
