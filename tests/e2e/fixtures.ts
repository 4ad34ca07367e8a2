import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
} from "@playwright/test";
import { CONSENT } from "../factories/people";
import { type RunningServer, startServer, stopGracefully } from "../factories/server-process";

let counter = 0;

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
}

export const DEMO = {
  free: { email: "demo@example.com", password: "demo-password" },
  premium: { email: "premium@example.com", password: "demo-password" },
  admin: { email: "admin@example.com", password: "admin-password" },
} as const;

/** A unique new member's details (not yet registered). */
export function newMember(prefix = "member"): Member {
  counter += 1;
  return {
    email: `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`,
    password: "correct-horse",
    firstName: "Jordan",
  };
}

/** Fill in the registration form and send it (where it leads is the caller's to check). */
export async function submitRegistration(page: Page, member: Member): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("First name").fill(member.firstName);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm password").fill(member.password);
  await page.getByLabel(/I agree to the Terms of Service/).check();
  await page.getByLabel(/legal information, not legal advice/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Register through the form; lands in the dashboard. */
export async function register(page: Page, member: Member = newMember()): Promise<Member> {
  await submitRegistration(page, member);
  await expect(page).toHaveURL(/\/dashboard/);
  return member;
}

/** The API of the app as a page's browser context reaches it (its cookies), or a browserless client. */
export type Api = Page | APIRequestContext;
export const apiOf = (target: Api): APIRequestContext => ("request" in target ? target.request : target);

/**
 * Run `use` with a browserless client of the app (our Origin on every request), signed in as
 * `account` when one is given, and disposed of after: for setting up what a journey starts from.
 */
export async function withApi<T>(
  use: (api: APIRequestContext) => Promise<T>,
  account?: { email: string; password: string },
): Promise<T> {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: sameOrigin() });
  try {
    if (account) await signInByApi(api, account);
    return await use(api);
  } finally {
    await api.dispose();
  }
}

/**
 * A new member signed up through the API, in the page's browser context (no page is opened) or a
 * browserless client: for journeys about what a member does, not about the registration form.
 * `headers` are those of a write from the app's own pages (of the file's own server, if it has one).
 */
export async function signUp(
  target: Api,
  member: Member = newMember(),
  headers: Record<string, string> = sameOrigin(),
): Promise<Member> {
  const signedUp = await apiOf(target).post("/api/auth/sign-up/email", {
    data: {
      email: member.email,
      password: member.password,
      firstName: member.firstName,
      lastName: member.lastName ?? "",
      ...CONSENT,
    },
    headers,
  });
  expect(signedUp.status(), `${member.email} registered`).toBe(200);
  return member;
}

/** Sign in through the API, as `account` (the administrator unless told), where signing in is not the journey. */
export async function signInByApi(target: Api, account: { email: string; password: string } = DEMO.admin) {
  const signedIn = await apiOf(target).post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: sameOrigin(),
  });
  expect(signedIn.status(), `${account.email} signed in`).toBe(200);
}

/**
 * A new member (signed up on `target`) with a case of their own: a case `titled` (and described),
 * or one whose first question is `asking`, answered in full.
 */
export async function memberWithCase(
  target: Api,
  content: { titled: string; description?: string } | { asking: string },
): Promise<{ member: Member; caseId: string }> {
  const member = await signUp(target);
  if ("asking" in content) return { member, caseId: await caseAsking(target, content.asking) };
  const { titled: title, description } = content;
  return { member, caseId: await createCase(target, { title, ...(description ? { description } : {}) }) };
}

/** A new case of the signed-in member; returns its id. */
async function createCase(target: Api, data: { title?: string; description?: string } = {}): Promise<string> {
  const created = await apiOf(target).post("/api/cases", { data, headers: sameOrigin() });
  expect(created.status(), "case created").toBe(201);
  return ((await created.json()) as { case: { id: string } }).case.id;
}

/** A new case of the signed-in member whose first question is answered in full; returns its id. */
export async function caseAsking(target: Api, question: string): Promise<string> {
  const caseId = await createCase(target);
  const sent = await apiOf(target).post(`/api/cases/${caseId}/messages`, {
    data: { content: question },
    headers: sameOrigin(),
  });
  expect(sent.status(), "message sent").toBe(200);
  expect(await sent.text()).toContain("event: done");
  return caseId;
}

/** The app has taken the page over (html[data-hydrated]): its buttons work. */
function hydrated(page: Page) {
  return page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });
}

/**
 * The landing page, loaded. The app reaches /welcome (after signing out, or from a guard) with a
 * full page load, since the landing page is an entry of its own: the address changes before the
 * page does. A journey that goes on from there waits for the landing page itself, or the app's own
 * load of /welcome can land after the journey's next page.goto and take its place.
 */
export async function expectLanding(page: Page) {
  await expect(page).toHaveURL(/\/welcome$/);
  // The app shows only a spinner at /welcome; a <main> with a heading is the landing page's own.
  await expect(page.locator("main h1")).toBeVisible();
  await hydrated(page);
}

/** Sign in through the form (does not wait for the destination). */
export async function signIn(page: Page, email: string, password: string, options: { remember?: boolean } = {}) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Headers of a write as the app's own pages send it (the server refuses writes from elsewhere). */
export function sameOrigin(): Record<string, string> {
  return { origin: new URL(process.env.E2E_BASE_URL ?? "").origin };
}

/** Ask for a reset link for `email`, as the forgot-password page does. */
export async function requestPasswordReset(api: APIRequestContext, email: string) {
  const response = await api.post("/api/auth/request-password-reset", { data: { email }, headers: sameOrigin() });
  expect(response.status(), "password reset requested").toBe(200);
}

/**
 * The reset link mailed to `email`, read from the kept mail as an administrator reads it (the
 * outbox's JSON, which the admin dashboard shows): for journeys that need a link, not the page.
 */
export async function resetLinkFor(email: string): Promise<string> {
  return withApi(async (admin) => {
    let link: string | undefined;
    await expect
      .poll(async () => {
        const outbox = (await (await admin.get("/api/admin/outbox")).json()) as {
          mails: { to: string; text: string }[];
        };
        link = outbox.mails
          .find((mail) => mail.to === email)
          ?.text.match(/\bhttps?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
        return link;
      }, `a reset link to ${email} in the outbox`)
      .toBeTruthy();
    return link ?? "";
  }, DEMO.admin);
}

/** The widths every page is checked at: a small phone and a laptop. */
export const WIDTHS = [375, 1280] as const;
export type Width = (typeof WIDTHS)[number];

/**
 * After a resize: the window has the new width and no finite animation or transition is still
 * running (a dialog fading in, a panel sliding). Endless ones (spinners, skeletons) never end.
 * The layout itself is CSS only (no script reads the width), so nothing else needs to settle.
 */
async function settled(page: Page, width: number) {
  await page.waitForFunction(
    (w) =>
      window.innerWidth === w &&
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    width,
  );
}

/**
 * axe finds no violations, at 375 px and at 1280 px wide (or only at `widths`, for a state that
 * exists at one width alone, such as the compact menu open).
 *
 * A page without frames is checked with axe.run in the page itself ("legacy mode"): the same rules
 * and the same results, without the blank page of its own that the frame-by-frame run opens to
 * combine its parts (about half of the time of a check). A page with frames gets the frame-by-frame
 * run, which also reaches frames of another origin.
 */
export async function expectAccessible(page: Page, label = page.url(), options: { widths?: readonly Width[] } = {}) {
  const original = page.viewportSize();
  for (const width of options.widths ?? WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await settled(page, width);
    const axe = new AxeBuilder({ page });
    if (page.frames().length === 1) axe.setLegacyMode();
    const results = await axe.analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary, `${label} at ${width}px`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Pages arrive prerendered and look ready before their buttons work: every navigation of `page`
 * waits until the app has taken the page over (html[data-hydrated]), as a person would not notice.
 */
function waitsForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    let response: Awaited<ReturnType<typeof goto>> = null;
    try {
      response = await goto(url, options);
    } catch (error) {
      // The page sent the browser on at once (a guard's redirect to the landing page): follow it.
      if (!/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
      await page.waitForLoadState();
    }
    await hydrated(page);
    return response;
  };
  return page;
}

/**
 * Where `page` stood when its journey failed (its address, title and first heading, and any alert
 * on it), noted on the test as 'page at failure': the end of a CI log names the page as well as
 * the step, where the screenshot is out of reach.
 */
async function notePageAtFailure(page: Page, testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
  const text = (selector: string) =>
    page
      .locator(selector)
      .first()
      .textContent({ timeout: 1000 })
      .then((value) => (value ?? "").replace(/\s+/g, " ").trim().slice(0, 120))
      .catch(() => "");
  const title = await page.title().catch(() => "");
  const [heading, alert] = [await text("h1"), await text("[role=alert]")];
  const description = [
    page.url(),
    title && `title "${title}"`,
    heading && `h1 "${heading}"`,
    alert && `alert "${alert}"`,
  ]
    .filter(Boolean)
    .join(", ");
  testInfo.annotations.push({ type: "page at failure", description });
}

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    await use(waitsForHydration(page));
    await notePageAtFailure(page, testInfo);
  },
});
export { expect };

/**
 * A second person's page, in a browser context of its own (cookies apart from the test's page),
 * on `baseURL` (this file's own server, where it has one). Close it with `page.context().close()`.
 */
export async function anotherPage(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  return waitsForHydration(await context.newPage());
}

/**
 * A worker fixture: a LawGuide server of the file's own, on an empty DATA_DIR, for journeys whose
 * changes (settings, steered providers, uploads) the journeys of other files, running at the same
 * time, must not see. `env` adds to its configuration; `ready` runs once it listens.
 */
export function ownServer(
  name: string,
  env: Record<string, string> = {},
  options: { ready?: (url: string) => Promise<void>; timeout?: number } = {},
): [
  (args: object, use: (server: RunningServer) => Promise<void>) => Promise<void>,
  { scope: "worker"; timeout: number },
] {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `lawguide-e2e-${name}-`));
      const server = await startServer({
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_MINUTE: "5000",
        SIGNUP_LIMIT_PER_HOUR: "5000",
        ...env,
      });
      await options.ready?.(server.url);
      await use(server);
      await stopGracefully(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: options.timeout ?? 90_000 },
  ];
}

/** Open a new chat from the cases page; returns the case id. */
export async function newChat(page: Page): Promise<string> {
  await page.goto("/dashboard/cases");
  await page.getByRole("button", { name: "New Chat" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/case\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("textbox", { name: "Your message" })).toBeVisible();
  return page.url().split("/").pop() ?? "";
}

/** Type a message into the chat and send it with Enter. */
export async function sendMessage(page: Page, text: string) {
  const input = page.getByRole("textbox", { name: "Your message" });
  await input.fill(text);
  await input.press("Enter");
}

/**
 * Steer the shared fake OpenAI provider (`{ kind: "ok", tokenDelayMs }` slows its answers down),
 * or, without a mode, put it back to answering at once.
 */
export async function steerOpenAI(mode?: Record<string, unknown>) {
  const url = `${process.env.E2E_OPENAI_URL}/__control/${mode ? "mode" : "reset"}`;
  const response = await fetch(url, { method: "POST", ...(mode ? { body: JSON.stringify(mode) } : {}) });
  expect(response.ok, `the fake OpenAI provider steered: ${JSON.stringify(mode ?? "reset")}`).toBe(true);
}

/**
 * Open the dialog `name` with `opener` (a click, or Enter once it has the focus with `keyboard`),
 * wait until it shows, and check it with axe when given a `scan` label.
 */
export async function openDialog(
  page: Page,
  opener: Locator,
  name: string,
  options: { keyboard?: boolean; scan?: string } = {},
): Promise<Locator> {
  if (options.keyboard) {
    await opener.focus();
    await page.keyboard.press("Enter");
  } else {
    await opener.click();
  }
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  if (options.scan) await expectAccessible(page, options.scan);
  return dialog;
}
