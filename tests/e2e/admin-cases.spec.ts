import { DEMO, expect, expectAccessible, register, sameOrigin, signIn, test } from "./fixtures";

test.describe("admin: cases", () => {
  test("search a member's case, view it, assign an attorney; the member sees it in their chat and list", async ({
    page,
  }) => {
    // A member with a case of their own.
    const member = await register(page);
    const title = `Security deposit kept ${Date.now()}`;
    const created = await page.request.post("/api/cases", {
      data: { title, description: "My landlord kept my whole deposit after I moved out." },
      headers: sameOrigin(),
    });
    expect(created.status()).toBe(201);
    const caseId = ((await created.json()) as { case: { id: string } }).case.id;
    await page.context().clearCookies();

    // The administrator finds it by its title and opens it.
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.goto("/admin/dashboard?section=cases");
    await expect(page.getByRole("heading", { name: "Cases", level: 1 })).toBeVisible();
    const tiles = page.getByRole("list", { name: "Case totals" });
    for (const tile of ["Active", "Referred", "Archived", "Complex"]) await expect(tiles).toContainText(tile);
    await expect(page.getByRole("region", { name: "Cases table" })).toBeVisible();
    await expectAccessible(page, "admin cases");

    await page.getByRole("searchbox", { name: "Search cases" }).fill(title.toUpperCase());
    const table = page.getByRole("region", { name: "Cases table" });
    const row = table.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(table.getByRole("row")).toHaveCount(2); // the header and the one case
    await expect(row).toContainText(member.email);
    await expect(row).toContainText("Active");
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
    const attorney = `Jane Counsel ${Date.now()}`;
    await dialog.getByPlaceholder("Enter attorney name").fill(attorney);
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

    // The member sees the new status and the attorney in the chat and in the list.
    await page.context().clearCookies();
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto(`/dashboard/case/${caseId}`);
    await expect(page.getByText("Referred to attorney")).toBeVisible();
    await expect(page.getByText(`Assigned attorney: ${attorney}`)).toBeVisible();
    await page.goto("/dashboard/cases");
    const card = page.getByRole("article", { name: title });
    await expect(card).toContainText("Referred");
    await expect(card).toContainText(attorney);
  });

  test("Toggle Status archives an active case and makes it active again", async ({ page }) => {
    await register(page);
    const title = `Toggle me ${Date.now()}`;
    const created = await page.request.post("/api/cases", { data: { title }, headers: sameOrigin() });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.goto("/admin/dashboard?section=cases");
    await page.getByRole("searchbox", { name: "Search cases" }).fill(title);
    const row = page.getByRole("region", { name: "Cases table" }).getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: `Toggle Status: ${title}` }).click();
    await expect(row).toContainText("Archived");
    await row.getByRole("button", { name: `Toggle Status: ${title}` }).click();
    await expect(row).toContainText("Active");
  });
});
