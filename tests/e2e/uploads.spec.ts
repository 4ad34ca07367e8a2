import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Locator, type Page, request } from "@playwright/test";
import { CONSENT } from "../factories/people";
import type { RunningServer } from "../factories/server-process";
import { leasePdf, tinyPng } from "../factories/uploads";
import { test as base, expect, expectAccessible, newMember, ownServer, signUp } from "./fixtures";

/**
 * Files in the browser: dropped on or attached to a case's chat, read and analysed there; the
 * Document Center's analysis and the member's uploaded files; the Free plan's monthly allowance.
 *
 * These journeys run on a server of their own with no AI provider configured: the offline
 * assistant then analyses a file from its own words and answers questions by quoting it, so the
 * journeys can check what the analysis says. The shared server's fake providers answer every
 * request with the same canned text, and steering them would change the answers the journeys of
 * other files, running at the same time, rely on.
 */
type WriteHeaders = Record<string, string>;

const test = base.extend<{ writeHeaders: WriteHeaders }, { ownServer: RunningServer }>({
  ownServer: ownServer("uploads", { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" }, { ready: warmUp, timeout: 120_000 }),
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  // Headers of a write as the app's own pages send it (the server refuses writes from elsewhere).
  writeHeaders: async ({ ownServer }, use) => use({ origin: new URL(ownServer.url).origin }),
});

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/uploads", name));
const LEASE_PNG = fixture("lease.png");

/**
 * The first file a server reads starts its text recognition, which takes seconds on a busy
 * machine: one photo is read here, so that no journey's time includes it.
 */
async function warmUp(url: string) {
  const api = await request.newContext({ baseURL: url, extraHTTPHeaders: { origin: new URL(url).origin } });
  try {
    const member = newMember("warm-up");
    const signedUp = await api.post("/api/auth/sign-up/email", {
      data: {
        email: member.email,
        password: member.password,
        firstName: member.firstName,
        lastName: "Doe",
        ...CONSENT,
      },
    });
    expect(signedUp.status(), "warm-up member registered").toBe(200);
    const uploaded = await api.post("/api/uploads", {
      multipart: { file: { name: "lease.png", mimeType: "image/png", buffer: LEASE_PNG } },
    });
    expect(uploaded.status(), "warm-up photo uploaded").toBe(201);
    const { id } = ((await uploaded.json()) as { upload: { id: string } }).upload;
    await expect
      .poll(
        async () =>
          ((await (await api.get(`/api/uploads/${id}`)).json()) as { upload: { status: string } }).upload.status,
        { message: "warm-up photo read", timeout: 60_000 },
      )
      .not.toBe("reading");
  } finally {
    await api.dispose();
  }
}

const WRONG_TYPE = "Please upload only images, PDFs, or document files.";
const HEADINGS = [
  "Document type and purpose",
  "Key terms and clauses",
  "Potential issues",
  "Plain-language summary",
  "Recommendations",
];
/** The Document Center's steps for a file, in their order. */
const STEP_ORDER = ["Uploading", "Reading", "Analysing"];

/** The files about to be sent in the composer (a sent message lists its files the same way). */
const composerChips = (page: Page) => page.locator("form").getByRole("list", { name: "Attached files" });

/** A new empty case; returns its id. */
async function createCase(page: Page, headers: WriteHeaders): Promise<string> {
  const created = await page.request.post("/api/cases", { data: {}, headers });
  expect(created.status(), "case created").toBe(201);
  return ((await created.json()) as { case: { id: string } }).case.id;
}

/** A new empty case, opened in the chat. */
async function openNewCase(page: Page, headers: WriteHeaders): Promise<string> {
  const id = await createCase(page, headers);
  await page.goto(`/dashboard/case/${id}`);
  await expect(page.getByRole("textbox", { name: "Your message" })).toBeVisible();
  return id;
}

/** Upload through the API, as the page's upload does; returns the upload's id. */
async function uploadByApi(
  page: Page,
  headers: WriteHeaders,
  upload: { name: string; mimeType: string; buffer: Buffer; caseId?: string },
): Promise<string> {
  const { caseId, ...file } = upload;
  const { name } = file;
  // The case goes first, as the page sends it.
  const response = await page.request.post("/api/uploads", {
    multipart: caseId ? { caseId, file } : { file },
    headers,
  });
  expect(response.status(), `${name} uploaded`).toBe(201);
  return ((await response.json()) as { upload: { id: string } }).upload.id;
}

/**
 * Hold the page's uploads at the server's door until `release` is called, so the chip's progress
 * can be seen (from the same machine an upload is otherwise over before a frame is drawn).
 */
async function holdUploads(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The route stays: removing it while a request waits in it would answer that request twice.
  await page.route("**/api/uploads", async (route) => {
    if (route.request().method() === "POST") await gate;
    await route.continue();
  });
  return { release };
}

/**
 * Every text the page's live regions (role=status) and current step (aria-current=step) show from
 * now on, each once, in the order they first show: a stage that lasts a second is seen even when
 * an assertion's polling would miss it.
 */
async function recordStages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __stages: string[] }).__stages = seen;
    const look = () => {
      for (const el of document.querySelectorAll('[role="status"], [aria-current="step"]')) {
        const text = (el.textContent ?? "").trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
}

/** Drag files over `target` (the overlay shows), then drop them there, as a person's drag does. */
async function dropFiles(page: Page, target: Locator, files: { name: string; type: string; bytes: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString("base64") })),
  );
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  return {
    drop: async () => {
      await target.dispatchEvent("drop", { dataTransfer });
      await dataTransfer.dispose();
    },
  };
}

/** Choose files with the button's file picker. */
async function chooseFiles(
  page: Page,
  button: Locator,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(files);
}

/** The five sections of an analysis, under its title, in `scope`. */
async function expectAnalysis(scope: Locator, fileName: string) {
  await expect(scope.getByRole("heading", { level: 2, name: `Document Analysis: ${fileName}` })).toBeVisible({
    timeout: 20_000,
  });
  for (const heading of HEADINGS) {
    await expect(scope.getByRole("heading", { level: 3, name: heading }).first()).toBeVisible();
  }
}

test.describe("uploads", () => {
  // Every journey is a new Free member's, signed in through the API (registering has journeys of its own).
  test.beforeEach(async ({ page, writeHeaders }) => {
    await signUp(page, newMember("uploads"), writeHeaders);
  });

  test("a photo of a lease dropped on a case is uploaded, read and analysed", async ({ page, writeHeaders }) => {
    await openNewCase(page, writeHeaders);
    const conversation = page.getByRole("region", { name: "Conversation" });
    const chips = composerChips(page);
    const held = await holdUploads(page);

    // The overlay shows while the file is over the chat; dropped, it becomes a chip with progress.
    const drag = await dropFiles(page, conversation, [{ name: "lease.png", type: "image/png", bytes: LEASE_PNG }]);
    await expect(page.getByText("Drop files here")).toBeVisible();
    await drag.drop();
    await expect(page.getByText("Drop files here")).toHaveCount(0);
    await expect(chips.getByRole("progressbar", { name: "Uploading lease.png" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

    // Sent as soon as it is stored, while the photo is still being read: the member's earlier
    // scan is read first (one file at a time), so the reading lasts well past the sending.
    await uploadByApi(page, writeHeaders, { name: "scan.gif", mimeType: "image/gif", buffer: fixture("lease.gif") });
    const stages = await recordStages(page);
    held.release();
    await expect(chips.getByText("Ready")).toBeVisible();
    await expect(chips.getByRole("progressbar")).toHaveCount(0);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(chips).toHaveCount(0);
    const sent = conversation.getByRole("link", { name: "Download lease.png (26.37 KB)" });
    await expect(sent).toHaveAttribute("href", /^\/api\/uploads\/[0-9a-f-]{36}\/file$/);
    await expectAnalysis(conversation, "lease.png");
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
    const seen = await stages();
    expect(seen).toEqual(expect.arrayContaining(["Reading lease.png…", "Analysing lease.png…"]));
    expect(seen.indexOf("Reading lease.png…")).toBeLessThan(seen.indexOf("Analysing lease.png…"));
    await expectAccessible(page, "chat with a document analysis", { widths: [1280] });
  });

  test("a file received in a case waits in its message box across a reload until sent, and is filed once with its case", async ({
    page,
    writeHeaders,
  }) => {
    const caseId = await openNewCase(page, writeHeaders);
    const pdf = Buffer.from(await leasePdf());
    await chooseFiles(page, page.getByRole("button", { name: "Attach files" }), [
      { name: "notice.pdf", mimeType: "application/pdf", buffer: pdf },
    ]);
    const chips = composerChips(page);
    await expect(chips.getByText("notice.pdf")).toBeVisible();
    await expect(
      page.getByText("This file waits here until you send. Press Send and the assistant reads and analyses it."),
    ).toBeVisible();
    await expect(
      page.getByText(/uploads used this month\. A file counts once it is received, even if you remove it\./),
    ).toBeVisible();

    // A reload loses nothing: the file is still in the message box, counted once.
    await page.reload();
    await expect(chips.getByText("notice.pdf")).toBeVisible();
    await expect(chips.getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page, "chat with a file waiting to be sent");

    await page.goto("/dashboard/create");
    const mine = page.getByRole("region", { name: "My documents" });
    await mine.getByRole("tab", { name: "Uploaded files" }).click();
    const row = mine.getByRole("article", { name: "notice.pdf" });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Waiting to be sent in")).toBeVisible();

    await page.goto(`/dashboard/case/${caseId}`);
    await expect(chips.getByText("notice.pdf")).toBeVisible();
    await expect(chips.getByText("Ready")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(chips).toHaveCount(0);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expectAnalysis(conversation, "notice.pdf");
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Your message" })).toBeVisible();
    await expect(chips).toHaveCount(0);

    // Filed once, with its case, as analysed: 'Analyse again', not 'Analyse'.
    await page.goto("/dashboard/create");
    await mine.getByRole("tab", { name: "Uploaded files" }).click();
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Sent in")).toBeVisible();
    await expect(row.getByRole("link", { name: "Review of notice.pdf" })).toHaveAttribute(
      "href",
      `/dashboard/case/${caseId}`,
    );
    await expect(row.getByText(/^Analysed /)).toBeVisible();
    await expect(row.getByRole("button", { name: "Analyse again: notice.pdf" })).toBeVisible();
    await expectAccessible(page, "uploaded files with their cases");
  });

  test("a question in a case that holds the lease is answered from its words, naming the file", async ({
    page,
    writeHeaders,
  }) => {
    const caseId = await createCase(page, writeHeaders);
    // The photo sent in the case (as the chat sends it), read and analysed there.
    const id = await uploadByApi(page, writeHeaders, {
      name: "lease.png",
      mimeType: "image/png",
      buffer: LEASE_PNG,
      caseId,
    });
    const sent = await page.request.post(`/api/cases/${caseId}/messages`, {
      data: { content: "", attachments: [id] },
      headers: writeHeaders,
    });
    expect(await sent.text()).toContain("event: done");
    await page.goto(`/dashboard/case/${caseId}`);
    // Sent files do not wait in the message box again.
    await expect(
      page
        .getByRole("region", { name: "Conversation" })
        .getByText(/lease\.png/)
        .first(),
    ).toBeVisible();
    await expect(composerChips(page)).toHaveCount(0);

    const conversation = page.getByRole("region", { name: "Conversation" });
    const input = page.getByRole("textbox", { name: "Your message" });
    await input.fill("When must my landlord return my deposit?");
    await input.press("Enter");
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
    // The answer to the question (after the file's analysis) quotes the lease and names it.
    const answer = conversation
      .locator(":scope > div")
      .filter({ has: page.locator("blockquote", { hasText: "within 14 days" }) })
      .last();
    await expect(answer).toContainText("lease.png");
    await expect(answer.locator("blockquote")).toContainText("security deposit within 14 days");
  });

  test("files from the Attach button: wrong kinds are refused, by the browser or the server, and a chip can be removed", async ({
    page,
    writeHeaders,
  }) => {
    await openNewCase(page, writeHeaders);
    const attach = page.getByRole("button", { name: "Attach files" });
    const chips = composerChips(page);
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/uploads") posted.push(request.url());
    });

    // A text file the browser can tell: refused before anything is sent.
    await chooseFiles(page, attach, [{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Just notes") }]);
    await expect(page.getByRole("alert").filter({ hasText: WRONG_TYPE })).toBeVisible();
    await expect(chips).toHaveCount(0);
    expect(posted).toEqual([]);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText(WRONG_TYPE)).toHaveCount(0);

    // A text file named .pdf looks right to the browser: the server reads its bytes and refuses it.
    await chooseFiles(page, attach, [
      { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("Not a PDF at all, only words.") },
    ]);
    const refused = chips.getByRole("listitem").filter({ hasText: "notes.pdf" });
    await expect(refused.getByRole("alert")).toHaveText(WRONG_TYPE);
    expect(posted).toHaveLength(1);
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

    // A good file: its progress while it uploads (held back to be seen), then taken away before sending.
    const held = await holdUploads(page);
    await chooseFiles(page, attach, [{ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(tinyPng()) }]);
    const photo = chips.getByRole("listitem").filter({ hasText: "photo.png" });
    await expect(photo.getByRole("progressbar", { name: "Uploading photo.png" })).toBeVisible();
    await expectAccessible(page, "chat with a refused file and one uploading");
    held.release();
    await expect(photo.getByText("Ready")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await page.getByRole("button", { name: "Remove photo.png" }).click();
    await page.getByRole("button", { name: "Remove notes.pdf" }).click();
    await expect(chips).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

    // Neither file is kept; the removed one was received, so it counts towards the month.
    await expect
      .poll(async () => {
        const list = (await (await page.request.get("/api/uploads")).json()) as { items: unknown[] };
        const allowance = (await (await page.request.get("/api/uploads/allowance")).json()) as { used: number };
        return { files: list.items.length, used: allowance.used };
      })
      .toEqual({ files: 0, used: 1 });
  });

  test("the Document Center analyses a PDF, then opens a case about it with the analysis and the file", async ({
    page,
  }) => {
    await page.goto("/dashboard/create");
    await expect(page.getByRole("tab", { name: "AI Assistant" })).toHaveAttribute("aria-selected", "true");
    const log = page.getByRole("log", { name: "Conversation with the Document Assistant" });
    await page.getByRole("button", { name: "Analyse a document" }).click();
    await expect(log.getByText(/Choose the document you'd like me to read/)).toBeVisible();
    await expect(page.getByText("0 of 3 uploads used this month")).toBeVisible();

    const held = await holdUploads(page);
    const stages = await recordStages(page);
    const pdf = Buffer.from(await leasePdf());
    await chooseFiles(page, page.getByRole("button", { name: "Choose a file" }), [
      { name: "lease.pdf", mimeType: "application/pdf", buffer: pdf },
    ]);
    const progress = page.getByRole("list", { name: "Progress" });
    await expect(progress.locator('[aria-current="step"]')).toHaveText("Uploading");
    await expect(page.getByRole("progressbar", { name: "Uploading lease.pdf" })).toBeVisible();
    held.release();

    // The file is sent, read and analysed; the analysis streams into the conversation.
    await expect(log.getByRole("link", { name: /^Download lease\.pdf \(/ })).toBeVisible();
    await expectAnalysis(log, "lease.pdf");
    await expect(log).toContainText("$1,450");
    const openCase = page.getByRole("button", { name: "Open a case about this document" });
    await expect(openCase).toBeVisible({ timeout: 15_000 });
    // The steps came in order (reading a PDF's text may take less than a frame, so Reading may not show).
    const steps = (await stages()).filter((text) => STEP_ORDER.includes(text));
    expect(steps[0]).toBe("Uploading");
    expect(steps.at(-1)).toBe("Analysing");
    expect(steps).toEqual([...steps].sort((a, b) => STEP_ORDER.indexOf(a) - STEP_ORDER.indexOf(b)));
    // One width: the conversation's layout is checked at both in documents.spec.ts.
    await expectAccessible(page, "assistant with a document analysis", { widths: [1280] });

    await openCase.click();
    await expect(page).toHaveURL(/\/dashboard\/case\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review of lease.pdf");
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expectAnalysis(conversation, "lease.pdf");
    await expect(conversation.getByRole("link", { name: /^Download lease\.pdf \(/ })).toBeVisible();
  });

  test("Uploaded files lists a file, downloads its very bytes, and deletes it after confirming", async ({
    page,
    writeHeaders,
  }) => {
    const pdf = Buffer.from(await leasePdf());
    const id = await uploadByApi(page, writeHeaders, { name: "lease.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.goto("/dashboard/create");
    const mine = page.getByRole("region", { name: "My documents" });
    await mine.getByRole("tab", { name: "Uploaded files" }).click();
    const row = mine.getByRole("article", { name: "lease.pdf" });
    await expect(row.getByText("Ready", { exact: true })).toBeVisible();
    await expect(row.getByText(/^1\.\d+ KB · 1 page · Uploaded /)).toBeVisible();
    await expectAccessible(page, "uploaded files");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: "Download lease.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("lease.pdf");
    expect((await readFile(await download.path())).equals(pdf)).toBe(true);

    await row.getByRole("button", { name: "Delete lease.pdf" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this file?" });
    await expect(confirm.getByText(/lease\.pdf, uploaded .* will be deleted with its analysis/)).toBeVisible();
    await confirm.getByRole("button", { name: "Delete file" }).click();
    await expect(page.getByText("File deleted.").first()).toBeVisible();
    await expect(mine.getByText(/No uploaded files yet/)).toBeVisible();
    expect((await page.request.get(`/api/uploads/${id}/file`)).status()).toBe(404);
  });

  test("an analysed file shows its analysis, and 'Analyse again' streams a new one", async ({ page, writeHeaders }) => {
    const pdf = Buffer.from(await leasePdf());
    const id = await uploadByApi(page, writeHeaders, { name: "lease.pdf", mimeType: "application/pdf", buffer: pdf });
    // Analysed once already, as the Document Center's assistant does, before the page lists it.
    const analysed = await page.request.post(`/api/uploads/${id}/analysis`, { headers: writeHeaders });
    expect(await analysed.text()).toContain("event: done");
    await page.goto("/dashboard/create");
    const mine = page.getByRole("region", { name: "My documents" });
    await mine.getByRole("tab", { name: "Uploaded files" }).click();
    const row = mine.getByRole("article", { name: "lease.pdf" });
    await expect(row.getByText(/^Analysed /)).toBeVisible();

    // The stored analysis shows at once; 'Analyse again' streams a new one.
    await row.getByRole("button", { name: "Analyse again: lease.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Analysis of lease.pdf" });
    await expectAnalysis(dialog, "lease.pdf");
    const stages = await recordStages(page);
    await dialog.getByRole("button", { name: "Analyse again" }).click();
    await expect(dialog.getByRole("button", { name: "Analysing…" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Open a case about this document" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Analyse again" })).toBeEnabled({ timeout: 15_000 });
    await expectAnalysis(dialog, "lease.pdf");
    expect(await stages()).toEqual(expect.arrayContaining(["Analysing lease.pdf…", "The analysis is ready."]));
    // At the phone's width, where the dialog fills the screen and its buttons stack.
    await expectAccessible(page, "analysis dialog", { widths: [375] });
  });

  test("a Free member's fourth upload of the month is refused with the upgrade text", async ({
    page,
    writeHeaders,
  }) => {
    for (const name of ["one.png", "two.png", "three.png"]) {
      await uploadByApi(page, writeHeaders, { name, mimeType: "image/png", buffer: Buffer.from(tinyPng()) });
    }
    await openNewCase(page, writeHeaders);
    await chooseFiles(page, page.getByRole("button", { name: "Attach files" }), [
      { name: "lease.png", mimeType: "image/png", buffer: LEASE_PNG },
    ]);
    const chip = composerChips(page).getByRole("listitem");
    await expect(chip.getByRole("alert")).toHaveText(
      "You've used your 3 uploads for this month on the Free plan. Upgrade to Premium for unlimited uploads, or wait until the 1st of next month.",
    );
    await expect(page.getByText("3 of 3 uploads used this month")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
    // The chips' layouts are checked in the journey above; here the refusal's words and the full allowance.
    await expectAccessible(page, "chat with an upload over the allowance", { widths: [1280] });
  });
});
