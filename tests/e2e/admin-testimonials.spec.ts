import type { Page } from "@playwright/test";
import type { RunningServer } from "../factories/server-process";
import { anotherPage, test as base, DEMO, expect, expectAccessible, ownServer, signIn } from "./fixtures";

/**
 * The landing page's testimonials, kept by administrators. These journeys change what every
 * visitor's landing page shows, so they run on a server of their own (the landing journeys,
 * running at the same time, count the seeded ones).
 */
const test = base.extend<object, { ownServer: RunningServer }>({
  ownServer: ownServer("testimonials"),
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

const QUOTE = "LawGuide showed me what my lease said about the deposit, and the letter I wrote got it back.";
const AUTHOR = "Maria, a tenant in Ohio";

async function openTestimonials(page: Page) {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Testimonials" }).click();
  await expect(page.getByRole("heading", { name: "Testimonials", level: 1 })).toBeVisible();
}

/** The authors of the testimonials a visitor's landing page is given, in order. */
async function publicAuthors(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/testimonials");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { testimonials: { author: string }[] }).testimonials.map((t) => t.author);
}

test.describe("admin: testimonials", () => {
  test("add a member's words, checked before sending; move it by keyboard; hide it; delete it: the landing page follows", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openTestimonials(page);
    const items = page.getByRole("main").getByRole("listitem");
    await expect(items).toHaveCount(4);
    await expect(page.getByText("4 of 20 testimonials, 4 shown on the landing page.")).toBeVisible();
    // The seeded ones are illustrative examples, and say so.
    await expect(items.first().getByText("Illustrative example", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Move up: / }).first()).toBeDisabled();
    await expectAccessible(page, "testimonials");

    // Checked before sending: the words and who they are from are required.
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const add = page.getByRole("dialog", { name: "Add Testimonial" });
    await add.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(add.getByText("Please enter the testimonial's words.")).toBeVisible();
    await expect(add.getByText("Please say who it is from, for example 'A tenant in Ohio'.")).toBeVisible();
    await expect(add.getByRole("textbox", { name: "Testimonial" })).toBeFocused();
    await expectAccessible(page, "testimonials: add");
    await add.getByRole("textbox", { name: "Testimonial" }).fill(QUOTE);
    await add.getByLabel("From").fill(AUTHOR);
    await add.getByLabel("About").fill("Security deposit");
    await add.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText(`The testimonial from ${AUTHOR} was added to the landing page.`).first()).toBeVisible();
    await expect(items).toHaveCount(5);
    await expect(items.last()).toContainText(QUOTE);
    await expect(items.last().getByText("Illustrative example", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Move down: testimonial from ${AUTHOR}` })).toBeDisabled();

    // Moved up by keyboard: the focus stays on the button, which moved with it.
    const up = page.getByRole("button", { name: `Move up: testimonial from ${AUTHOR}` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Moved to position 4 of 5.")).toBeAttached();
    await expect(items.nth(3)).toContainText(QUOTE);
    await expect(up).toBeFocused();
    expect((await publicAuthors(page))[3]).toBe(AUTHOR);

    // A visitor's landing page shows it, in its place, not marked as an example.
    const visitor = await anotherPage(browser, baseURL);
    await visitor.goto("/welcome");
    await visitor.getByRole("button", { name: "Show testimonial 4 of 5", exact: true }).click();
    const slide = visitor.getByRole("group", { name: "4 of 5" });
    await expect(slide).toContainText(QUOTE);
    await expect(slide).toContainText(AUTHOR);
    await expect(slide.getByText("Illustrative example", { exact: true })).toHaveCount(0);
    await visitor.context().close();

    // Hidden: kept here, gone from the landing page.
    await page.getByRole("button", { name: `Edit testimonial from ${AUTHOR}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Testimonial" });
    await expect(edit.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await edit.getByLabel("Show on the landing page").uncheck();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(items.nth(3).getByText("Hidden")).toBeVisible();
    await expect(page.getByText("5 of 20 testimonials, 4 shown on the landing page.")).toBeVisible();
    expect(await publicAuthors(page)).not.toContain(AUTHOR);

    // Deleted, after a question.
    await page.getByRole("button", { name: `Delete testimonial from ${AUTHOR}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete testimonial?" });
    await confirm.getByRole("button", { name: "Delete Testimonial" }).click();
    await expect(page.getByText(`The testimonial from ${AUTHOR} was deleted.`).first()).toBeVisible();
    await expect(items).toHaveCount(4);
    await expect(page.getByText(QUOTE)).toHaveCount(0);
  });
});
