import { readFileSync } from "node:fs";
import JSZip from "jszip";
import { PROFILE_TEXT } from "../../src/shared/messages";
import { expect, expectAccessible, expectLanding, signIn, signUp, test } from "./fixtures";

test.describe("profile", () => {
  test("shows the plan and the figures", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/profile");
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page.getByText("Free Plan")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toBeVisible();
    for (const label of ["Active Cases", "Total Cases", "Documents", "Member Since"])
      await expect(page.getByText(label)).toBeVisible();
    await expectAccessible(page, "profile");
  });

  test("Cancel leaves the profile as it was", async ({ page }) => {
    const member = await signUp(page);
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Email", { exact: true })).toBeDisabled();
    await page.getByLabel("First name").fill("Changed");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Changed")).toHaveCount(0);
    await expect(page.getByRole("main").getByText(member.firstName, { exact: true })).toBeVisible();
  });

  test("Save checks the phone on the server, and the changes stay after a reload", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Email", { exact: true })).toBeDisabled();
    await expectAccessible(page, "profile editing");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByLabel("Phone").fill("not a phone");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByText("Please enter a valid phone number, for example +1 555 123 4567.").first(),
    ).toBeVisible();
    await page.getByLabel("Phone").fill("+1 555 010 2030");
    await page.getByLabel("Profession").fill("Teacher");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile updated successfully!").first()).toBeVisible();
    await page.reload();
    await expect(page.getByText("Rivera", { exact: true })).toBeVisible();
    await expect(page.getByText("+1 555 010 2030")).toBeVisible();
    await expect(page.getByText("Teacher", { exact: true })).toBeVisible();
  });

  test("keeps the account-settings toggles after a reload", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/profile");
    const marketing = page.getByRole("switch", { name: "Marketing communications" });
    const email = page.getByRole("switch", { name: "Email notifications" });
    await expect(marketing).toHaveAttribute("aria-checked", "false");
    await expect(email).toHaveAttribute("aria-checked", "true");
    // Each change is kept by the server before the page is reloaded.
    const saved = () =>
      page.waitForResponse(
        (r) => r.url().endsWith("/api/profile/preferences") && r.request().method() === "PUT" && r.ok(),
      );
    await Promise.all([saved(), marketing.click()]);
    await expect(marketing).toHaveAttribute("aria-checked", "true");
    await Promise.all([saved(), email.press("Space")]);
    await expect(email).toHaveAttribute("aria-checked", "false");
    await page.reload();
    await expect(page.getByRole("switch", { name: "Marketing communications" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "false");
  });

  test("exports the member's data as a ZIP the browser saves to disk", async ({ page }) => {
    const member = await signUp(page);
    await page.goto("/dashboard/profile");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Data Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lawguide-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByText(PROFILE_TEXT.exportStarted).first()).toBeVisible();
    // The page stayed where it was: the archive went to disk, not to a new page.
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    const zip = await JSZip.loadAsync(readFileSync((await download.path()) ?? ""));
    const data = JSON.parse((await zip.file("data.json")?.async("string")) ?? "null");
    expect(data.account.email).toBe(member.email);
    expect(data.preferences).toBeTruthy();
    expect(data.documents).toEqual([]);
  });

  test("deletes the account for real after the password, then sign-in fails", async ({ page }) => {
    const member = await signUp(page);
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expectAccessible(page, "delete dialog");
    await dialog.getByLabel("Your password").fill("wrong-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByRole("alert")).toContainText("not right");
    await dialog.getByLabel("Your password").fill(member.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expectLanding(page);
    // The landing page says so, once.
    const notice = page.getByRole("status").filter({ hasText: "Your account and everything in it have been deleted." });
    await expect(notice).toBeVisible();
    await expectAccessible(page, "landing after deleting the account");
    // As after signing out, the next sign-in in this tab does not return to the deleted profile.
    expect(await page.evaluate(() => sessionStorage.getItem("lawguide.returnTo"))).toBeNull();
    await page.reload();
    await expectLanding(page);
    await expect(notice).toHaveCount(0);
    await signIn(page, member.email, member.password);
    await expect(page.getByRole("alert")).toHaveText("Login failed. Please check your credentials and try again.");
  });

  test("shows the Premium subscription of the Premium demo member", async ({ page }) => {
    await signIn(page, "premium@example.com", "demo-password");
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
    await page.goto("/dashboard/profile");
    await expect(page.getByRole("heading", { name: "Premium" })).toBeVisible();
    await expect(page.getByText(/Renews on/)).toBeVisible();
    await expect(page.getByText(/ending in 4242/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toHaveCount(0);
    await expectAccessible(page, "profile (premium)");
  });
});
