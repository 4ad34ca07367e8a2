import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page, request } from "@playwright/test";

let counter = 0;

export interface Member {
  email: string;
  password: string;
  firstName: string;
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

/** Register through the form; lands in the dashboard. */
export async function register(page: Page, member: Member = newMember()): Promise<Member> {
  await page.goto("/register");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("First name").fill(member.firstName);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm password").fill(member.password);
  await page.getByLabel(/I agree to the Terms of Service/).check();
  await page.getByLabel(/legal information, not legal advice/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return member;
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
  const admin = await request.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: sameOrigin() });
  try {
    const signedIn = await admin.post("/api/auth/sign-in/email", {
      data: { email: DEMO.admin.email, password: DEMO.admin.password },
    });
    expect(signedIn.status(), "administrator signed in").toBe(200);
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
  } finally {
    await admin.dispose();
  }
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
 * Pages arrive prerendered and look ready before their buttons work: every navigation waits until
 * the app has taken the page over (html[data-hydrated]), as a person would not notice.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
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
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });
      return response;
    };
    await use(page);
  },
});
export { expect };
