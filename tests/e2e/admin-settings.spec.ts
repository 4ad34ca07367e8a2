import type { Page } from "@playwright/test";
import type { RunningServer } from "../factories/server-process";
import {
  anotherPage,
  test as base,
  DEMO,
  expect,
  expectAccessible,
  newChat,
  newMember,
  ownServer,
  signIn,
  signUp,
} from "./fixtures";

/**
 * The admin Settings form, and settings in force in the browser. These journeys change settings
 * every page reads (the free message limit, maintenance mode, the site's name), so they run on a
 * server of their own: the other journeys, which run at the same time, never see the changes.
 */
const test = base.extend<{ member: Page }, { ownServer: RunningServer }>({
  ownServer: ownServer("settings"),
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  /** A new member's page on this file's server, beside the administrator's. */
  member: async ({ browser, baseURL }, use) => {
    const member = await anotherPage(browser, baseURL);
    await signUp(member, newMember(), { origin: new URL(baseURL ?? "").origin });
    await use(member);
    await member.context().close();
  },
});

async function openSettings(page: Page) {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto("/admin/dashboard?section=settings");
  await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
}

const saveButton = (page: Page) => page.getByRole("button", { name: /^(Save Changes|Saving\.\.\.)$/ });

/** Change one field of a tab and save it; waits for the success message. */
async function saveSetting(page: Page, tab: string, label: string, value: string | boolean) {
  await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
  if (typeof value === "boolean") {
    const toggle = page.getByRole("switch", { name: label });
    if ((await toggle.getAttribute("aria-checked")) !== String(value)) await toggle.click();
  } else {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await expect(page.getByText("You have unsaved changes")).toBeVisible();
  await saveButton(page).click();
  const saved = page.getByText("Settings saved successfully!", { exact: true });
  await expect(saved).toBeVisible();
  await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
  await expect(saveButton(page)).toBeDisabled();
  // Dismissed, so that the next save's message is its own.
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(saved).toHaveCount(0);
}

test.describe("admin settings", () => {
  test("the form: five tabs, keyboard only, axe clean on every tab", async ({ page }) => {
    await openSettings(page);
    await expect(saveButton(page)).toBeDisabled();
    await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
    await expect(page.getByRole("tab")).toHaveText([
      "General",
      "AI Settings",
      "Subscriptions",
      "Security",
      "Notifications",
    ]);

    // Every tab, keyboard only, checked with axe at both widths.
    await page.getByRole("tab", { name: "General" }).focus();
    for (const tab of ["General", "AI Settings", "Subscriptions", "Security", "Notifications"]) {
      const selected = page.getByRole("tab", { name: tab });
      await expect(selected).toHaveAttribute("aria-selected", "true");
      await expect(selected).toBeFocused();
      await expect(page.getByRole("tabpanel", { name: tab })).toBeVisible();
      await expectAccessible(page, `settings: ${tab}`);
      await page.keyboard.press("ArrowRight");
    }
    await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");
  });

  test("the form: settings say what they do, an edit shows the notice, bounds are checked inline", async ({ page }) => {
    await openSettings(page);

    // In force (uploads read it), and saying what it does.
    const upload = page.getByLabel("Max file upload size (MB)");
    await expect(upload).toHaveAccessibleDescription(/File size must be less than/);
    await expect(upload).not.toHaveAccessibleDescription(/Not in effect yet/);
    await expect(page.getByLabel("Site name")).not.toHaveAccessibleDescription(/Not in effect yet/);

    // An edit: the notice, and the bounds of spec section 5 checked in the form.
    await page.getByRole("tab", { name: "Security" }).click();
    const timeout = page.getByLabel("Session timeout (hours)");
    await timeout.fill("200");
    await expect(page.getByText("You have unsaved changes")).toBeVisible();
    await expect(timeout).toHaveAttribute("aria-invalid", "true");
    await expect(timeout).toHaveAccessibleDescription(/Session timeout must be a whole number from 1 to 168 hours\./);
    await expectAccessible(page, "settings with a refused value");
    await saveButton(page).click();
    await expect(page.getByText("One setting needs fixing", { exact: false })).toBeVisible();
    await expect(timeout).toBeFocused();
    // Back to the saved value: nothing left to save.
    await timeout.fill("24");
    await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
    await expect(saveButton(page)).toBeDisabled();
  });

  test("the free message limit: a member's new chat counts down from the new number", async ({ page, member }) => {
    await newChat(member);
    await expect(member.getByText("10 left")).toBeVisible();

    await openSettings(page);
    await saveSetting(page, "AI Settings", "Free user message limit (messages)", "12");
    await newChat(member);
    await expect(member.getByText("12 left")).toBeVisible();
    await expect(member.getByText("0/12")).toBeVisible();

    await saveSetting(page, "AI Settings", "Free user message limit (messages)", "10");
  });

  test("maintenance mode: members and visitors see the maintenance page, the administrator works", async ({
    page,
    member,
    browser,
    baseURL,
  }) => {
    await openSettings(page);
    await saveSetting(page, "General", "Site name", "Acme Legal");
    await saveSetting(page, "General", "Maintenance mode", true);
    await expect(
      page.getByText("Maintenance mode is on: visitors and members see the maintenance page."),
    ).toBeVisible();
    await expectAccessible(page, "settings during maintenance");

    await member.goto("/dashboard/cases");
    await expect(member.getByRole("heading", { name: "Acme Legal is down for maintenance" })).toBeVisible();
    await expect(member.getByRole("link", { name: "support@lawguide.example" })).toBeVisible();
    await expect(member).toHaveTitle("Down for maintenance · Acme Legal");
    await expectAccessible(member, "maintenance page (member)");
    const visitor = await anotherPage(browser, baseURL);
    await visitor.goto("/welcome");
    await expect(visitor.getByRole("heading", { name: "Acme Legal is down for maintenance" })).toBeVisible();
    await visitor.getByRole("link", { name: "Administrator sign-in" }).click();
    await expect(visitor.getByText("Only administrators can sign in during maintenance.")).toBeVisible();
    await expectAccessible(visitor, "sign-in during maintenance");

    // The administrator's pages keep working.
    await page.goto("/admin/dashboard?section=settings");
    await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
    await saveSetting(page, "General", "Maintenance mode", false);

    await member.goto("/dashboard/help");
    await expect(member.getByRole("heading", { name: "Help & Support" })).toBeVisible();
    await expect(member).toHaveTitle("Help & Support · Acme Legal");
    await expect(member.getByText("Acme Legal provides legal information, not legal advice")).toBeVisible();
    await visitor.goto("/welcome");
    await expect(visitor.getByText(`© ${new Date().getFullYear()} Acme Legal.`)).toBeVisible();

    await saveSetting(page, "General", "Site name", "LawGuide");
    await visitor.context().close();
  });
});
