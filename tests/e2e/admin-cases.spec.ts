import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, memberWithCase, signInByApi, test, withApi } from "./fixtures";

/** The administrator (signed in through the API) on the Cases section, searching for `title`. */
async function findCase(page: Page, title: string) {
  await signInByApi(page);
  await page.goto("/admin/dashboard?section=cases");
  await expect(page.getByRole("heading", { name: "Cases", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search cases" }).fill(title.toUpperCase());
  return page.getByRole("region", { name: "Cases table" }).getByRole("row").filter({ hasText: title });
}

/** An active attorney added to the directory through the API: their id and name. */
function directoryAttorney(): Promise<{ id: string; name: string }> {
  const name = `Jane Counsel ${Date.now()}`;
  return withApi(async (admin) => {
    const added = await admin.post("/api/admin/attorneys", {
      data: { name, email: `jane-${Date.now()}@counsel.example` },
    });
    expect(added.status(), "attorney added").toBe(201);
    return { id: ((await added.json()) as { attorney: { id: string } }).attorney.id, name };
  }, DEMO.admin);
}

test.describe("admin: cases", () => {
  test("search a member's case, view it, set its complexity and value, assign an attorney", async ({ page }) => {
    const title = `Security deposit kept ${Date.now()}`;
    const { member, caseId } = await withApi((api) =>
      memberWithCase(api, { titled: title, description: "My landlord kept my whole deposit after I moved out." }),
    );

    // The administrator finds it by its title and opens it.
    const row = await findCase(page, title);
    const tiles = page.getByRole("list", { name: "Case totals" });
    for (const tile of ["Active", "Referred", "Archived", "Complex"]) await expect(tiles).toContainText(tile);
    const table = page.getByRole("region", { name: "Cases table" });
    await expect(table).toBeVisible();
    await expect(row).toHaveCount(1);
    await expect(table.getByRole("row")).toHaveCount(2); // the header and the one case
    await expect(row).toContainText(member.email);
    await expect(row).toContainText("Active");
    await expectAccessible(page, "admin cases");
    await page.getByLabel("Filter by status").selectOption("archived");
    await expect(page.getByText("No cases match")).toBeVisible();
    await page.getByLabel("Filter by status").selectOption("active");
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `View Case: ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Case ID: ${caseId}`)).toBeVisible();
    await expect(dialog.getByText("Uncategorized")).toBeVisible();
    await expect(dialog.getByText("Not estimated")).toBeVisible();
    await expect(dialog.getByText("No messages in this case")).toBeVisible();
    await expectAccessible(page, "admin case modal");

    // Complexity and value, then the attorney: the case is referred once the server confirms.
    await dialog.getByLabel("Complexity").selectOption("moderate");
    await expect(dialog.getByRole("definition").filter({ hasText: "Moderate" })).toBeVisible();
    await dialog.getByLabel("Estimated value (dollars)").fill("2500.50");
    await dialog.getByRole("button", { name: "Save Value" }).click();
    await expect(dialog.getByText("$2,500.50")).toBeVisible();
    // Only an attorney of the directory can be assigned: a name outside it leaves Assign disabled.
    await dialog.getByPlaceholder("Enter attorney name").fill("Somebody Notinthedirectory");
    await expect(dialog.getByText(/No active attorney in the directory matches this name/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Assign Attorney" })).toBeDisabled();
    const { name: attorney } = await directoryAttorney();
    await dialog.getByPlaceholder("Enter attorney name").fill(attorney);
    await dialog.getByRole("button", { name: new RegExp(attorney) }).click();
    await dialog.getByRole("button", { name: "Assign Attorney" }).click();
    await expect(dialog.getByLabel("Status")).toHaveValue("referred");
    await expect(dialog.getByRole("definition").filter({ hasText: attorney })).toBeVisible();
    await expectAccessible(page, "admin case modal (assigned)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The list was filtered on Active: the referred case has left it.
    await page.getByLabel("Filter by status").selectOption("referred");
    await expect(row).toContainText("Referred");
    await expect(row).toContainText(attorney);
  });

  test("the member sees the attorney an administrator assigned, in the chat and in the list", async ({ page }) => {
    const title = `Attorney assigned ${Date.now()}`;
    const { caseId } = await memberWithCase(page, { titled: title });
    const { id: attorneyId, name: attorney } = await directoryAttorney();
    await withApi(async (admin) => {
      const assigned = await admin.patch(`/api/admin/cases/${caseId}`, { data: { attorneyId } });
      expect(assigned.status(), "attorney assigned").toBe(200);
    }, DEMO.admin);

    await page.goto(`/dashboard/case/${caseId}`);
    await expect(page.getByText("Referred to attorney")).toBeVisible();
    await expect(page.getByText(`Assigned attorney: ${attorney}`)).toBeVisible();
    await page.goto("/dashboard/cases");
    const card = page.getByRole("article", { name: title });
    await expect(card).toContainText("Referred");
    await expect(card).toContainText(attorney);
  });

  test("the status toggle says what it does: archives an active case and makes it active again", async ({ page }) => {
    const title = `Toggle me ${Date.now()}`;
    await withApi((api) => memberWithCase(api, { titled: title }));
    const row = await findCase(page, title);
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: `Set to Archived: ${title}` }).click();
    await expect(row).toContainText("Archived");
    await row.getByRole("button", { name: `Set to Active: ${title}` }).click();
    await expect(row).toContainText("Active");
    await expect(row.getByRole("button", { name: `Set to Archived: ${title}` })).toBeVisible();
  });
});
