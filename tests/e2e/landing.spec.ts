import type { Page } from "@playwright/test";
import { expect, expectAccessible, openDialog, signUp, test } from "./fixtures";

const ROTATION_MS = 8000;

interface Testimonial {
  id: string;
  quote: string;
  author: string;
  context: string;
  isExample: boolean;
}

/** Used only when GET /api/testimonials does not answer 200 with at least two testimonials. */
const FIXED: Testimonial[] = [
  {
    id: "fixed-1",
    quote: "I understood what my lease said about the deposit, and what to write to my landlord.",
    author: "Maria G.",
    context: "Tenant, Ohio",
    isExample: true,
  },
  {
    id: "fixed-2",
    quote: "The questions to ask before signing my first freelance contract were exactly what I needed.",
    author: "Dev P.",
    context: "Freelance designer",
    isExample: true,
  },
  {
    id: "fixed-3",
    quote: "It told me plainly when I needed a real lawyer, and how to ask for a referral.",
    author: "Sam R.",
    context: "Small business owner",
    isExample: false,
  },
  {
    id: "fixed-4",
    quote: "Short, calm answers when I was worried about a letter from my employer.",
    author: "Lee K.",
    context: "Warehouse worker",
    isExample: true,
  },
];

/**
 * The carousel's data: the real endpoint's list when it answers 200 with two or more items;
 * otherwise a fixed list, fulfilled at the browser's network boundary.
 */
async function useTestimonials(page: Page): Promise<Testimonial[]> {
  const response = await page.request.get("/api/testimonials");
  if (response.status() === 200) {
    const body = (await response.json()) as { testimonials?: Testimonial[] };
    if (Array.isArray(body.testimonials) && body.testimonials.length >= 2) return body.testimonials;
  }
  await page.route("**/api/testimonials", (route) => route.fulfill({ json: { testimonials: FIXED } }));
  return FIXED;
}

const dot = (page: Page, n: number, of: number) =>
  page.getByRole("button", { name: `Show testimonial ${n} of ${of}`, exact: true });

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');

test.describe("landing page", () => {
  test("header links scroll to their sections", async ({ page }) => {
    await page.goto("/welcome");
    const nav = page.getByRole("navigation", { name: "Page sections" });
    for (const [label, id] of [
      ["Features", "features"],
      ["How it works", "how-it-works"],
      ["Pricing", "pricing"],
      ["Testimonials", "testimonials"],
      ["FAQ", "faq"],
    ] as const) {
      await nav.getByRole("link", { name: label }).click();
      await expect(page.locator(`#${id}-title`), label).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeFocused();
    }
  });

  test("the compact menu at 375 px opens, reaches the section links by keyboard and closes", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/welcome");
    await expect(page.getByRole("navigation", { name: "Page sections" })).toBeHidden();
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Page sections" });
    await expect(nav).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Features" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Pricing" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(nav).toBeHidden();
    await expect(page.locator("#pricing-title")).toBeInViewport();

    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test("the compact menu closes on an Escape pressed the moment it shows, before the next frame", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/welcome");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    const states = await page.evaluate(async () => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Menu");
      if (!button) throw new Error("no Menu button");
      const panel = () => document.getElementById(button.getAttribute("aria-controls") ?? "");
      const settle = async () => {
        for (let i = 0; i < 5; i += 1) await Promise.resolve();
      };
      button.focus();
      button.click();
      await settle(); // the render has run; the next frame has not
      const opened = panel()?.hidden === false;
      button.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      await settle();
      return { opened, closed: panel()?.hidden === true };
    });
    expect(states).toEqual({ opened: true, closed: true });
  });

  test("signed out: Sign In, Register Free and calls to action to /register", async ({ page }) => {
    await page.goto("/welcome");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Register Free" })).toHaveAttribute("href", "/register");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    const ctas = page.getByRole("link", { name: "Get started free" });
    await expect(ctas).toHaveCount(2);
    for (const cta of await ctas.all()) await expect(cta).toHaveAttribute("href", "/register");

    // Footer: legal links and the support e-mail, no invented address or phone number.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "System status" })).toHaveAttribute("href", "/status");
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
    // The Help centre's ways to reach us, and no live chat, which there is none of.
    await expect(footer.getByRole("link", { name: "Help centre" })).toHaveAttribute("href", "/help");
    await expect(footer.getByText(/live chat/i)).toHaveCount(0);

    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  test("signed in: a Dashboard button and calls to action to /dashboard/cases", async ({ page }) => {
    await signUp(page);
    await page.goto("/welcome");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Register Free" })).toHaveCount(0);
    const ctas = page.getByRole("link", { name: "Go to my legal chats" });
    await expect(ctas.first()).toBeVisible();
    for (const cta of await ctas.all()) await expect(cta).toHaveAttribute("href", "/dashboard/cases");

    await page.getByRole("button", { name: "View a sample conversation" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Try It Now" })).toHaveAttribute(
      "href",
      "/dashboard/cases",
    );
    await page.getByRole("dialog").getByRole("link", { name: "Try It Now" }).click();
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
  });

  test("hero tabs work by click and by arrow keys", async ({ page }) => {
    await page.goto("/welcome");
    const tablist = page.getByRole("tablist", { name: "Sample topics" });
    const tab = (name: string) => tablist.getByRole("tab", { name });
    await expect(tablist.getByRole("tab")).toHaveCount(3);

    await tab("Document Generation").click();
    await expect(tab("Document Generation")).toHaveAttribute("aria-selected", "true");
    await expect(tab("Contract Analysis")).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel", { name: "Document Generation" })).toContainText("spare room");

    await page.keyboard.press("ArrowRight");
    await expect(tab("Legal Questions")).toBeFocused();
    await expect(tab("Legal Questions")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Legal Questions" })).toContainText("security deposit");
    await page.keyboard.press("ArrowRight");
    await expect(tab("Contract Analysis")).toBeFocused();
    await expect(tab("Contract Analysis")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tab("Legal Questions")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tab("Contract Analysis")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("End");
    await expect(tab("Legal Questions")).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the tab order.
    await expect(tab("Legal Questions")).toHaveAttribute("tabindex", "0");
    await expect(tab("Contract Analysis")).toHaveAttribute("tabindex", "-1");
  });

  test("hero tabs rotate by themselves, but not under prefers-reduced-motion", async ({ page }) => {
    await page.clock.install();
    await page.goto("/welcome");
    const first = page.getByRole("tab", { name: "Contract Analysis" });
    const second = page.getByRole("tab", { name: "Document Generation" });
    await expect(first).toHaveAttribute("aria-selected", "true");
    await page.clock.fastForward(8000);
    await expect(second).toHaveAttribute("aria-selected", "true");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await page.clock.fastForward(20_000);
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: /^Pause/ })).toHaveCount(0);
  });

  test("carousel: dots choose a testimonial and mark the current one", async ({ page }) => {
    const items = await useTestimonials(page);
    const n = items.length;
    const slide = (k: number) => carousel(page).getByRole("group", { name: `${k} of ${n}`, exact: true });
    await page.goto("/welcome");
    await expect(dot(page, 1, n)).toHaveAttribute("aria-current", "true");
    await expect(slide(1)).toContainText(items[0]?.quote ?? "");
    await dot(page, 2, n).click();
    await expect(dot(page, 2, n)).toHaveAttribute("aria-current", "true");
    await expect(dot(page, 1, n)).not.toHaveAttribute("aria-current");
    await expect(slide(2)).toContainText(items[1]?.quote ?? "");
    await expect(slide(1)).toBeHidden();
    await dot(page, n, n).click();
    await expect(slide(n)).toContainText(items[n - 1]?.quote ?? "");
    if (items === FIXED) {
      // Illustrative examples say so; the third fixed testimonial is not one.
      await expect(slide(n).getByText("Illustrative example")).toBeVisible();
      await dot(page, 3, n).click();
      await expect(slide(3)).toContainText(items[2]?.quote ?? "");
      await expect(slide(3).getByText("Illustrative example")).toHaveCount(0);
    }
  });

  test("carousel advances every 8 seconds and holds still while hovered", async ({ page }) => {
    const items = await useTestimonials(page);
    const n = items.length;
    await page.clock.install();
    await page.goto("/welcome");
    await expect(dot(page, 1, n)).toHaveAttribute("aria-current", "true");
    await page.clock.fastForward(ROTATION_MS);
    await expect(dot(page, 2, n)).toHaveAttribute("aria-current", "true");

    await carousel(page).hover();
    await page.clock.fastForward(ROTATION_MS * 2);
    await expect(dot(page, 2, n)).toHaveAttribute("aria-current", "true");

    await page.mouse.move(0, 0);
    await page.clock.fastForward(ROTATION_MS);
    await expect(dot(page, n > 2 ? 3 : 1, n)).toHaveAttribute("aria-current", "true");
  });

  test("carousel does not advance under prefers-reduced-motion", async ({ page }) => {
    const items = await useTestimonials(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/welcome");
    await expect(dot(page, 1, items.length)).toHaveAttribute("aria-current", "true");
    await page.clock.fastForward(ROTATION_MS * 3);
    await expect(dot(page, 1, items.length)).toHaveAttribute("aria-current", "true");
  });

  test("shows no testimonial list when the endpoint fails", async ({ page }) => {
    await page.route("**/api/testimonials", (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto("/welcome");
    await expect(page.getByRole("heading", { name: "Testimonials" })).toBeVisible();
    await expect(carousel(page)).toHaveCount(0);
  });

  test("'See How It Works' opens and closes by keyboard, focus returns", async ({ page }) => {
    await page.goto("/welcome");
    const opener = page.getByRole("button", { name: "See How It Works" });
    const dialog = await openDialog(page, opener, "How LawGuide works", { keyboard: true });
    await expect(dialog.getByText("Example preview")).toHaveCount(2);
    await expect(dialog.getByRole("link", { name: "Get started" })).toHaveAttribute("href", "/register");
    // Focus is trapped inside.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectAccessible(page, "how it works modal");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the demo modal opens and closes by keyboard, with Try It Now", async ({ page }) => {
    await page.goto("/welcome");
    const opener = page.getByRole("button", { name: "View a sample conversation" });
    const dialog = await openDialog(page, opener, "Sample conversation", { keyboard: true });
    await expect(dialog.getByText("Legal information, not legal advice.").first()).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Try It Now" })).toHaveAttribute("href", "/register");
    await expectAccessible(page, "demo modal");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The Close button works too.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect(dialog).toBeHidden();
  });

  test("the FAQ answers open and close", async ({ page }) => {
    await page.goto("/welcome");
    const faq = page.locator("#faq");
    await expect(faq.getByRole("button")).toHaveCount(5);
    const question = faq.getByRole("button", { name: /Is LawGuide a law firm/ });
    await expect(question).toHaveAttribute("aria-expanded", "false");
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByText(/does not create an attorney-client relationship/)).toBeVisible();
    await question.press("Enter");
    await expect(question).toHaveAttribute("aria-expanded", "false");
  });

  test("pricing comes from the plan catalogue", async ({ page }) => {
    await page.goto("/welcome");
    const pricing = page.locator("#pricing");
    await expect(pricing.getByText("$0", { exact: true })).toBeVisible();
    await expect(pricing.getByText("$29.99", { exact: true })).toBeVisible();
    await expect(pricing.getByText("per month", { exact: true })).toBeVisible();
    await expect(pricing.getByText("7-day free trial", { exact: true })).toBeVisible();
  });

  test("is accessible at 375 and 1280 px, with testimonials", async ({ page }) => {
    await useTestimonials(page);
    await page.goto("/welcome");
    await expect(page.getByRole("button", { name: /Show testimonial 1 of/ })).toBeVisible();
    await expectAccessible(page, "welcome");
  });

  test("is accessible with the compact menu open", async ({ page }) => {
    await useTestimonials(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/welcome");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Page sections" })).toBeVisible();
    // The menu and its button are for narrow screens only: from 768 px the page is the one above.
    await expectAccessible(page, "welcome with the menu open", { widths: [375] });
  });
});

test.describe("legal pages", () => {
  for (const [path, title] of [
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ] as const) {
    test(`${path} has a date, a table of contents and a way home, and is accessible`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · LawGuide`);
      await expect(page.getByText("Last updated: November 22, 2026")).toBeVisible();
      const toc = page.getByRole("navigation", { name: "On this page" });
      const links = toc.getByRole("link");
      expect(await links.count()).toBeGreaterThanOrEqual(10);
      const last = links.last();
      const target = (await last.getAttribute("href")) ?? "";
      await last.click();
      await expect(page.locator(`${target}-title`)).toBeInViewport();
      await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/welcome");
      await expectAccessible(page, path);
    });
  }
});
