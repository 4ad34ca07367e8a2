import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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

/** axe finds no violations, at 375 px and at 1280 px wide. */
export async function expectAccessible(page: Page, label = page.url()) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(100);
    const results = await new AxeBuilder({ page }).analyze();
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
