import type { Page } from "@playwright/test";
import {
  type Api,
  apiOf,
  DEMO,
  expect,
  expectAccessible,
  memberWithCase,
  sameOrigin,
  signInByApi,
  test,
  withApi,
} from "./fixtures";

/**
 * The directory of attorneys and the referral queue. A member asking for a referral from a case's
 * chat is a journey of chat.spec.ts: here the member's referral is made through the API.
 */

/**
 * A new member (signed up on `target`) whose case about a deposit (category 'Housing & Tenancy') is
 * referred to an attorney.
 */
async function memberWithReferredCase(target: Api) {
  const { member, caseId } = await memberWithCase(target, {
    asking: "My landlord kept my security deposit. What can I do?",
  });
  const referred = await apiOf(target).post(`/api/cases/${caseId}/referral`, { headers: sameOrigin() });
  expect(referred.status(), "referral requested").toBe(201);
  const { referral } = (await referred.json()) as { referral: { id: string } };
  return { member, caseId, referralId: referral.id };
}

/** An attorney for housing cases added to the directory through the API; answers their name. */
function housingAttorney(firm: string): Promise<{ id: string; name: string }> {
  const name = `Dana Whitfield ${Date.now()}`;
  return withApi(async (admin) => {
    const added = await admin.post("/api/admin/attorneys", {
      data: {
        name,
        email: `dana-${Date.now()}@whitfield-law.example`,
        firm,
        location: "Austin, TX",
        specialties: ["Housing"],
        caseTypes: ["Security deposits", "Evictions"],
      },
    });
    expect(added.status(), "attorney added").toBe(201);
    return { id: ((await added.json()) as { attorney: { id: string } }).attorney.id, name };
  }, DEMO.admin);
}

/** The administrator (signed in through the API) on the Attorneys section. */
async function openAttorneys(page: Page) {
  await signInByApi(page);
  await page.goto("/admin/dashboard?section=attorneys");
  await expect(page.getByRole("heading", { name: "Attorneys", level: 1 })).toBeVisible();
}

test.describe("admin: attorneys and referrals", () => {
  test("the directory: add an attorney, checked before sending, find them by a specialty, edit them; deleting asks first", async ({
    page,
  }) => {
    const name = `Dana Whitfield ${Date.now()}`;
    await openAttorneys(page);
    await page.getByRole("tab", { name: "Attorney directory" }).click();
    const directory = page.getByRole("tabpanel", { name: "Attorney directory" });
    await expect(directory.getByRole("heading", { name: "Attorney directory" })).toBeVisible();
    await expectAccessible(page, "attorneys: directory");

    // Add, checked before sending.
    await directory.getByRole("button", { name: "Add Attorney" }).click();
    const add = page.getByRole("dialog", { name: "Add Attorney" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Email").fill("not-an-email");
    await add.getByLabel("Rating (0 to 5)").fill("7");
    await add.getByRole("button", { name: "Add Attorney" }).click();
    await expect(add.getByText("Please enter a valid e-mail address, for example name@firm.com.")).toBeVisible();
    await expect(add.getByText("The rating is a number from 0 to 5.")).toBeVisible();
    await expect(add.getByLabel("Email")).toBeFocused();
    await expectAccessible(page, "attorneys: add modal with errors");
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
    await expect(page.getByText(`${name} was added to the directory.`).first()).toBeVisible();

    // Found by a specialty, case-insensitively.
    await directory.getByRole("searchbox", { name: "Search attorneys" }).fill("CONTRACTS");
    await expect(directory.getByText("Showing 1–1 of 1 attorney")).toBeVisible();
    await expect(directory.getByRole("cell", { name: new RegExp(`^${name}`) })).toBeVisible();

    // Edit.
    await directory.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Attorney" });
    await expect(edit.getByLabel("Firm")).toHaveValue("Whitfield Tenant Law");
    await expect(edit.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await expectAccessible(page, "attorneys: edit modal");
    await edit.getByLabel("Firm").fill("Whitfield & Ortiz");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(directory.getByText("Whitfield & Ortiz", { exact: true })).toBeVisible();

    // The delete confirmation (cancelled here).
    await directory.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete attorney?" });
    await expect(confirm.getByText(/This action cannot be undone/)).toBeVisible();
    await expectAccessible(page, "attorneys: delete confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
  });

  test("a member's pending referral is assigned to an attorney offered for the case's category; the member is told", async ({
    page,
  }) => {
    // The member's referral, made through a browserless client of their own.
    const { member } = await withApi(memberWithReferredCase);
    const attorney = await housingAttorney("Whitfield & Ortiz");
    await openAttorneys(page);

    // The queue: the member's referral, pending.
    const referrals = page.getByRole("tabpanel", { name: "Referrals" });
    const card = referrals.getByRole("listitem").filter({ hasText: member.email });
    await expect(card).toBeVisible();
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await expect(card.getByText(/Housing & Tenancy/)).toBeVisible();
    await expectAccessible(page, "attorneys: referrals");

    // Assign it to the attorney, offered for the case's category.
    await card.getByRole("button", { name: /Assign an attorney to/ }).click();
    const assign = page.getByRole("dialog", { name: "Assign an attorney" });
    await expect(assign.getByLabel("Only attorneys for Housing & Tenancy")).toBeChecked();
    const choice = assign.getByRole("radio", { name: new RegExp(attorney.name) });
    await expect(choice).toBeVisible();
    await expectAccessible(page, "attorneys: assign modal");
    await choice.check();
    await assign.getByRole("button", { name: `Assign ${attorney.name}` }).click();
    const done = page.getByRole("dialog", { name: "Attorney assigned" });
    await expect(done.getByText(`${attorney.name} now has this referral.`)).toBeVisible();
    await expect(done.getByText(`Jordan was told by e-mail (${member.email}).`)).toBeVisible();
    await expectAccessible(page, "attorneys: assignment result");
    await done.getByRole("button", { name: "Done" }).click();
    await expect(card.getByText("Assigned", { exact: true })).toBeVisible();
    await expect(card.getByText(`${attorney.name}, Whitfield & Ortiz`)).toBeVisible();
  });

  test("the member sees the attorney assigned to their referred case", async ({ page }) => {
    const { caseId, referralId } = await memberWithReferredCase(page);
    const attorney = await housingAttorney("Whitfield & Ortiz");
    await withApi(async (admin) => {
      const assigned = await admin.post(`/api/admin/referrals/${referralId}/assign`, {
        data: { attorneyId: attorney.id },
      });
      expect(assigned.status(), "referral assigned").toBe(200);
    }, DEMO.admin);

    await page.goto(`/dashboard/case/${caseId}`);
    await expect(page.getByText("Referred to attorney")).toBeVisible();
    await expect(page.getByText(new RegExp(attorney.name))).toBeVisible();
  });
});
