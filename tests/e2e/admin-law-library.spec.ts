import { DEMO, expect, expectAccessible, signIn, test } from "./fixtures";

/**
 * The administrators' law library. It edits a fact no other journey reads (Wyoming's time limit
 * to sue on a written contract), so it shares the journeys' server.
 */
test.describe("admin: law library", () => {
  test("lists the facts with their sources, filters a state, corrects a fact and marks it checked", async ({
    page,
  }) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Law Library" }).click();
    await expect(page.getByRole("heading", { name: "Law library", level: 1 })).toBeVisible();
    await expect(page.getByText(/^357 facts · \d+ not verified · \d+ due for a check/)).toBeVisible();
    await expect(page.getByText("Showing 1–25 of 357 facts")).toBeVisible();
    await expectAccessible(page, "law library");

    await page.getByLabel("State").selectOption("WY");
    await expect(page.getByText("Showing 1–7 of 7 facts")).toBeVisible();
    await page.getByRole("button", { name: "Review: Wyoming, Time limit to sue on a written contract" }).click();
    const dialog = page.getByRole("dialog", { name: "Wyoming · Time limit to sue on a written contract" });
    await expect(dialog.getByText("Wyo. Stat.")).toBeVisible();
    await expectAccessible(page, "law library: a fact");

    // Corrected without reading the source today: saved, and shown as not verified.
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Notes").fill("Checked the current code on the legislature's site.");
    await dialog.getByLabel("Number").fill("10");
    await expectAccessible(page, "law library: editing a fact");
    await dialog.getByRole("button", { name: "Save Fact" }).click();
    await expect(page.getByText("Wyoming · Time limit to sue on a written contract: saved.").first()).toBeVisible();
    await expect(dialog.getByText("Not verified")).toBeVisible();
    await expect(dialog.getByText("Checked the current code on the legislature's site.")).toBeVisible();

    // Marked checked today, by the administrator.
    await dialog.getByRole("button", { name: "Mark Checked Today" }).click();
    await expect(dialog.getByText(new RegExp(`by .*${DEMO.admin.email}`))).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    const row = page.getByRole("row", { name: /Time limit to sue on a written contract/ });
    await expect(row.getByText("Edited")).toBeVisible();
  });
});
