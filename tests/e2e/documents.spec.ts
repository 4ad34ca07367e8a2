import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { DOCUMENT_TEXT } from "../../src/shared/messages";
import { docxText, pdfText } from "../factories/document-text";
import { WILL_ANSWERS } from "../factories/will-answers";
import { expect, expectAccessible, openDialog, sameOrigin, signUp, test } from "./fixtures";

/** The Document Center with the Document Templates tab selected. */
async function openTemplates(page: Page) {
  await page.goto("/dashboard/create");
  await page.getByRole("tab", { name: "Document Templates" }).click();
  await expect(page.getByRole("heading", { name: "Template Selection" })).toBeVisible();
}

async function pickTemplate(page: Page, name: string) {
  await page.getByRole("button", { name: `Use this template: ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Document Information" })).toBeFocused();
}

/** A new member (signed up through the API) at the first step of the template `name`. */
async function startTemplate(page: Page, name: string) {
  await signUp(page);
  await openTemplates(page);
  await pickTemplate(page, name);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A question by its label (the label ends with an asterisk when the question is required). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
const group = (page: Page, name: string) => page.getByRole("radiogroup", { name });
const errorOf = (control: Locator) => control.locator("xpath=ancestor::div[contains(@class,'space-y-1.5')][1]");

/** Answers each question by its label: a list's option is chosen, anything else is typed. */
async function answer(page: Page, answers: Record<string, string>) {
  for (const [label, value] of Object.entries(answers)) {
    const control = field(page, label);
    if ((await control.evaluate((element) => element.tagName)) === "SELECT") await control.selectOption(value);
    else await control.fill(value);
  }
}

async function fillWill(page: Page, options: { married: boolean; children: boolean; state?: string }) {
  await answer(page, {
    "Your Full Legal Name": "Maria Elena Lopez",
    ...(options.state ? { "State of Residence": options.state } : {}),
    "Your Address": "12 Oak Street, Fresno, CA 93701",
    "Marital Status": options.married ? "Married" : "Single",
    ...(options.married ? { "Spouse's Full Name": "James Robert Lopez" } : {}),
  });
  await group(page, "Children")
    .getByRole("radio", { name: options.children ? "Yes" : "No" })
    .check();
  await answer(page, {
    ...(options.children
      ? { "Children's Full Names": "Sofia Lopez\nMateo Lopez", "Guardian for Minor Children": "Ana Guardian Lopez" }
      : {}),
    "Executor's Full Name": "David Chen",
    "Executor's Address": "40 Pine Road, Fresno, CA 93702",
    "Main Assets": "Home at 12 Oak Street; savings at First Bank",
    "Beneficiary of the Rest of Your Estate": "My spouse or my children",
  });
}

async function fillLease(page: Page) {
  await answer(page, {
    "Landlord's Full Name": "Oak Street Rentals LLC",
    "Tenant's Full Name": "Ben Ortiz",
    "Property Address": "7 Elm Court, Unit 2, Austin, TX 78701",
    "State Where the Property Is Located": "Texas",
    "Monthly Rent": "1,450.50",
    "Security Deposit": "1450",
    "Lease Start Date": "2027-01-01",
    "Lease End Date": "2027-12-31",
  });
  await group(page, "Pet Policy").getByRole("radio", { name: "Pets allowed with deposit" }).check();
  await field(page, "Pet Deposit").fill("300");
  const utilities = page.getByRole("group", { name: "Utilities Paid by Landlord" });
  await utilities.getByRole("checkbox", { name: "Water" }).check();
  await utilities.getByRole("checkbox", { name: "Trash" }).check();
  await field(page, "Parking Spaces").fill("1");
}

/** From the review step: generate and wait for the Download step. */
async function generate(page: Page) {
  await page.getByRole("button", { name: "Generate Document" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Generating Your Document" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Download" })).toBeFocused({ timeout: 15_000 });
}

async function download(page: Page, link: Locator): Promise<{ file: Download; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await file.path();
  return { file, body: await readFile(path) };
}

test.describe("document center", () => {
  test("the templates are listed by popularity, with prices, times and review fees", async ({ page }) => {
    await signUp(page);
    await openTemplates(page);
    await expectAccessible(page, "template selection");

    // Popularity order, the top three marked Popular, prices and review fees.
    const cards = page.getByRole("article");
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
      "Last Will and Testament",
      "Residential Lease Agreement",
      "LLC Operating Agreement",
      "Revocable Living Trust",
      "Cease and Desist Letter",
    ]);
    await expect(page.getByText("Popular", { exact: true })).toHaveCount(3);
    // The price rule (template-offers.ts): basic templates are in every plan, a Complex one is sold once.
    const will = cards.filter({ hasText: "Last Will and Testament" });
    await expect(will.getByText("Included in your plan")).toBeVisible();
    await expect(cards.filter({ hasText: "LLC Operating Agreement" }).getByText("$79.99, one-time")).toBeVisible();
    await expect(will.getByText("15-20 minutes")).toBeVisible();
    await expect(will.getByText("Moderate")).toBeVisible();
    await expect(will.getByText("$150")).toBeVisible();
  });

  test("a will for a married member with children: the questions follow the answers, and the review lists them", async ({
    page,
  }) => {
    await startTemplate(page, "Last Will and Testament");
    await expect(page.locator('[aria-current="step"]')).toContainText("Document Information");
    // Conditional questions wait for their answers.
    await expect(field(page, "Spouse's Full Name")).toHaveCount(0);
    await expect(field(page, "Children's Full Names")).toHaveCount(0);
    await expect(field(page, "Guardian for Minor Children")).toHaveCount(0);
    const fullName = field(page, "Your Full Legal Name");
    await expect(fullName).toHaveAccessibleDescription("Your name as it appears on official documents.");
    await expect(fullName).toHaveAttribute("placeholder", "e.g. Maria Elena Lopez");

    await fillWill(page, { married: true, children: true, state: "California" });
    await expect(field(page, "Spouse's Full Name")).toBeVisible();
    await expect(field(page, "Children's Full Names")).toBeVisible();
    await expect(field(page, "Guardian for Minor Children")).toBeVisible();
    await expectAccessible(page, "document information (will)");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Review & Generate" })).toBeFocused();
    const review = page.locator("dl").first();
    await expect(review.getByText("Spouse's Full Name")).toBeVisible();
    await expect(review.getByText("James Robert Lopez")).toBeVisible();
    await expect(review.getByText("Children's Full Names")).toBeVisible();
    await expect(review.getByText(/Sofia Lopez\s+Mateo Lopez/)).toBeVisible();
    await expect(review.getByText("Ana Guardian Lopez")).toBeVisible();
    // Optional questions left empty are not listed.
    await expect(review.getByText("Specific Gifts")).toHaveCount(0);
    await expect(page.getByText("Laws vary by state; have an attorney review your will before signing.")).toBeVisible();
    await expectAccessible(page, "review and generate");
  });

  test("a will for a married member with children: generating, preview, the three downloads and My documents", async ({
    page,
  }) => {
    await startTemplate(page, "Last Will and Testament");
    await fillWill(page, { married: true, children: true, state: "California" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Review & Generate" })).toBeFocused();

    // Hold the answer back a moment so the generating state can be checked too.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/documents/generate", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Generate Document" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Generating Your Document" })).toBeVisible();
    await expectAccessible(page, "generating");
    release();
    await expect(page.getByRole("heading", { name: "Download" })).toBeFocused({ timeout: 15_000 });
    await page.unroute("**/api/documents/generate");
    await expect(page.getByText("Your document has been generated")).toBeVisible();

    // Preview: the first 500 characters, shown and hidden.
    const previewButton = page.getByRole("button", { name: "Preview" });
    await expect(previewButton).toHaveAttribute("aria-expanded", "false");
    await previewButton.click();
    const preview = page.locator("pre");
    await expect(preview).toBeVisible();
    await expect(preview).toContainText("LAST WILL AND TESTAMENT");
    await expect(preview).toContainText("Maria Elena Lopez");
    expect((await preview.textContent())?.replace(/…$/, "").length).toBe(500);
    await expectAccessible(page, "download step with preview");
    await page.getByRole("button", { name: "Hide preview" }).click();
    await expect(preview).toBeHidden();

    const txt = await download(page, page.getByRole("link", { name: "Download as TXT" }));
    expect(txt.file.suggestedFilename()).toMatch(/^last-will-and-testament-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = txt.body.toString("utf8");
    for (const answer of [
      "Maria Elena Lopez",
      "James Robert Lopez",
      "Sofia Lopez",
      "Mateo Lopez",
      "Ana Guardian Lopez",
    ]) {
      expect(text).toContain(answer);
    }
    expect(text).toContain("GUARDIAN OF MY MINOR CHILDREN");
    expect(text).toContain("State of California");

    const pdf = await download(page, page.getByRole("link", { name: "Download as PDF" }));
    expect(pdf.file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.body.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const docx = await download(page, page.getByRole("link", { name: "Download as DOCX" }));
    expect(docx.file.suggestedFilename()).toMatch(/\.docx$/);
    expect(docx.body.subarray(0, 2).toString("latin1")).toBe("PK");
    const pdfWords = pdfText(pdf.body);
    const docxWords = await docxText(docx.body);
    for (const answer of [
      "LAST WILL AND TESTAMENT",
      "Maria Elena Lopez",
      "James Robert Lopez",
      "Sofia Lopez",
      "Mateo Lopez",
      "Ana Guardian Lopez",
      "GUARDIAN OF MY MINOR CHILDREN",
    ]) {
      expect(pdfWords).toContain(answer);
      expect(docxWords).toContain(answer);
    }

    // The document is kept under My documents, and can be downloaded again from there.
    const mine = page.getByRole("region", { name: "My documents" });
    const row = mine.getByRole("article").filter({ hasText: "Last Will and Testament" });
    await expect(row).toBeVisible();
    // Told apart from other wills by whose it is and the time; PDF is the first, primary download.
    await expect(row.getByText("Will of Maria Elena Lopez")).toBeVisible();
    await expect(row.getByText(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/)).toBeVisible();
    const downloads = row.getByRole("link", { name: /^Download Last Will and Testament as / });
    await expect(downloads.first()).toHaveAccessibleName("Download Last Will and Testament as PDF");
    await expect(downloads.first()).toHaveText("Download PDF");
    const again = await download(page, row.getByRole("link", { name: "Download Last Will and Testament as TXT" }));
    expect(again.body.toString("utf8")).toContain("James Robert Lopez");

    await page.getByRole("button", { name: "Create another document" }).click();
    await expect(page.getByRole("heading", { name: "Template Selection" })).toBeFocused();
  });

  test("a download the server refuses is said on the page: a third PDF or Word file at once waits for the first two", async ({
    page,
  }) => {
    await signUp(page);
    for (const fullName of ["Ada Lovelace", "Grace Hopper"]) {
      const made = await page.request.post("/api/documents/generate", {
        data: { templateId: "will", answers: { ...WILL_ANSWERS, fullName } },
        headers: sameOrigin(),
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await page.goto("/dashboard/create");
    const rows = page
      .getByRole("region", { name: "My documents" })
      .getByRole("article")
      .filter({ hasText: "Last Will and Testament" });
    await expect(rows).toHaveCount(2);
    const links = [
      rows.nth(0).getByRole("link", { name: /as PDF$/ }),
      rows.nth(0).getByRole("link", { name: /as DOCX$/ }),
      rows.nth(1).getByRole("link", { name: /as PDF$/ }),
    ];
    const downloads: Download[] = [];
    page.on("download", (file) => downloads.push(file));
    // Three clicks in one moment: a member has at most two files prepared at once. The third is
    // refused, and the page says so in the server's words (a plain link would fail silently).
    const handles = await Promise.all(links.map((link) => link.elementHandle()));
    await page.evaluate((elements) => {
      for (const element of elements) (element as HTMLElement | null)?.click();
    }, handles);
    const toasts = page.getByRole("region", { name: /^Notifications/ });
    await expect(toasts.getByText(DOCUMENT_TEXT.tooManyDownloads(2))).toBeVisible();
    await expect.poll(() => downloads.length).toBe(2);
    for (const file of downloads) {
      expect(file.suggestedFilename()).toMatch(/^last-will-and-testament-.*\.(pdf|docx)$/);
      expect((await readFile(await file.path())).length).toBeGreaterThan(1000);
    }
    // Once those are done, the same link downloads its file.
    const third = await download(page, links[2] as Locator);
    expect(third.body.subarray(0, 4).toString("latin1")).toBe("%PDF");
  });

  test("a will for a single member without children leaves spouse, children and guardian out", async ({ page }) => {
    test.setTimeout(90_000);
    await startTemplate(page, "Last Will and Testament");
    // A spouse typed in and then no longer needed is dropped everywhere.
    await field(page, "Marital Status").selectOption("Married");
    await field(page, "Spouse's Full Name").fill("Someone Else");
    await fillWill(page, { married: false, children: false, state: "Texas" });
    await expect(field(page, "Spouse's Full Name")).toHaveCount(0);
    await expect(field(page, "Children's Full Names")).toHaveCount(0);
    await expect(field(page, "Guardian for Minor Children")).toHaveCount(0);

    await page.getByRole("button", { name: "Next" }).click();
    const review = page.locator("dl").first();
    await expect(review.getByText("Marital Status")).toBeVisible();
    await expect(review.getByText("Single", { exact: true })).toBeVisible();
    for (const label of ["Spouse's Full Name", "Children's Full Names", "Guardian for Minor Children"]) {
      await expect(review.getByText(label)).toHaveCount(0);
    }
    await expect(review.getByText("Someone Else")).toHaveCount(0);

    await generate(page);
    const { body } = await download(page, page.getByRole("link", { name: "Download as TXT" }));
    const text = body.toString("utf8");
    expect(text).toContain("I am not married.");
    expect(text).toContain("I have no children.");
    expect(text).not.toContain("Someone Else");
    expect(text).not.toContain("GUARDIAN OF MY MINOR CHILDREN");
    expect(text).not.toContain("my spouse");
  });

  test("every validation message shows under its field, and clears when the field is edited", async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page);
    // The LLC agreement is a Complex template: this member buys it once (the demo checkout's test card).
    const opened = await page.request.post("/api/billing/checkout", {
      data: { templateId: "llc" },
      headers: sameOrigin(),
    });
    const sessionId = ((await opened.json()) as { url: string }).url.split("/").pop();
    const paid = await page.request.post(`/api/billing/demo/${sessionId}/pay`, {
      data: { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      headers: sameOrigin(),
    });
    expect(paid.status()).toBe(200);
    await openTemplates(page);

    // Required fields: Next checks every answer and stays on the form, focused on the first to fix
    // (no step is marked done, nothing empty is saved as a draft).
    await pickTemplate(page, "LLC Operating Agreement");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Document Information" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Review & Generate" })).toHaveCount(0);
    await expect(page.getByText(/Draft saved/)).toHaveCount(0);
    const company = field(page, "Company Name");
    await expect(company).toBeFocused();
    await expect(company).toHaveAttribute("aria-invalid", "true");
    await expect(errorOf(company).getByText("Company Name is required")).toBeVisible();
    await expect(company).toHaveAccessibleDescription(/Company Name is required/);
    await expect(errorOf(field(page, "Number of Members")).getByText("Number of Members is required")).toBeVisible();
    await expect(group(page, "Management Structure")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Management Structure is required")).toBeVisible();
    await expect(page.getByText("Some answers need your attention")).toBeVisible();
    await expectAccessible(page, "form with errors");

    // A pattern with its own message, and a number below its minimum.
    await company.fill("Bright Path Consulting");
    await expect(errorOf(company).getByText("Company Name is required")).toHaveCount(0);
    await expect(company).not.toHaveAttribute("aria-invalid", "true");
    const members = field(page, "Number of Members");
    await members.fill("0");
    await expect(page.getByText("Number of Members is required")).toHaveCount(0);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(company).toBeFocused();
    await expect(
      errorOf(company).getByText("Company Name must end with LLC, L.L.C. or Limited Liability Company"),
    ).toBeVisible();
    await expect(errorOf(members).getByText("Number of Members must be at least 1")).toBeVisible();

    // Above the maximum.
    await members.fill("51");
    await expect(page.getByText("Number of Members must be at least 1")).toHaveCount(0);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(errorOf(members).getByText("Number of Members must be no more than 50")).toBeVisible();
    await members.fill("2");
    await expect(page.getByText("Number of Members must be no more than 50")).toHaveCount(0);

    // Back from the form returns to the templates. A pattern without a message of its own.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: "Template Selection" })).toBeFocused();
    await page.getByRole("button", { name: "Use this template: Cease and Desist Letter" }).click();
    await expect(page.getByRole("heading", { name: "Document Information" })).toBeFocused();
    const email = field(page, "Your Email Address");
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(field(page, "Your Full Name")).toBeFocused();
    await expect(errorOf(email).getByText("Invalid format for Your Email Address")).toBeVisible();
    await email.fill("jane@example.com");
    await expect(page.getByText("Invalid format for Your Email Address")).toHaveCount(0);
    // A required multi-select.
    await expect(page.getByText("Possible Next Steps is required")).toBeVisible();
    await page
      .getByRole("group", { name: "Possible Next Steps" })
      .getByRole("checkbox", { name: "Filing a lawsuit" })
      .check();
    await expect(page.getByText("Possible Next Steps is required")).toHaveCount(0);
  });

  test("the server has the last word: its field errors show on the form", async ({ page }) => {
    await startTemplate(page, "Residential Lease Agreement");
    await fillLease(page);
    await page.route("**/api/documents/generate", (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: {
            code: "INVALID_INPUT",
            message: "Tenant's Full Name is required",
            fields: { tenantName: "Tenant's Full Name is required" },
          },
        },
      }),
    );
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Generate Document" }).click();
    const tenant = field(page, "Tenant's Full Name");
    await expect(tenant).toBeFocused({ timeout: 10_000 });
    await expect(errorOf(tenant).getByText("Tenant's Full Name is required")).toBeVisible();
  });

  test("a draft is saved as the member types, survives a reload and resumes", async ({ page }) => {
    await startTemplate(page, "Residential Lease Agreement");
    await field(page, "Landlord's Full Name").fill("Ana Ruiz");
    await field(page, "Monthly Rent").fill("1,200");
    await page
      .getByRole("group", { name: "Utilities Paid by Landlord" })
      .getByRole("checkbox", { name: "Gas" })
      .check();
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("tab", { name: "Document Templates" })).toHaveAttribute("aria-selected", "true");
    const drafts = page.getByRole("region", { name: "Drafts in progress" });
    await expect(drafts.getByRole("heading", { name: "Residential Lease Agreement" })).toBeVisible();
    await expect(drafts.getByText(/Last saved [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M/)).toBeVisible();
    await expectAccessible(page, "templates with a draft");

    // Opening the template offers the draft.
    const offer = await openDialog(
      page,
      page.getByRole("button", { name: "Continue: Residential Lease Agreement" }),
      "Continue your draft?",
      { scan: "resume draft dialog" },
    );
    await offer.getByRole("button", { name: "Resume draft" }).click();
    await expect(offer).toBeHidden();
    await expect(field(page, "Landlord's Full Name")).toHaveValue("Ana Ruiz");
    await expect(field(page, "Monthly Rent")).toHaveValue("1,200");
    await expect(page.getByRole("checkbox", { name: "Gas" })).toBeChecked();
  });

  test("a draft resumes from the drafts list when the member comes back", async ({ page }) => {
    await startTemplate(page, "Residential Lease Agreement");
    await field(page, "Tenant's Full Name").fill("Ben Ortiz");
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
    await page.goto("/dashboard/create");
    await expect(page.getByRole("tab", { name: "AI Assistant" })).toHaveAttribute("aria-selected", "true");
    const drafts = page.getByRole("region", { name: "Drafts in progress" });
    await drafts.getByRole("button", { name: "Resume the Residential Lease Agreement draft" }).click();
    await expect(page.getByRole("tab", { name: "Document Templates" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Document Information" })).toBeFocused();
    await expect(field(page, "Tenant's Full Name")).toHaveValue("Ben Ortiz");
  });

  test("Start over empties the form and deletes the draft; the list discards one after confirming", async ({
    page,
  }) => {
    await startTemplate(page, "Residential Lease Agreement");
    await field(page, "Landlord's Full Name").fill("Ana Ruiz");
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
    const drafts = page.getByRole("region", { name: "Drafts in progress" });
    const offer = page.getByRole("dialog", { name: "Continue your draft?" });

    // Start over empties the form and deletes the draft.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Continue: Residential Lease Agreement" }).click();
    await offer.getByRole("button", { name: "Start over" }).click();
    await expect(field(page, "Landlord's Full Name")).toHaveValue("");
    await expect(drafts).toHaveCount(0);

    // Discard from the list, after confirming.
    await field(page, "Landlord's Full Name").fill("Carla Diaz");
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
    const confirm = await openDialog(
      page,
      drafts.getByRole("button", { name: "Discard the Residential Lease Agreement draft" }),
      "Discard this draft?",
      { scan: "discard draft dialog" },
    );
    await confirm.getByRole("button", { name: "Discard draft" }).click();
    await expect(page.getByText("Draft discarded.").first()).toBeVisible();
    await expect(drafts).toHaveCount(0);
  });

  test("the tabs move by arrow keys, and the assistant introduces itself", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/create");
    const tab = page.getByRole("tab", { name: "AI Assistant" });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    // Arrow keys move between the tabs.
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Document Templates" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Document Templates" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tab).toHaveAttribute("aria-selected", "true");

    const log = page.getByRole("log");
    await expect(log.getByText(/help you create a legal document/)).toBeVisible();
    await expectAccessible(page, "assistant intro");
  });

  test("the assistant asks for the state and the document, then opens the generator with the state filled in", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/dashboard/create");
    const log = page.getByRole("log");
    await page.getByRole("button", { name: "Create a document" }).click();
    await expect(log.getByText("Typing…")).toBeVisible();
    await expect(log.getByText(/Which state do you live in\?/)).toBeVisible();
    const answers = page.getByRole("group", { name: "Your answer" });
    for (const state of ["California", "Texas", "Florida", "New York", "Pennsylvania", "Illinois", "Ohio", "Georgia"]) {
      await expect(answers.getByRole("button", { name: state, exact: true })).toBeVisible();
    }
    await expect(answers.getByRole("button", { name: "Virginia" })).toHaveCount(0);
    await answers.getByRole("button", { name: "Other state" }).click();
    const select = page.getByLabel("Your state");
    // Every state can be chosen, not only the fifteen the assistant knows best.
    await expect(select.locator("option")).toHaveCount(51);
    await expectAccessible(page, "assistant state question");
    await select.selectOption("Oregon");
    await answers.getByRole("button", { name: "Continue" }).click();
    await expect(log.getByText("You: Oregon")).toBeVisible();
    await expect(log.getByText(/Oregon it is\. Which document would you like to create\?/)).toBeVisible();
    await answers.getByRole("button", { name: "Last Will and Testament" }).click();
    await expect(log.getByText("Preparing your Last Will and Testament…")).toBeVisible();

    // The generator opens on the form, with the state filled in.
    await expect(page.getByRole("heading", { name: "Document Information" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Document Templates" })).toHaveAttribute("aria-selected", "true");
    await expect(field(page, "State of Residence")).toHaveValue("Other");
    await expect(field(page, "Your State")).toHaveValue("Oregon");
    await page.getByRole("tab", { name: "AI Assistant" }).click();
    await expect(log.getByText(/Your Last Will and Testament is ready to complete/)).toBeVisible();
    await expectAccessible(page, "assistant after the document was prepared");
    await page.getByRole("button", { name: "Continue in Document Templates" }).click();
    await expect(page.getByRole("tab", { name: "Document Templates" })).toHaveAttribute("aria-selected", "true");
    await expect(field(page, "Your State")).toHaveValue("Oregon");
  });

  test("a will the assistant prepared is generated for the state the member named", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/create");
    const answers = page.getByRole("group", { name: "Your answer" });
    await page.getByRole("button", { name: "Create a document" }).click();
    await answers.getByRole("button", { name: "Other state" }).click();
    await page.getByLabel("Your state").selectOption("Oregon");
    await answers.getByRole("button", { name: "Continue" }).click();
    await answers.getByRole("button", { name: "Last Will and Testament" }).click();
    await expect(page.getByRole("heading", { name: "Document Information" })).toBeFocused();

    await fillWill(page, { married: false, children: false });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.locator("dl").first().getByText("Oregon")).toBeVisible();
    await generate(page);
    const { body } = await download(page, page.getByRole("link", { name: "Download as TXT" }));
    expect(body.toString("utf8")).toContain("State of Oregon");
  });

  // The whole analysis (upload, reading, the analysis, a case about the file) is in uploads.spec.ts.
  test("the assistant's analyse branch asks for the file and refuses one it cannot read", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/create");
    await page.getByRole("button", { name: "Analyse a document" }).click();
    const log = page.getByRole("log");
    await expect(log.getByText(/a PDF, a Word file or a photo/)).toBeVisible();
    await expect(log.getByText(/plain-language summary, the key terms, possible issues/)).toBeVisible();
    const answers = page.getByRole("group", { name: "Your answer" });
    await expect(answers.getByRole("button", { name: "Choose a file" })).toBeFocused();
    await expect(answers.getByText("0 of 3 uploads used this month")).toBeVisible();
    await expectAccessible(page, "assistant analyse");

    // A file the browser can tell is not a document is refused before it is sent.
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      answers.getByRole("button", { name: "Choose a file" }).click(),
    ]);
    await chooser.setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Just notes") });
    await expect(
      page.getByRole("alert").filter({ hasText: "Please upload only images, PDFs, or document files." }),
    ).toBeVisible();
    await expect(answers.getByRole("button", { name: "Choose a file" })).toBeVisible();
    await answers.getByRole("button", { name: "Create a document instead" }).click();
    await expect(log.getByText(/Which state do you live in\?/)).toBeVisible();
  });

  test("an attorney review request shows the fee, and the document then shows its pending review", async ({ page }) => {
    await startTemplate(page, "Residential Lease Agreement");
    await fillLease(page);
    await page.getByRole("button", { name: "Next" }).click();
    const review = page.locator("dl").first();
    await expect(review.getByText("$1,450.50")).toBeVisible();
    await expect(review.getByText("Water, Trash")).toBeVisible();
    await expect(review.getByText("January 1, 2027")).toBeVisible();
    await generate(page);
    const { body } = await download(page, page.getByRole("link", { name: "Download as TXT" }));
    expect(body.toString("utf8")).toContain("$1,450.50");

    const generator = page.getByRole("tabpanel", { name: "Document Templates" });
    await generator.getByRole("button", { name: "Request attorney review", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Request attorney review" });
    await expect(dialog.getByText("$125")).toBeVisible();
    await expect(dialog.getByText(/LawGuide is not a law firm/)).toBeVisible();
    await expect(dialog.getByText(/no attorney-client relationship exists until an attorney agrees/i)).toBeVisible();
    await expect(dialog.getByText(/within 2 business days to confirm the fee before any work/)).toBeVisible();
    await expectAccessible(page, "attorney review dialog");
    await dialog.getByRole("button", { name: "Request review" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Attorney review requested.", { exact: true })).toBeVisible();

    const mine = page.getByRole("region", { name: "My documents" });
    const row = mine.getByRole("article").filter({ hasText: "Residential Lease Agreement" });
    await expect(row.getByText("Review pending")).toBeVisible();
    await expect(row.getByRole("button", { name: /Request attorney review/ })).toHaveCount(0);
    await expect(generator.getByRole("button", { name: /Request attorney review/ })).toHaveCount(0);
    await page.reload();
    await expect(row.getByText("Review pending")).toBeVisible();
    await expect(row.getByText(/\(\$125\)/)).toBeVisible();
  });

  test("a document is deleted from My documents after confirming", async ({ page }) => {
    await startTemplate(page, "Residential Lease Agreement");
    await fillLease(page);
    await page.getByRole("button", { name: "Next" }).click();
    await generate(page);
    const mine = page.getByRole("region", { name: "My documents" });
    const row = mine.getByRole("article").filter({ hasText: "Residential Lease Agreement" });

    const confirm = await openDialog(
      page,
      row.getByRole("button", { name: "Delete Residential Lease Agreement" }),
      "Delete this document?",
      { scan: "delete document dialog" },
    );
    await confirm.getByRole("button", { name: "Delete document" }).click();
    await expect(page.getByText("Document deleted.").first()).toBeVisible();
    await expect(mine.getByText(/No documents yet/)).toBeVisible();
  });
});
