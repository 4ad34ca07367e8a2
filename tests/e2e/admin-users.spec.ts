import type { Page } from "@playwright/test";
import { anotherPage, DEMO, expect, expectAccessible, signIn, signInByApi, test, withApi } from "./fixtures";

async function openUsers(page: Page) {
  await signInByApi(page);
  await page.goto("/admin/dashboard?section=users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
}

/** A new person's details; names take letters only, so the run's stamp is spelled in letters. */
function newPerson(prefix: string) {
  const stamp = Date.now();
  const name = `Morgan Reyes${String(stamp)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "")}`;
  const [firstName, lastName] = name.split(" ") as [string, string];
  return { name, firstName, lastName, email: `${prefix}-${stamp}@example.com`, password: "a-strong-password" };
}

/** Every account with `email` removed through the API, as the administrator. */
function removeUsers(email: string) {
  return withApi(async (admin) => {
    const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(found.status(), "users searched").toBe(200);
    for (const { id } of ((await found.json()) as { users: { id: string }[] }).users) {
      await admin.delete(`/api/admin/users/${id}`);
    }
  }, DEMO.admin);
}

/**
 * A user the administrator made through the API (a Paralegal on the Free plan), for journeys about
 * what is done to an account, not about adding one; removed after `run` if it is still there.
 */
async function withUser(run: (person: ReturnType<typeof newPerson>) => Promise<void>) {
  const person = newPerson("user");
  const { name: _name, ...fields } = person;
  await withApi(async (admin) => {
    const created = await admin.post("/api/admin/users", {
      data: { ...fields, phone: "+1 555 123 4567", profession: "Paralegal" },
    });
    expect(created.status(), "user added").toBe(201);
  }, DEMO.admin);
  try {
    await run(person);
  } finally {
    await removeUsers(person.email);
  }
}

/** The table's row of the user with `email`, found with the search. */
async function rowOf(page: Page, email: string) {
  await page.getByPlaceholder("Search users by name or email...").fill(email);
  const row = page.getByRole("table").getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  return row;
}

test.describe("admin: users", () => {
  test("the section: totals, the table, no delete on the administrator's own row; the filter and the search", async ({
    page,
  }) => {
    await openUsers(page);
    const tiles = page.getByRole("list", { name: "User totals" });
    for (const label of ["Total", "Active", "Premium", "Admin Users"]) {
      await expect(tiles.getByText(label, { exact: true })).toBeVisible();
    }
    const table = page.getByRole("table");
    for (const column of ["User", "Contact", "Status", "Cases", "Actions"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    // The administrator's own row: no delete.
    const ownRow = table.getByRole("row").filter({ hasText: DEMO.admin.email });
    await expect(ownRow.getByRole("button", { name: /^Edit user/ })).toBeVisible();
    await expect(ownRow.getByRole("button", { name: /^Delete user/ })).toHaveCount(0);
    await expectAccessible(page, "users section");

    // The filter and the search.
    const filter = page.getByLabel("Filter users");
    await expect(filter.locator("option")).toHaveText(["All Users", "Active Users", "Premium Users", "Free Users"]);
    await filter.selectOption({ label: "Premium Users" });
    await expect(table.getByRole("row").filter({ hasText: DEMO.premium.email })).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: DEMO.free.email })).toHaveCount(0);
    await filter.selectOption({ label: "All Users" });
    const search = page.getByPlaceholder("Search users by name or email...");
    await search.fill("DEMO@EXAMPLE");
    await expect(table.getByRole("row").filter({ hasText: DEMO.free.email })).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: DEMO.premium.email })).toHaveCount(0);
    await search.fill("");
    await expect(table.getByRole("row").filter({ hasText: DEMO.premium.email })).toBeVisible();
  });

  test("add a user: the required fields are checked, a taken address is refused, then the account is at the top", async ({
    page,
  }) => {
    const { name, firstName, lastName, email, password } = newPerson("new-user");
    try {
      await openUsers(page);
      const table = page.getByRole("table");
      await page.getByRole("button", { name: "Add User" }).click();
      const add = page.getByRole("dialog", { name: "Add New User" });
      for (const label of ["First Name", "Last Name", "Email", "Password", "Phone", "Profession", "Admin Access"]) {
        await expect(add.getByLabel(label, { exact: true })).toBeVisible();
      }
      await add.getByRole("button", { name: "Create User" }).click();
      await expect(add.getByText("Please enter a valid email address")).toBeVisible();
      await expect(add.getByText("Please enter a password for the new user.")).toBeVisible();
      await expect(add.getByLabel("Email", { exact: true })).toBeFocused();
      await expectAccessible(page, "add user modal with errors");
      await add.getByLabel("First Name").fill(firstName);
      await add.getByLabel("Last Name").fill(lastName);
      await add.getByLabel("Email", { exact: true }).fill(DEMO.free.email);
      await add.getByLabel("Password", { exact: true }).fill(password);
      await add.getByLabel("Phone").fill("+1 555 123 4567");
      await add.getByLabel("Profession").fill("Paralegal");
      await add.getByRole("button", { name: "Create User" }).click();
      await expect(add.getByRole("alert")).toContainText("An account with this email already exists.");
      await add.getByLabel("Email", { exact: true }).fill(email);
      await add.getByRole("button", { name: "Create User" }).click();
      await expect(add).toBeHidden();
      await expect(page.getByText(`${name} was added.`, { exact: true })).toBeVisible();
      const firstRow = table.getByRole("row").nth(1);
      await expect(firstRow).toContainText(name);
      await expect(firstRow).toContainText(email);
      await expect(firstRow).toContainText("Paralegal");
      await expect(firstRow).toContainText("Free");
      await expect(firstRow.getByText("Admin", { exact: true })).toHaveCount(0);
    } finally {
      // The account is removed after, so that the list is as it was.
      await removeUsers(email);
    }
  });

  test("edit a user: the subscription is shown, Admin Access is given, and the new administrator signs in", async ({
    page,
    browser,
  }) => {
    await withUser(async ({ name, email, password }) => {
      await openUsers(page);
      const row = await rowOf(page, email);
      await expect(row.getByText("Admin", { exact: true })).toHaveCount(0);
      await row.getByRole("button", { name: `Edit user: ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit User" });
      for (const label of ["First Name", "Last Name", "Email", "Phone", "Profession", "Admin Access"]) {
        await expect(edit.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(edit.getByLabel("Password")).toHaveCount(0);
      await expect(edit.getByRole("heading", { name: "Subscription" })).toBeVisible();
      await expect(edit.getByText("No subscription: this member is on the Free plan.")).toBeVisible();
      await expectAccessible(page, "edit user modal");
      await edit.getByLabel("Admin Access").check();
      await edit.getByLabel("Profession").fill("Office manager");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit).toBeHidden();
      await expect(row.getByText("Admin", { exact: true })).toBeVisible();
      await expect(row).toContainText("Office manager");

      // The new administrator signs in and lands on the admin dashboard.
      const other = await anotherPage(browser);
      try {
        await signIn(other, email, password);
        await expect(other).toHaveURL(/\/admin\/dashboard/);
        await expect(other.getByText("Admin Dashboard", { exact: true })).toBeVisible();
        await expect(other.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
        await expect(other.getByRole("banner").getByText(name, { exact: true })).toBeVisible();
      } finally {
        await other.context().close();
      }
    });
  });

  test("delete a user, with the spec's confirmation", async ({ page }) => {
    await withUser(async ({ name, email }) => {
      await openUsers(page);
      const row = await rowOf(page, email);
      await row.getByRole("button", { name: `Delete user: ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete user" });
      await expect(
        confirm.getByText("Are you sure you want to delete this user? This action cannot be undone."),
      ).toBeVisible();
      await expectAccessible(page, "delete user confirmation");
      await confirm.getByRole("button", { name: "Delete user" }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`${name} was deleted.`, { exact: true })).toBeVisible();
      await expect(page.getByRole("table").getByRole("row").filter({ hasText: email })).toHaveCount(0);
    });
  });

  test("reads well at 375 px: the users as cards, with their actions", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openUsers(page);
    const cards = page.getByRole("list", { name: "Users", exact: true });
    const mine = cards.getByRole("article", { name: "Admin User" });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole("button", { name: "Edit user: Admin User" })).toBeVisible();
    await expect(mine.getByRole("button", { name: /^Delete user/ })).toHaveCount(0);
    await mine.getByRole("button", { name: "Edit user: Admin User" }).click();
    const edit = page.getByRole("dialog", { name: "Edit User" });
    // No 'Admin Access' on the administrator's own row.
    await expect(edit.getByLabel("Admin Access")).toHaveCount(0);
    await expectAccessible(page, "edit own user at 375", { widths: [375] });
  });
});
