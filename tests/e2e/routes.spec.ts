import { DEMO, expect, expectAccessible, register, signIn, signUp, test } from "./fixtures";

const DASHBOARD_PAGES = [
  ["/dashboard/home", "Welcome"],
  ["/dashboard/cases", "Legal Chats"],
  ["/dashboard/create", "Document Center"],
  ["/dashboard/premium", "LawGuide Premium"],
  ["/dashboard/profile", "Profile"],
  ["/dashboard/help", "Help & Support"],
] as const;

test.describe("visitor", () => {
  test("'/' shows a spinner, then the landing page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The landing page's accessibility is checked in landing.spec.ts.
  });

  test("unknown paths go to /welcome", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("is sent from member pages to /welcome, and after signing in lands where they were going", async ({ page }) => {
    const member = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/dashboard/help");
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\/help$/);
  });

  test("is sent from the admin dashboard to /welcome", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("sees the system status page, and runs its tests", async ({ page }) => {
    await page.goto("/status");
    await expect(page.getByRole("heading", { name: "System Status" })).toBeVisible();
    await expect(page.getByText("Embedded PostgreSQL is answering.").first()).toBeVisible();
    await page.getByRole("button", { name: "Run Tests" }).click();
    await expect(page.getByRole("heading", { name: "Detailed Test Results" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Next Steps" })).toBeVisible();
    await expectAccessible(page, "status");
    // At 375 px every state badge stays on one line.
    await page.setViewportSize({ width: 375, height: 800 });
    const badges = page.getByText(/^(checking|connected|found|enabled|error|missing|disabled|warning)$/);
    await expect(badges.first()).toBeVisible();
    for (const badge of await badges.all()) {
      const box = await badge.boundingBox();
      expect(box?.height ?? 0).toBeLessThan(28);
    }
  });

  test("sees the debug console, and runs its tests", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/debug");
    await expect(page.getByRole("heading", { name: "Debug Console" })).toBeVisible();
    // The prerendered page and the browser's first frame agree (no hydration error #418); then the
    // address is filled in.
    await expect(page.getByText(/^http:\/\/1.*\/api \(configured\)$/)).toBeVisible();
    expect(errors).toEqual([]);
    await page.getByRole("button", { name: "Run Tests" }).click();
    await expect(page.getByText("Sign-in service is answering.")).toBeVisible();
    await expect(page.getByText(/Hint: try the demo admin login/)).toBeVisible();
    await expectAccessible(page, "debug");
    // 'Run Tests' is one button on both service pages.
    const debugButton = await page.getByRole("button", { name: "Run Tests" }).getAttribute("class");
    await page.goto("/status");
    expect(await page.getByRole("button", { name: "Run Tests" }).getAttribute("class")).toBe(debugButton);
  });

  test("sees the checkout results: success and cancel", async ({ page }) => {
    await page.goto("/checkout/success?session_id=cs_test_1234567890abcdefghijklmnop");
    await expect(page.getByRole("status")).toHaveText("Processing your subscription...");
    // The checkout's short receipt number, not its raw id.
    await expect(page.getByText("IJKL-MNOP")).toBeVisible();
    await expect(page.getByText(/cs_test_/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
    await expectAccessible(page, "checkout success");

    await page.goto("/checkout/cancel");
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/dashboard/premium");
    await expect(page.getByRole("link", { name: "Continue with Free Plan" })).toHaveAttribute("href", "/");
    await expectAccessible(page, "checkout cancel");
  });
});

test.describe("member", () => {
  test("gets the five tabs and each page", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Chats", "Docs", "Premium", "Profile", "Help"]) {
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Chats" })).toHaveAttribute("aria-current", "page");

    for (const [path, heading] of DASHBOARD_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    }
    await page.goto("/dashboard/case/abc-123");
    await expect(page.getByRole("heading", { name: "Case not found" })).toBeVisible();
  });

  // Each page a new member sees is checked once, where its journey is: home in chat.spec.ts
  // ("dashboard home"), cases in chat.spec.ts ("cases (empty)"), create in documents.spec.ts
  // ("assistant intro"), profile in profile.spec.ts ("profile"), help in help.spec.ts ("help
  // (free)"). Premium has no journey of its own.
  test("sees an accessible Premium page", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/premium");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("LawGuide Premium");
    await expectAccessible(page, "/dashboard/premium");
  });

  test("is taken from the legacy paths to the dashboard's", async ({ page }) => {
    await signUp(page);
    for (const [legacy, target] of [
      ["/cases", "/dashboard/cases"],
      ["/create", "/dashboard/create"],
      ["/profile", "/dashboard/profile"],
      ["/help", "/dashboard/help"],
      ["/premium", "/dashboard/premium"],
      ["/case/abc", "/dashboard/case/abc"],
      ["/case/some/where/xyz", "/dashboard/case/xyz"],
    ] as const) {
      await page.goto(legacy);
      await expect(page, legacy).toHaveURL(new RegExp(`${target}$`));
    }
  });

  test("moves between tabs by keyboard", async ({ page }) => {
    await register(page);
    const docs = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Docs" });
    await docs.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/create$/);
    await expect(docs).toHaveAttribute("aria-current", "page");
  });

  test("is sent from the admin dashboard to /welcome", async ({ page }) => {
    await signUp(page);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("reaches Profile and Sign Out from the header of every page, by mouse or keyboard", async ({ page }) => {
    await signUp(page);
    const account = page.getByRole("button", { name: "Signed in as Jordan" });
    for (const [path] of DASHBOARD_PAGES) {
      await page.goto(path);
      await account.click();
      await expect(page.getByRole("menu", { name: "Signed in as Jordan" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu", { name: "Signed in as Jordan" })).toHaveCount(0);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/dashboard/help");
    await expect(account).toBeVisible();
    await expectAccessible(page, "header with the account menu (375 px)");
    await account.click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await account.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Sign Out" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto("/dashboard/cases");
    await expect(page).toHaveURL(/\/welcome$/);
  });
});

test.describe("administrator", () => {
  test("lands on the admin dashboard, sees the real figures and every section, logs out", async ({ page }) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Admin Dashboard", { exact: true })).toBeVisible();
    // The header names the administrator (the menu repeats it on small screens).
    await expect(page.getByRole("banner").getByText("Administrator", { exact: true })).toBeVisible();
    await expect(page.getByText("Total Users")).toBeVisible();
    await expectAccessible(page, "admin overview");
    const menu = page.getByRole("navigation", { name: "Admin sections" });
    for (const section of ["Overview", "AI Models", "Users", "Cases", "Attorneys", "Settings", "Logs", "Mail"]) {
      await expect(menu.getByRole("link", { name: section })).toBeAttached();
    }
    await page.goto("/admin/dashboard?section=users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expectAccessible(page, "admin users");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("opens the admin menu with a button on small screens", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const menu = page.getByRole("navigation", { name: "Admin sections" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
