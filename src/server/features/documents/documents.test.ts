import { documentAbout, getTemplate, TEMPLATES } from "@shared/templates/template-list";
import { reviewItems, validateAll } from "@shared/templates/validation";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docxText, pdfText } from "../../../../tests/factories/document-text";
import { generateWill, WILL_ANSWERS } from "../../../../tests/factories/documents";
import { validAnswers } from "../../../../tests/factories/sample-answers";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { attorneyReferrals, documents } from "../../db/schema";

const t = setupTestApp();

describe("what tells a document from others of its kind", () => {
  it("names every template's distinguishing answers, and nothing for an unknown template or empty answers", () => {
    for (const template of TEMPLATES) {
      expect(template.aboutFields.length, template.id).toBeGreaterThan(0);
      for (const { field } of template.aboutFields)
        expect(
          template.fields.map((f) => f.id),
          `${template.id}.${field}`,
        ).toContain(field);
      for (const answers of fc.sample(validAnswers(template), 20))
        expect(documentAbout(template.id, answers), `${template.id}: ${JSON.stringify(answers)}`).toBeTruthy();
    }
    expect(documentAbout("lease", { propertyAddress: " 12 Oak  Street ", tenantName: "Sam Lee" })).toBe(
      "12 Oak Street · Tenant: Sam Lee",
    );
    expect(documentAbout("nope", { a: "b" })).toBeNull();
    expect(documentAbout("will", {})).toBeNull();
    expect(documentAbout("llc", { companyName: "x".repeat(300) })?.length).toBeLessThanOrEqual(120);
  });
});

describe("document generation", () => {
  it("renders, stores and lists a document; the profile counts it", async () => {
    const { client } = await t.member();
    const document = await generateWill(client);
    expect(document.content).toContain("LAST WILL AND TESTAMENT");
    for (const value of ["Ada Lovelace", "William King", "Byron King", "Mary Somerville", "Charles Babbage"])
      expect(document.content).toContain(value);
    expect(document.content).toContain(`Document ID: ${document.id}`);
    expect(document.preview).toBe(document.content.slice(0, 500));
    expect(document.fileName).toMatch(/^last-will-and-testament-\d{4}-\d{2}-\d{2}$/);
    const list = await (await client.get("/api/documents")).json();
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([document.id]);
    // Told apart from other wills by whose it is.
    expect(list.items[0].about).toBe("Will of Ada Lovelace");
    expect(document.about).toBe("Will of Ada Lovelace");
    // A crafted list position is refused, never handed to the database.
    const crafted = Buffer.from(JSON.stringify({ ts: "garbage", id: "-".repeat(36) })).toString("base64url");
    expect((await client.get(`/api/documents?cursor=${crafted}`)).status).toBe(400);
    expect((await (await client.get("/api/profile")).json()).stats.documents).toBe(1);
  });

  it("leaves out what a single member without children does not need", async () => {
    const { client } = await t.member();
    const document = await generateWill(client, {
      ...WILL_ANSWERS,
      maritalStatus: "Single",
      children: "No",
      spouseName: "Ghost Spouse",
      childrenNames: "Ghost Child",
      guardian: "Ghost Guardian",
    });
    for (const ghost of ["Ghost Spouse", "Ghost Child", "Ghost Guardian"])
      expect(document.content).not.toContain(ghost);
  });

  it("refuses what the form refuses, with the same messages", async () => {
    // Premium: the LLC agreement is a Complex template (template-offers.ts).
    const { client } = await t.member({ premium: true });
    const template = getTemplate("llc");
    const answers = { companyName: "Acme", memberCount: "51", state: "Delaware" };
    const expected = validateAll(template ?? (undefined as never), answers);
    const response = await client.post("/api/documents/generate", { templateId: "llc", answers });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.fields).toEqual(expected);
    expect(Object.values(body.error.fields)).toContain("Number of Members must be no more than 50");
    expect(body.error.fields.businessPurpose).toMatch(/is required$/);
    expect((await client.post("/api/documents/generate", { templateId: "nope", answers: {} })).status).toBe(404);
    expect(await t.services.db.select().from(documents)).toHaveLength(0);
  });

  it("keeps documents private to their owner (404 for anyone else)", async () => {
    const owner = await t.member();
    const document = await generateWill(owner.client);
    const other = await t.member();
    for (const [method, path] of [
      ["GET", `/api/documents/${document.id}`],
      ["GET", `/api/documents/${document.id}/download?format=pdf`],
      ["DELETE", `/api/documents/${document.id}`],
      ["POST", `/api/documents/${document.id}/review`],
    ] as const) {
      expect(
        (await other.client.request(path, { method, ...(method === "POST" ? { json: {} } : {}) })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    expect((await other.client.get("/api/documents")).status).toBe(200);
    expect((await (await other.client.get("/api/documents")).json()).items).toHaveLength(0);
    expect((await t.client().get("/api/documents")).status).toBe(401);
  });

  it("downloads as text, PDF and Word", async () => {
    const { client } = await t.member();
    const document = await generateWill(client);
    const txt = await client.get(`/api/documents/${document.id}/download?format=txt`);
    expect(txt.headers.get("content-disposition")).toBe(`attachment; filename="${document.fileName}.txt"`);
    expect(await txt.text()).toBe(document.content);
    const pdf = Buffer.from(
      await (await client.get(`/api/documents/${document.id}/download?format=pdf`)).arrayBuffer(),
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(2000);
    const docx = await client.get(`/api/documents/${document.id}/download?format=docx`);
    expect(docx.headers.get("content-type")).toContain("wordprocessingml");
    const bytes = Buffer.from(await docx.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from("word/document.xml"))).toBe(true);
    const pdfWords = pdfText(pdf);
    const docxWords = await docxText(bytes);
    for (const value of ["LAST WILL AND TESTAMENT", "Ada Lovelace", "William King", "Byron King", "Mary Somerville"]) {
      expect(pdfWords).toContain(value);
      expect(docxWords).toContain(value);
    }
    expect(pdfWords).toContain(`Document ID: ${document.id}`);
    expect(docxWords).toContain(`Document ID: ${document.id}`);
  });

  it.each(TEMPLATES.map((template) => [template.id]))(
    "generates %s as text, PDF and Word, each holding the member's answers",
    async (templateId) => {
      const template = getTemplate(templateId);
      if (!template) throw new Error(templateId);
      const { client } = await t.member({ premium: true });
      const [answers] = fc.sample(validAnswers(template), { numRuns: 1, seed: 20261122 });
      const response = await client.post("/api/documents/generate", { templateId, answers });
      expect(response.status).toBe(201);
      const { document } = await response.json();
      const download = async (format: string) =>
        Buffer.from(await (await client.get(`/api/documents/${document.id}/download?format=${format}`)).arrayBuffer());
      const text = (await download("txt")).toString("utf8");
      const pdfWords = pdfText(await download("pdf"));
      const docxWords = await docxText(await download("docx"));
      // Names, dates and amounts the member typed (single-line ones, as PDF lines wrap).
      const printed = reviewItems(template, answers ?? {})
        .map((item) => item.value)
        .filter((value) => !value.includes("\n") && value.length < 40 && text.includes(value));
      expect(printed.length).toBeGreaterThan(0);
      for (const value of printed) {
        expect(docxWords, value).toContain(value);
        expect(pdfWords, value).toContain(value.replace(/[\u2018\u2019]/g, "'"));
      }
      expect(pdfWords).toContain(`Document ID: ${document.id}`);
    },
  );

  it("saves drafts, resumes them, and clears one when its document is generated", async () => {
    const { client } = await t.member();
    expect((await client.put("/api/documents/drafts/will", { answers: { fullName: "Ada" }, step: 1 })).status).toBe(
      200,
    );
    await client.put("/api/documents/drafts/will", { answers: { fullName: "Ada L." }, step: 2 });
    await client.put("/api/documents/drafts/lease", { answers: { landlordName: "Bob" }, step: 1 });
    const drafts = (await (await client.get("/api/documents/drafts")).json()).items;
    expect(drafts).toHaveLength(2);
    expect(drafts.find((d: { templateId: string }) => d.templateId === "will")).toMatchObject({
      answers: { fullName: "Ada L." },
      step: 2,
    });
    await generateWill(client);
    const after = (await (await client.get("/api/documents/drafts")).json()).items;
    expect(after.map((d: { templateId: string }) => d.templateId)).toEqual(["lease"]);
    expect((await client.put("/api/documents/drafts/nope", { answers: {}, step: 1 })).status).toBe(404);
    expect((await client.delete("/api/documents/drafts/lease")).status).toBe(200);
  });

  it("requests an attorney review at the catalogue's fee, once", async () => {
    const { client, id } = await t.member();
    const document = await generateWill(client);
    const response = await client.post(`/api/documents/${document.id}/review`);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.review).toMatchObject({ status: "pending", feeCents: 15_000 });
    expect(body.message).toContain("not a law firm");
    const [row] = await t.services.db
      .select()
      .from(attorneyReferrals)
      .where(eq(attorneyReferrals.documentId, document.id));
    expect(row).toMatchObject({ userId: id, status: "pending", feeCents: 15_000 });
    expect((await client.post(`/api/documents/${document.id}/review`)).status).toBe(409);
    const listed = (await (await client.get("/api/documents")).json()).items[0];
    expect(listed.review).toMatchObject({ status: "pending", feeCents: 15_000 });
  });
});
