import type { Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, register, signIn, test } from "./fixtures";

/** A member's new chat about a deposit (category 'Housing & Tenancy'), referred to an attorney. */
async function memberRefersCase(page: Page): Promise<string> {
  await page.goto("/dashboard/cases");
  await page.getByRole("button", { name: "New Chat" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/case\/[0-9a-f-]{36}$/);
  const input = page.getByRole("textbox", { name: "Your message" });
  await input.fill("My landlord kept my security deposit. What can I do?");
  await input.press("Enter");
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Refer to Attorney" }).click();
  await page
    .getByRole("dialog", { name: "Refer to an attorney" })
    .getByRole("button", { name: "Request Referral" })
    .click();
  await expect(page.getByText("Referred to attorney")).toBeVisible();
  return page.url();
}

async function openAttorneys(page: Page) {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto("/admin/dashboard?section=attorneys");
  await expect(page.getByRole("heading", { name: "Attorneys", level: 1 })).toBeVisible();
}

test.describe("admin: attorneys and referrals", () => {
  test("add an attorney, edit them, assign a member's pending referral; the member sees the attorney", async ({
    page,
    browser,
  }) => {
    // Two people's journeys in one test (member, administrator, member again): on a loaded 2-core
    // machine, with the uploads journeys reading files beside it, it has run past the default 45 s.
    test.slow();
    // A member asks for a referral from their case chat.
    const member = await register(page);
    const caseUrl = await memberRefersCase(page);

    const name = `Dana Whitfield ${Date.now()}`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await openAttorneys(admin);

      // The queue: the member's referral, pending.
      const referrals = admin.getByRole("tabpanel", { name: "Referrals" });
      const card = referrals.getByRole("listitem").filter({ hasText: member.email });
      await expect(card).toBeVisible();
      await expect(card.getByText("Pending", { exact: true })).toBeVisible();
      await expect(card.getByText(/Housing & Tenancy/)).toBeVisible();
      await expectAccessible(admin, "attorneys: referrals");

      // The directory: add an attorney, checked before sending.
      await admin.getByRole("tab", { name: "Attorney directory" }).click();
      const directory = admin.getByRole("tabpanel", { name: "Attorney directory" });
      await expect(directory.getByRole("heading", { name: "Attorney directory" })).toBeVisible();
      await expectAccessible(admin, "attorneys: directory");
      await directory.getByRole("button", { name: "Add Attorney" }).click();
      const add = admin.getByRole("dialog", { name: "Add Attorney" });
      await add.getByLabel("Name").fill(name);
      await add.getByLabel("Email").fill("not-an-email");
      await add.getByLabel("Rating (0 to 5)").fill("7");
      await add.getByRole("button", { name: "Add Attorney" }).click();
      await expect(add.getByText("Please enter a valid e-mail address, for example name@firm.com.")).toBeVisible();
      await expect(add.getByText("The rating is a number from 0 to 5.")).toBeVisible();
      await expect(add.getByLabel("Email")).toBeFocused();
      await expectAccessible(admin, "attorneys: add modal with errors");
      await add.getByLabel("Email").fill(`dana-${Date.now()}@whitfield-law.example`);
      await add.getByLabel("Phone").fill("+1 512 555 0100");
      await add.getByLabel("Firm").fill("Whitfield Tenant Law");
      await add.getByLabel("Location").fill("Austin, TX");
      await add.getByLabel("Specialties").fill("Housing, Contracts");
      await add.getByLabel("Case types").fill("Security deposits, Evictions");
      await add.getByLabel("Rating (0 to 5)").fill("4.7");
      await add.getByLabel("Experience (years)").fill("9");
      await add.getByLabel("Hourly rate ($)").fill("225");
      await add.getByLabel("Bio").fill("Represents tenants in deposit and eviction disputes.");
      await add.getByRole("button", { name: "Add Attorney" }).click();
      await expect(add).toBeHidden();
      await expect(admin.getByText(`${name} was added to the directory.`).first()).toBeVisible();

      // Found by a specialty, case-insensitively.
      await directory.getByRole("searchbox", { name: "Search attorneys" }).fill("CONTRACTS");
      await expect(directory.getByText("Showing 1–1 of 1 attorney")).toBeVisible();
      await expect(directory.getByRole("cell", { name: new RegExp(`^${name}`) })).toBeVisible();

      // Edit.
      await directory.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = admin.getByRole("dialog", { name: "Edit Attorney" });
      await expect(edit.getByLabel("Firm")).toHaveValue("Whitfield Tenant Law");
      await expect(edit.getByRole("button", { name: "Save Changes" })).toBeDisabled();
      await expectAccessible(admin, "attorneys: edit modal");
      await edit.getByLabel("Firm").fill("Whitfield & Ortiz");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit).toBeHidden();
      await expect(directory.getByText("Whitfield & Ortiz", { exact: true })).toBeVisible();

      // The delete confirmation (cancelled here).
      await directory.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = admin.getByRole("dialog", { name: "Delete attorney?" });
      await expect(confirm.getByText(/This action cannot be undone/)).toBeVisible();
      await expectAccessible(admin, "attorneys: delete confirmation");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();

      // Assign the pending referral to the new attorney, offered for the case's category.
      await admin.getByRole("tab", { name: "Referrals" }).click();
      await card.getByRole("button", { name: /Assign an attorney to/ }).click();
      const assign = admin.getByRole("dialog", { name: "Assign an attorney" });
      await expect(assign.getByLabel("Only attorneys for Housing & Tenancy")).toBeChecked();
      await expect(assign.getByRole("radio", { name: new RegExp(name) })).toBeVisible();
      await expectAccessible(admin, "attorneys: assign modal");
      await assign.getByRole("radio", { name: new RegExp(name) }).check();
      await assign.getByRole("button", { name: `Assign ${name}` }).click();
      const done = admin.getByRole("dialog", { name: "Attorney assigned" });
      await expect(done.getByText(`${name} now has this referral.`)).toBeVisible();
      await expect(done.getByText(`Jordan was told by e-mail (${member.email}).`)).toBeVisible();
      await expectAccessible(admin, "attorneys: assignment result");
      await done.getByRole("button", { name: "Done" }).click();
      await expect(card.getByText("Assigned", { exact: true })).toBeVisible();
      await expect(card.getByText(`${name}, Whitfield & Ortiz`)).toBeVisible();
    } finally {
      await adminContext.close();
    }

    // The member sees the attorney in their case.
    await page.goto(caseUrl);
    await expect(page.getByText("Referred to attorney")).toBeVisible();
    await expect(page.getByText(new RegExp(name))).toBeVisible();
  });
});
