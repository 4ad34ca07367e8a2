import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPdf } from "../../../../tests/fixtures/uploads/build-files";
import {
  noticeOfEntryParagraphs,
  noticeOfEntryTitle,
  noticeToVacateParagraphs,
  noticeToVacateTitle,
} from "../../../../tests/fixtures/uploads/notice-texts";
import { createExtractor, type Extractor } from "../../features/uploads/extraction/extractor";
import { type DocumentPassage, findUnverifiedQuotes } from "../document-analysis";
import { createOfflineProvider } from "../offline-provider";
import { offlineAnalysis, offlineAnswerFromPassages } from ".";
import { dutyAt, speakersOf } from "./duties";
import { detectKind } from "./kinds";
import { Document } from "./sentences";

/** One passage a paragraph, as a PDF of the text is read: "page 1, paragraph N". */
const passagesOf = (document: string, texts: string[]): DocumentPassage[] =>
  texts.map((text, i) => ({ document, location: `page 1, paragraph ${i + 1}`, text }));

const entry = passagesOf("notice-of-entry.pdf", [noticeOfEntryTitle, ...noticeOfEntryParagraphs]);
const vacate = passagesOf("notice-to-vacate.pdf", [noticeToVacateTitle, ...noticeToVacateParagraphs]);

const analyse = (passages: DocumentPassage[], question?: string) =>
  offlineAnalysis({
    type: "analyse",
    fileName: passages[0]?.document ?? "file.pdf",
    passages,
    ...(question ? { question } : {}),
  });

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n### ${heading}\n`);
  if (start === -1) return "";
  const next = markdown.indexOf("\n### ", start + 1);
  return markdown.slice(start, next === -1 ? undefined : next);
}

const DISCLAIMER = /not legal advice/gi;
const disclaimers = (text: string) => text.match(DISCLAIMER)?.length ?? 0;
const lastLine = (text: string) => text.trimEnd().split("\n").at(-1) ?? "";

/** The quotation lines of an answer, and the quoted text of its cited quotations. */
const blockquotes = (answer: string) => answer.split("\n").filter((line) => line.startsWith("> "));

describe("what kind of document a notice is, from its own words", () => {
  it("calls a landlord's notice of entry a notice to enter, never a lease, though it speaks of rent and a lease", () => {
    const text = analyse(entry);
    const type = section(text, "Document type and purpose");
    expect(type).toContain("This appears to be **a notice to enter**.");
    expect(type).toContain('> "NOTICE TO ENTER DWELLING UNIT" (page 1, paragraph 1)');
    expect(text).not.toMatch(/residential lease \(rental agreement\)|This appears to be \*\*a residential lease/);
    expect(section(text, "Plain-language summary")).toContain("This appears to be a notice to enter");
    expect(findUnverifiedQuotes(text, entry)).toEqual([]);
  });

  it("calls a 30-day notice to vacate by its title's words", () => {
    const text = analyse(vacate);
    expect(section(text, "Document type and purpose")).toContain("This appears to be **a 30-day notice to vacate**.");
    expect(section(text, "Plain-language summary")).toContain(
      "This appears to be a 30-day notice to vacate involving John Doe (Recipient) and Jane Smith (Landlord), dated April 1, 2026.",
    );
    // The title's "30-DAY" names the notice: it is not listed as a time limit for anyone to keep.
    expect(section(text, "Key terms and clauses")).not.toContain("**30-DAY NOTICE**");
    expect(findUnverifiedQuotes(text, vacate)).toEqual([]);
  });

  it.each([
    [["3-Day Pay or Quit Notice", "You must pay the rent in full."], "a 3-day pay or quit notice"],
    [["NOTICE OF RENT INCREASE", "Effective June 1, 2026, your rent will be $1,550."], "a notice of rent increase"],
    [["Notice of Entry", "The Landlord will enter the unit on May 2, 2026."], "a notice of entry"],
    [["NOTICE", "Your rent is late."], "a notice"],
    [["60-DAY NOTICE OF TERMINATION OF TENANCY", "Your tenancy ends."], "a 60-day notice of termination of tenancy"],
  ])("names the notice %j by its own title", (texts, name) => {
    expect(detectKind(new Document(passagesOf("n.pdf", texts))).kind?.name).toBe(name);
  });

  it("reads an Illinois landlord's 5-day rent demand titled a notice of termination of tenancy as a tenancy notice, not a dismissal", () => {
    const illinois = passagesOf("notice.jpg", [
      "NOTICE OF TERMINATION OF TENANCY",
      "LANDLORD'S FIVE DAY NOTICE",
      "To Maria Lopez, Tenant in possession: You are hereby notified that in consequence of your default in payment of rent for the premises at 1420 W. Addison St., Apt 2, Chicago, Illinois, I have elected to terminate your lease.",
      "The sum of $1,500.00 is now due and unpaid, and unless payment thereof is made on or before the expiration of five days after service of this notice, your tenancy will terminate.",
      "Only FULL PAYMENT of the rent demanded in this notice will waive the landlord's right to terminate the lease under this notice.",
      "Dated October 2, 2026. Robert Kane, Landlord.",
    ]);
    expect(detectKind(new Document(illinois)).kind?.id).toBe("eviction");
    const text = analyse(illinois);
    expect(section(text, "Document type and purpose")).toContain("tenancy");
    expect(text).not.toMatch(/age discrimination|employee|final pay|COBRA/i);
  });

  it("flags a Chicago lease's one-sided clauses, each with its rule or the plain note that LawGuide has none", () => {
    const chicago = passagesOf("chicago-lease.pdf", [
      "RESIDENTIAL LEASE AGREEMENT",
      "This Lease is made between Robert Kane (Landlord) and Maria Lopez (Tenant) for the apartment at 1420 W. Addison St., Chicago, Illinois.",
      "Landlord may enter the apartment at any time without notice to inspect or make repairs.",
      "Tenant shall pay for all repairs to the heating system and plumbing during the term.",
      "If Tenant ends this Lease early, the entire security deposit shall be forfeited to Landlord.",
      "Tenant shall pay Landlord's reasonable attorney fees in any action arising from this Lease.",
      "Landlord and Tenant waive trial by jury in any action arising out of this Lease.",
    ]);
    const text = analyse(chicago);
    const issues = section(text, "Potential issues");
    expect(issues).toContain("**Entry without notice.**");
    expect(issues).toContain("**Repairs put on the tenant.**");
    expect(issues).toContain("**Deposit forfeited.**");
    expect(issues).toContain("**Paying the other side's legal costs.**");
    expect(issues).toContain("**Giving up a jury trial.**");
    expect(issues).not.toContain("**Arbitration or limits on going to court.**");
    // The deposit clause against Illinois's own rule, cited; the others say LawGuide has no rule yet.
    expect(issues).toContain("The rule in Illinois:");
    expect(issues).toContain("765 ILCS 710/1");
    expect(issues).toContain("LawGuide's law library has no rule for this yet");
  });

  it("finds the parties of a printed lease form that labels them in capitals", () => {
    const form = passagesOf("lease-form.pdf", [
      "APARTMENT LEASE",
      "LESSOR: ROBERT KANE",
      "LESSEE(S): Maria Lopez",
      "Premises: 1420 W. Addison St., Apt 2, Chicago, Illinois.",
    ]);
    const terms = section(analyse(form), "Key terms and clauses");
    expect(terms).toContain("ROBERT KANE (Lessor)");
    expect(terms).toContain("Maria Lopez (Lessee)");
    expect(terms).not.toContain("found no names");
  });

  it("still reads an employer's notice of termination as a termination letter", () => {
    const employer = passagesOf("letter.pdf", [
      "NOTICE OF TERMINATION",
      "Dear Sam Lee, this letter confirms that your employment with Acme Corp. will be terminated effective November 30, 2026.",
      "Your final paycheck, including accrued vacation, will be paid on your last day of work. Please return all company property.",
    ]);
    expect(detectKind(new Document(employer)).kind?.id).toBe("termination");
  });

  it("weighs a title above a mention in passing: a lease that speaks of a notice to vacate is a lease", () => {
    const passages = passagesOf("lease.pdf", [
      "RESIDENTIAL LEASE AGREEMENT",
      "This Lease is made between Jane Smith (Landlord) and John Doe (Tenant).",
      "If rent is unpaid, Landlord may serve Tenant with a notice to vacate.",
    ]);
    expect(detectKind(new Document(passages)).kind?.id).toBe("lease");
  });

  it("never calls a lender's notice of default an eviction notice; a tenant's that says cure or quit is one", () => {
    const lender = passagesOf("default.pdf", [
      "NOTICE OF DEFAULT AND ELECTION TO SELL UNDER DEED OF TRUST",
      "NOTICE IS HEREBY GIVEN that the Trustee under the Deed of Trust dated March 3, 2019, executed by Jane Smith as Trustor, is the duly appointed trustee.",
      "A breach of the obligation for which the Deed of Trust is security has occurred in that payment has not been made of the installments of principal and interest due on June 1, 2026.",
    ]);
    expect(detectKind(new Document(lender)).kind?.id).toBe("notice");
    const text = analyse(lender);
    expect(section(text, "Document type and purpose")).toContain("This appears to be **a notice");
    expect(text).not.toMatch(/eviction|tenant|landlord/i);

    const tenant = passagesOf("default.pdf", [
      "NOTICE OF DEFAULT: THREE-DAY NOTICE TO CURE OR QUIT",
      "To John Doe, Tenant: you are in breach of the lease by keeping a dog at the premises.",
      "Within three days, remove the dog or deliver up possession of the premises.",
    ]);
    expect(detectKind(new Document(tenant)).kind?.id).toBe("eviction");
  });

  it("keeps the capitals of a name in an all-capitals title, as the document writes it", () => {
    const increase = passagesOf("increase.pdf", [
      "NOTICE OF RENT INCREASE FOR JOHN SMITH",
      "To John Smith, Tenant of 12 Oak Street, Unit 4: your monthly rent will increase from $1,450 to $1,550.",
      "The new rent takes effect on March 1, 2027. All other terms of your lease stay the same.",
    ]);
    expect(section(analyse(increase), "Document type and purpose")).toContain(
      "This appears to be **a notice of rent increase for John Smith**.",
    );
  });

  it("says it cannot tell when no words name the kind, rather than guessing from rent or a tenant", () => {
    const passages = passagesOf("scan.pdf", [
      "Landlord shall give Tenant at least 24 hours written notice before entering the premises.",
      "The monthly rent is $1,450 and the security deposit is $1,450.",
    ]);
    expect(detectKind(new Document(passages)).kind).toBeNull();
    const text = analyse(passages);
    const type = section(text, "Document type and purpose");
    expect(type).toContain("cannot tell what kind of document it is");
    expect(type).toContain("Words such as landlord, tenant and notice");
    expect(section(text, "Plain-language summary")).toContain("could not tell what kind of document this is");
    expect(text).not.toMatch(/appears to be/);
  });
});

describe("whose each duty is", () => {
  it("gives the landlord's notice duty to the landlord, and never tells the reader to give it", () => {
    const text = analyse(entry);
    expect(section(text, "Key terms and clauses")).toContain(
      "- **at least 24 hours written notice before entering the premises** (a duty of the landlord):",
    );
    const steps = section(text, "Recommendations");
    expect(steps).toContain(
      "- The landlord must give Tenant **at least 24 hours written notice before entering the premises**, except in an emergency (page 1, paragraph 5).",
    );
    expect(text).not.toMatch(/last day to give|^- Give\b|you must give/im);
    // The tenant's own duty is the tenant's; the request is to the person the notice names.
    expect(section(text, "Key terms and clauses")).toContain(
      '- A duty of the tenant: "Tenant must keep any pets secured during the entry." (page 1, paragraph 6)',
    );
    expect(steps).toContain(
      "If the time is not convenient, John Doe is asked to call 555-0100 **within 2 days after receiving this notice to arrange another time** (page 1, paragraph 7).",
    );
    // A short time limit is flagged with whose it is, not as the reader's to act on.
    expect(section(text, "Potential issues")).toContain("It allows only 1 day, and it is a duty of the landlord.");
  });

  it("gives the notice to vacate's duties to the tenant and the landlord, and says when it cannot tell", () => {
    const text = analyse(vacate);
    const terms = section(text, "Key terms and clauses");
    expect(terms).toContain("- **on or before May 1, 2026** (a duty of the tenant):");
    expect(terms).toContain("- **within 21 days after Tenant vacates the premises** (a duty of the landlord):");
    expect(terms).toContain(
      "- **due on or before April 1, 2026 for the final month** (the document does not say who):",
    );
    const steps = section(text, "Recommendations");
    expect(steps).toContain(
      "- The tenant must vacate and deliver possession of the premises to the Landlord **on or before May 1, 2026** (page 1, paragraph 4). Note the date.",
    );
    expect(steps).toContain(
      "- The landlord must return the security deposit of $1,450, less any lawful deductions, **within 21 days after Tenant vacates the premises** (page 1, paragraph 6).",
    );
    expect(steps).toContain(
      "- The document says that rent of $1,450 is **due on or before April 1, 2026 for the final month** (page 1, paragraph 5); it does not say who must do this.",
    );
    expect(findUnverifiedQuotes(text, vacate)).toEqual([]);
  });

  const duty = (text: string, phrase: string) => {
    const doc = new Document([{ document: "f.pdf", location: "paragraph 1", text }]);
    const sentence = doc.sentences[0];
    if (!sentence) throw new Error("no sentence");
    const start = sentence.text.indexOf(phrase);
    return dutyAt(sentence, { start, end: start + phrase.length }, speakersOf([]));
  };

  it.each([
    [
      "Landlord shall give Tenant at least 24 hours written notice before entering.",
      "at least 24 hours",
      "the landlord",
      "must",
    ],
    ["Tenant must pay the rent on or before the 1st.", "on or before the 1st", "the tenant", "must"],
    ["After that, the Employer will pay final wages within 3 days.", "within 3 days", "the employer", "will"],
    [
      "Either party may end this lease by giving notice at least 30 days before the end date.",
      "at least 30 days",
      "either party",
      "may",
    ],
    [
      "Within three (3) days after service of this notice, you must pay the rent in full.",
      "Within three (3) days",
      "the person the document is addressed to",
      "must",
    ],
    [
      "This lease renews automatically unless either party gives 60 days' written notice.",
      "60 days' written notice",
      "either party",
      "may",
    ],
    [
      "Tenant shall keep the unit clean and shall give 30 days' notice before moving out.",
      "30 days' notice",
      "the tenant",
      "must",
    ],
    [
      "The Landlord or the Landlord's agent shall not enter without 24 hours notice.",
      "24 hours notice",
      "the landlord or the landlord's agent",
      "must not",
    ],
  ])("reads %j as a duty of its subject", (text, phrase, party, force) => {
    expect(duty(text, phrase)).toMatchObject({ party, force });
  });

  it.each([
    ["Notice must be given at least 30 days before moving out.", "at least 30 days"],
    ["Rent is due on or before April 1, 2026.", "on or before April 1, 2026"],
    ["Tenant shall be given at least 24 hours notice before any entry.", "at least 24 hours"],
  ])("does not guess whose %j is", (text, phrase) => {
    const found = duty(text, phrase);
    expect(found.party).toBeNull();
    expect(found.after).toBe("; it does not say who must do this");
    expect(found.statement).toMatch(/^The document says that /);
  });

  it("reads a time limit in an if-clause as a condition on the duty that follows", () => {
    expect(
      duty(
        "If rent is not received within 5 days after the due date, Tenant shall pay a late fee.",
        "within 5 days after the due date",
      ),
    ).toMatchObject({
      party: "the tenant",
      force: "must",
      condition: true,
      statement: "If rent is not received **within 5 days after the due date**, the tenant must pay a late fee",
    });
  });
});

describe("answers from a case's notices", () => {
  // The same notice uploaded twice, and a passage that overlaps another (a long paragraph read twice).
  const copy = vacate.map((p) => ({ ...p, document: "notice-to-vacate (1).pdf" }));
  const overlapping = {
    document: "notice-to-vacate.pdf",
    location: "page 2, paragraph 1",
    text: `${vacate[5]?.text} Deductions will be listed in writing.`,
  };
  const passages = [...vacate, ...copy, overlapping];

  it("quotes each passage once, even when it is in the case twice or inside another", () => {
    const answer = offlineAnswerFromPassages("When will I get my security deposit back?", passages) ?? "";
    const quotes = blockquotes(answer);
    expect(quotes.filter((q) => q.includes("shall return the security deposit"))).toHaveLength(1);
    expect(new Set(quotes).size).toBe(quotes.length);
    expect(answer).toContain("The same words are also in **notice-to-vacate (1).pdf** (page 1, paragraph 6).");
    // Said of the landlord, in the third person: the member did not say whose landlord.
    expect(answer).toContain("So the landlord must return the security deposit of $1,450");
    expect(findUnverifiedQuotes(answer, passages)).toEqual([]);
  });

  it("ends an answer with exactly one disclaimer, as the provider sends it", async () => {
    const provider = createOfflineProvider({ delayMs: 0 });
    const result = await provider.complete({
      system: "s",
      messages: [{ role: "user", content: "When must the landlord return the deposit?" }],
      model: "x",
      maxTokens: 2000,
      temperature: 0,
      timeoutMs: 5000,
      task: { type: "answer", passages },
    });
    expect(blockquotes(result.content).length).toBeGreaterThan(0);
    expect(disclaimers(result.content)).toBe(1);
    expect(lastLine(result.content)).toMatch(DISCLAIMER);
  });

  it("ends an analysis with exactly one disclaimer, after the answer to the question sent with the file", () => {
    for (const passages of [entry, vacate]) {
      for (const question of [undefined, "When must the landlord return the deposit?"]) {
        const text = analyse(passages, question);
        expect(disclaimers(text)).toBe(1);
        expect(lastLine(text)).toMatch(DISCLAIMER);
      }
    }
  });
});

describe("the notices as PDFs, read as an upload is", () => {
  let extractor: Extractor;
  beforeAll(() => {
    extractor = createExtractor();
  });
  afterAll(async () => {
    await extractor.close();
  });

  it.each([
    [
      "notice-of-entry.pdf",
      [noticeOfEntryTitle, ...noticeOfEntryParagraphs],
      "a notice to enter",
      "a duty of the landlord",
    ],
    [
      "notice-to-vacate.pdf",
      [noticeToVacateTitle, ...noticeToVacateParagraphs],
      "a 30-day notice to vacate",
      "a duty of the tenant",
    ],
  ])("names %s and whose its duties are", async (fileName, texts, name, label) => {
    // A line break in a paragraph is a line of its own on the page.
    const pdf = await buildPdf([{ paragraphs: texts.flatMap((t) => t.split("\n")) }]);
    const read = (await extractor.extract(pdf, "pdf")).passages.map((p) => ({ ...p, document: fileName }));
    const text = analyse(read);
    expect(section(text, "Document type and purpose")).toContain(`This appears to be **${name}**.`);
    expect(section(text, "Key terms and clauses")).toContain(`(${label}):`);
    expect(text).not.toMatch(/last day to give/);
    expect(findUnverifiedQuotes(text, read)).toEqual([]);
  });
});
