import type { Page } from "@playwright/test";
import { ADMIN_SECTIONS } from "../../src/client/features/admin/sections";
import { caseAsking, DEMO, expect, expectAccessible, newMember, signInByApi, signUp, test, withApi } from "./fixtures";

/** A new member registered through the API, who asks the assistant one question. */
function memberWhoAsks(question: string) {
  return withApi(async (api) => {
    const member = await signUp(api, { ...newMember("activity"), lastName: "Rivera" });
    await caseAsking(api, question);
    return member;
  });
}

/** The administrator (signed in through the API: signing in has journeys of its own) on the dashboard. */
async function openDashboard(page: Page, section?: string) {
  await signInByApi(page);
  await page.goto(section ? `/admin/dashboard?section=${section}` : "/admin/dashboard");
}

/** A change audited with old and new values: the admin notification address, put back after `run`. */
function withNotificationAddressChanged(run: (change: { original: string; changed: string }) => Promise<void>) {
  return withApi(async (api) => {
    const settings = (await (await api.get("/api/admin/settings")).json()) as {
      settings: { notifications: { adminNotificationEmail: string } };
    };
    const original = settings.settings.notifications.adminNotificationEmail;
    const changed = `ops-${Date.now()}@example.com`;
    const put = await api.put("/api/admin/settings/notifications", { data: { adminNotificationEmail: changed } });
    expect(put.status()).toBe(200);
    try {
      await run({ original, changed });
    } finally {
      await api.put("/api/admin/settings/notifications", { data: { adminNotificationEmail: original } });
    }
  }, DEMO.admin);
}

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label}: horizontal overflow in px`).toBeLessThanOrEqual(0);
}

test.describe("admin: overview", () => {
  test("the four cards, three charts and the live activity feed", async ({ page }) => {
    const member = await memberWhoAsks("Can my landlord keep my deposit for cleaning?");
    await page.clock.install();
    await openDashboard(page);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    const figures = page.getByRole("region", { name: "Key figures" });
    await expect(figures.getByRole("heading", { name: "Total Users" })).toBeVisible();
    await expect(figures.getByText(/^\+\d+ this month$/)).toBeVisible();
    await expect(figures.getByRole("heading", { name: "Active Cases" })).toBeVisible();
    await expect(figures.getByText(/^\d+ total$/)).toBeVisible();
    await expect(figures.getByRole("heading", { name: "Documents" })).toBeVisible();
    await expect(figures.getByText(/^\d+ generated$/)).toBeVisible();
    await expect(figures.getByRole("heading", { name: "AI Queries Today" })).toBeVisible();
    await expect(figures.getByText(/^\d+(\.\d)?s average response time$/)).toBeVisible();

    const charts = page.getByRole("region", { name: "Last 30 days" });
    for (const title of ["New members per week", "AI queries per day", "Average answer time per day"]) {
      const figure = charts.getByRole("figure", { name: title });
      await expect(figure).toBeVisible();
      // The text alternative: a table of every value for screen readers.
      await expect(figure.getByRole("table", { name: title })).toBeAttached();
    }
    await expect(charts.getByRole("figure", { name: "AI queries per day" })).toContainText(
      /[1-9]\d* (query|queries) answered in 30 days\./,
    );
    await expect(
      charts.getByRole("table", { name: "AI queries per day" }).getByRole("row"),
      "a heading row and 30 days",
    ).toHaveCount(31);

    const activity = page.getByRole("region", { name: "Recent Activity" });
    const mine = activity.getByRole("listitem").filter({ hasText: member.email });
    await expect(mine.filter({ hasText: "New member registered" })).toBeVisible();
    await expect(mine.filter({ hasText: /AI query answered by (OpenAI|Anthropic)/ }).first()).toBeVisible();
    await expect(mine.filter({ hasText: "Opened a new case" })).toContainText("Jordan Rivera");
    await expect(mine.first()).toContainText(/just now|minute/);
    await expectAccessible(page, "admin overview");

    // Live: a member registering now appears without a reload at the next read (30 s).
    const later = await withApi((api) => signUp(api, newMember("live")));
    await expect(activity.getByText(later.email)).toHaveCount(0);
    await page.clock.fastForward(31_000);
    await expect(activity.getByRole("listitem").filter({ hasText: later.email })).toContainText(
      "New member registered",
    );
  });
});

test.describe("admin: logs", () => {
  test("the application logs combine their filters, and a reversed date range is caught in the form", async ({
    page,
  }) => {
    const member = await memberWhoAsks("My employer has not paid my last wages.");
    await openDashboard(page, "logs");
    await expect(page.getByRole("heading", { name: "Logs", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Application logs" })).toHaveAttribute("aria-selected", "true");
    const appPanel = page.getByRole("tabpanel", { name: "Application logs" });
    await expect(appPanel.getByRole("article").first()).toBeVisible();

    // User and category combine: the member's AI rows only.
    await appPanel.getByRole("textbox", { name: "User" }).fill(member.email.toUpperCase());
    await appPanel.getByRole("combobox", { name: "Category" }).selectOption({ label: "AI" });
    await appPanel.getByRole("button", { name: "Apply filters" }).click();
    const rows = appPanel.getByRole("article");
    await expect(rows.first()).toContainText(/AI query answered by (OpenAI|Anthropic)/);
    await expect(rows.first()).toContainText(member.email);
    await expect(rows.first()).toContainText("Answer time");
    await expect(rows.filter({ hasText: "New member registered" })).toHaveCount(0);
    // And a level nothing of theirs has: nothing.
    await appPanel.getByRole("combobox", { name: "Level" }).selectOption("error");
    await appPanel.getByRole("button", { name: "Apply filters" }).click();
    await expect(appPanel.getByText("No application log entries match these filters.")).toBeVisible();
    // A reversed date range is caught in the form.
    await appPanel.getByLabel("From", { exact: true }).fill("2026-03-02");
    await appPanel.getByLabel("To", { exact: true }).fill("2026-03-01");
    await expect(appPanel.getByText("The start date must be before the end date.")).toBeVisible();
    await appPanel.getByRole("button", { name: "Clear filters" }).click();
    await expect(appPanel.getByRole("textbox", { name: "User" })).toHaveValue("");
    await expect(appPanel.getByRole("article").first()).toBeVisible();
    await expectAccessible(page, "logs: application logs");
  });

  test("the audit trail shows a change's old and new values side by side, and links to the outbox", async ({
    page,
  }) => {
    await withNotificationAddressChanged(async ({ original, changed }) => {
      await openDashboard(page, "logs");
      const appTab = page.getByRole("tab", { name: "Application logs" });
      await expect(appTab).toHaveAttribute("aria-selected", "true");

      // The audit trail: the change, old and new values side by side, the changed field marked.
      await appTab.press("ArrowRight");
      const auditTab = page.getByRole("tab", { name: "Audit trail" });
      await expect(auditTab).toBeFocused();
      await expect(auditTab).toHaveAttribute("aria-selected", "true");
      const auditPanel = page.getByRole("tabpanel", { name: "Audit trail" });
      await auditPanel.getByRole("textbox", { name: "Action contains" }).fill("SETTINGS.UPD");
      await auditPanel.getByRole("combobox", { name: "Table" }).selectOption({ label: "Settings" });
      await auditPanel.getByRole("button", { name: "Apply filters" }).click();
      const change = auditPanel.getByRole("article").filter({ hasText: changed }).first();
      await expect(change).toContainText("Updated the notification settings");
      await expect(change).toContainText(DEMO.admin.email);
      const diff = change.getByRole("table", { name: /^What changed \(1 of \d+ fields\)$/ });
      const changedRow = diff.getByRole("row", { name: /Admin notification e-mail/ });
      await expect(changedRow.getByRole("cell").nth(0)).toHaveText(original);
      await expect(changedRow.getByRole("cell").nth(1)).toHaveText(changed);
      // Unchanged values are left to the raw record.
      await expect(diff.getByRole("row", { name: /Welcome e-mail/ })).toHaveCount(0);
      await expectAccessible(page, "logs: audit trail");
      if (process.env.ADMIN_SCREENSHOTS) {
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await change.screenshot({ path: `test-results/admin-screens/audit-row-${width}.png` });
        }
      }

      await page.getByRole("main").getByRole("link", { name: "Mail", exact: true }).click();
      await expect(page).toHaveURL(/section=mail/);
      await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
    });
  });
});

test.describe("admin: header and layout", () => {
  test("the header as the spec has it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "LawGuide admin home" })).toBeVisible();
    await expect(header.getByText("Admin Dashboard")).toBeVisible();
    await expect(header.getByText("Admin User")).toBeVisible();
    await expect(header.getByText("Administrator")).toBeVisible();
    await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByRole("link")).toHaveText(ADMIN_SECTIONS.map((s) => s.label));
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  for (const width of [1280, 375]) {
    test(`every section at ${width} px: nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await signInByApi(page);
      for (const { id } of ADMIN_SECTIONS) {
        await page.goto(`/admin/dashboard?section=${id}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoHorizontalOverflow(page, `${id} at ${width}px`);
        if (process.env.ADMIN_SCREENSHOTS) {
          await page.screenshot({ path: `test-results/admin-screens/${id}-${width}.png`, fullPage: true });
          await page.screenshot({ path: `test-results/admin-screens/${id}-${width}-top.png` });
        }
      }
    });
  }

  test("at 375 px the menu collapses, Escape closes it, a section closes it and focus moves; Logout leads to /welcome", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openDashboard(page);
    const header = page.getByRole("banner");
    const nav = page.getByRole("navigation", { name: "Admin sections" });

    // The menu sits behind a button.
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(nav).toBeHidden();
    await expect(header.getByText("Admin Dashboard")).toBeVisible();
    await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
    await open.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expect(nav.getByText("Administrator")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Overview" })).toBeFocused();
    await expectAccessible(page, "admin menu open", { widths: [375] });
    if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: "test-results/admin-screens/menu-375.png" });
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute("aria-expanded", "false");

    // Choosing a section closes the menu and puts the focus on the content.
    await open.click();
    await nav.getByRole("link", { name: "Logs" }).click();
    await expect(page).toHaveURL(/section=logs/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole("heading", { name: "Logs", level: 1 })).toBeVisible();
    await expect(page.locator("main")).toBeFocused();
    await expectAccessible(page, "logs at 375", { widths: [375] });

    // Logout leads to /welcome.
    await header.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  });
});
