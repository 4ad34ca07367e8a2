import type { Page } from "@playwright/test";
import {
  DEMO,
  expect,
  expectAccessible,
  expectLanding,
  newMember,
  requestPasswordReset,
  resetLinkFor,
  sameOrigin,
  signIn,
  signInByApi,
  signUp,
  test,
} from "./fixtures";

test.describe("registration", () => {
  test("shows each form error of the spec, then creates the account", async ({ page }) => {
    const member = newMember();
    await page.goto("/register");
    await expectAccessible(page, "register");
    const submit = page.getByRole("button", { name: "Create Account" });
    const alert = page.getByRole("alert");

    await submit.click();
    await expect(alert).toHaveText("Please fill in all required fields");
    // Each problem is also said beside its field, which is marked invalid and focused.
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription("Please fill in all required fields");

    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("First name").fill(member.firstName);
    await page.getByLabel("Password", { exact: true }).fill("abcdef");
    await page.getByLabel("Confirm password").fill("abcdeg");
    await submit.click();
    await expect(alert).toHaveText("Passwords do not match");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Confirm password")).toBeFocused();

    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm password").fill("abc");
    await submit.click();
    await expect(alert).toHaveText("Password must be at least 6 characters");

    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByLabel("Confirm password").fill(member.password);
    await submit.click();
    await expect(alert).toHaveText("You must agree to the Terms of Service");
    const terms = page.getByLabel(/I agree to the Terms of Service/);
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAccessibleDescription("You must agree to the Terms of Service");
    // The documents the box speaks of open beside the form, which keeps what was typed.
    for (const [name, path] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
    ] as const) {
      const link = page.getByRole("link", { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute("href", path);
      await expect(link).toHaveAttribute("target", "_blank");
    }

    await page.getByLabel(/I agree to the Terms of Service/).check();
    await submit.click();
    await expect(alert).toHaveText("You must acknowledge the AI limitations");
    await expectAccessible(page, "register with an error");

    await page.getByLabel(/legal information, not legal advice/).check();
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("sends a signed-in administrator from the sign-in and registration pages to the admin dashboard", async ({
    page,
  }) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    for (const path of ["/register", "/login"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/dashboard$/);
    }
  });

  test("answers the server's message for an address that is taken", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/register");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("First name").fill("Other");
    await page.getByLabel("Password", { exact: true }).fill("another-pass");
    await page.getByLabel("Confirm password").fill("another-pass");
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByLabel(/legal information, not legal advice/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText("already exists");
  });
});

test.describe("sign-in", () => {
  test("asks for both fields, refuses wrong credentials, toggles the password and signs in", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/login");
    await expectAccessible(page, "login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter both email and password");

    await page.getByLabel("Email").fill(member.email);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("not-the-password");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Login failed. Please check your credentials and try again.");

    await password.fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
  });

  test("locks the account after five wrong passwords, even for the right one", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    // Five wrong passwords (through the API: the form's answer to one is a journey of its own).
    for (let i = 0; i < 5; i++) {
      const refused = await page.request.post("/api/auth/sign-in/email", {
        data: { email: member.email, password: `wrong-${i}` },
        headers: sameOrigin(),
      });
      expect(refused.status(), `wrong password ${i + 1}`).toBe(401);
    }
    await signIn(page, member.email, member.password);
    await expect(page.getByRole("alert")).toContainText("Too many failed sign-in attempts");
    await expect(page.getByRole("alert")).toContainText("15 minutes");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signs out to /welcome", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectLanding(page);
    await page.goto("/dashboard/profile");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  for (const remember of [false, true]) {
    test(`${remember ? "keeps" : "ends"} the session when the browser closes with Remember me ${remember ? "checked" : "unchecked"}`, async ({
      page,
      browser,
    }) => {
      const member = await signUp(page);
      await page.context().clearCookies();
      await signIn(page, member.email, member.password, { remember });
      await expect(page).toHaveURL(/\/dashboard\/cases$/);
      // A browser restart keeps persistent cookies only.
      const kept = (await page.context().cookies()).filter((c) => c.expires !== -1);
      const restarted = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      await restarted.addCookies(kept);
      const again = await restarted.newPage();
      await again.goto("/dashboard/help");
      if (remember) {
        await expect(again).toHaveURL(/\/dashboard\/help$/);
        await expect(again.getByRole("heading", { name: "Help & Support" })).toBeVisible();
      } else {
        await expect(again).toHaveURL(/\/welcome$/);
      }
      await restarted.close();
    });
  }
});

test.describe("password reset", () => {
  test("the forgot-password page, reached from sign-in, sends a reset link by mail", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible(page, "forgot password");
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Check your e-mail")).toBeVisible();
    await expectAccessible(page, "forgot password sent");
    // The mail was kept, with this member's link in it.
    expect(await resetLinkFor(member.email)).toMatch(/\/reset-password\?token=/);
  });

  test("an administrator reads the reset mail in the outbox of the admin dashboard", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    await requestPasswordReset(page.request, member.email);
    // Only an administrator reads the kept mail: one opens the outbox in the admin dashboard.
    await signInByApi(page);
    await page.goto("/admin/dashboard");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Mail", exact: true })
      .click();
    await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
    // The mail on its way: sent to the outbox.
    const sent = page.getByRole("article").filter({ hasText: "Reset your LawGuide password" }).first();
    await expect(sent.getByText("Sent", { exact: true })).toBeVisible();
    await expectAccessible(page, "admin mail");
    await page.getByRole("tab", { name: "Outbox" }).click();
    const mail = page.getByRole("article").filter({ hasText: member.email }).first();
    const link = mail.getByRole("link", { name: /reset-password\?token=/ });
    await expect(link).toBeVisible();
    await expectAccessible(page, "admin outbox");
    expect(await link.getAttribute("href")).toMatch(/\/reset-password\?token=[A-Za-z0-9_%-]+$/);
  });

  test("the mailed link sets a new password, and the old one no longer signs in", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    await requestPasswordReset(page.request, member.email);
    await page.goto(await resetLinkFor(member.email));

    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expectAccessible(page, "reset password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm new password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Your password has been changed")).toBeVisible();

    await signIn(page, member.email, member.password);
    await expect(page.getByRole("alert")).toHaveText("Login failed. Please check your credentials and try again.");
    await signIn(page, member.email, "brand-new-pass");
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
  });

  test("explains an invalid link", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm new password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toContainText("invalid or has expired");
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
  });
});

test.describe("change password", () => {
  /** The profile page with the Change Password dialog open. */
  async function openDialog(page: Page) {
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("is disabled until all three fields are filled, and checks them", async ({ page }) => {
    const member = await signUp(page);
    const dialog = await openDialog(page);
    await expectAccessible(page, "change password dialog");
    const submit = dialog.getByRole("button", { name: "Change Password" });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Current password").fill(member.password);
    await dialog.getByLabel("New password", { exact: true }).fill("abcdef");
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Confirm new password").fill("abcdeg");
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText("New passwords do not match");
    await dialog.getByLabel("New password", { exact: true }).fill("abc");
    await dialog.getByLabel("Confirm new password").fill("abc");
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText("New password must be at least 6 characters");
  });

  test("changes it: the new password signs in", async ({ page }) => {
    const member = await signUp(page);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Current password").fill(member.password);
    await dialog.getByLabel("New password", { exact: true }).fill("changed-pass");
    await dialog.getByLabel("Confirm new password").fill("changed-pass");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed successfully!").first()).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectLanding(page);
    await signIn(page, member.email, "changed-pass");
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
  });

  test("closes with Escape and gives focus back", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/profile");
    const opener = page.getByRole("button", { name: "Change Password" });
    await opener.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("demo accounts", () => {
  test("are listed on the login page and each signs in", async ({ page }) => {
    for (const [label, account] of [
      ["Free member", DEMO.free],
      ["Premium member", DEMO.premium],
    ] as const) {
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByRole("button", { name: `Use the ${label} demo account` }).click();
      await expect(page.getByLabel("Email")).toHaveValue(account.email);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/dashboard\/cases$/);
    }
  });
});
