import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, memberWithCase, signInByApi, test, withApi } from "./fixtures";

/**
 * Text of `scope` as a person reads it, without the raw records opened in it: what must never show
 * a stored record's raw shape.
 */
function shownText(scope: Locator) {
  return scope.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const pieces: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("pre")) pieces.push(node.textContent ?? "");
    }
    return pieces.join(" ");
  });
}

/** No JSON, no `null`, no camelCase key or snake_case name, no whole id. */
async function expectWords(scope: Locator, ids: string[]) {
  const text = await shownText(scope);
  expect(text).not.toMatch(/\bnull\b|\bundefined\b|[[\]{}"]/);
  expect(text).not.toMatch(/\b(latencyMs|caseId|totalTokens|tableName|recordId|oldValues|newValues)\b/);
  expect(text).not.toMatch(/\b(case\.toggle_status|user_action|system_settings)\b/);
  for (const id of ids) expect(text).not.toContain(id);
}

async function openRawRecord(page: Page, entry: Locator) {
  const show = entry.getByRole("button", { name: "Show raw record" });
  await expect(show).toHaveAttribute("aria-expanded", "false");
  await show.focus();
  await page.keyboard.press("Enter");
  const hide = entry.getByRole("button", { name: "Hide raw record" });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  await expect(hide).toBeFocused();
  return entry.locator("pre");
}

test.describe("admin: logs read as sentences", () => {
  test("entries read as sentences with labelled fields in words, the raw record one click away", async ({ page }) => {
    const { member, caseId } = await withApi((api) =>
      memberWithCase(api, { asking: "My landlord kept my whole deposit. What can I do?" }),
    );
    const wrong = await withApi((api) =>
      api.post("/api/auth/sign-in/email", { data: { email: member.email, password: "not-the-password" } }),
    );
    expect(wrong.status()).toBe(401);
    await withApi(async (admin) => {
      const toggled = await admin.post(`/api/admin/cases/${caseId}/toggle-status`);
      expect(toggled.status()).toBe(200);
    }, DEMO.admin);
    const shortCaseId = `${caseId.slice(0, 8)}…`;

    await signInByApi(page);
    await page.goto("/admin/dashboard?section=logs");
    const appPanel = page.getByRole("tabpanel", { name: "Application logs" });
    await appPanel.getByRole("textbox", { name: "User" }).fill(member.email);
    await appPanel.getByRole("button", { name: "Apply filters" }).click();

    // The member's own entries, each a sentence with its details in words.
    const answer = appPanel.getByRole("article", { name: /^AI query answered by (OpenAI|Anthropic) \(.+\) in / });
    await expect(answer).toHaveCount(1);
    await expect(answer.getByRole("term")).toContainText(["Provider", "Model", "Answer time", "Case"]);
    await expect(
      answer
        .getByRole("definition")
        .filter({ hasText: /^\d+\.\d s$|^under 0\.1 s$/ })
        .first(),
    ).toBeVisible();
    await expect(answer.getByRole("definition").filter({ hasText: shortCaseId })).toBeVisible();
    await expect(appPanel.getByRole("article", { name: "Opened a new case" })).toContainText(shortCaseId);
    await expect(appPanel.getByRole("article", { name: "New member registered" })).toBeVisible();
    await expectWords(appPanel, [caseId]);

    // A refused sign-in has nobody signed in: it names the address tried, and why, in words.
    await appPanel.getByRole("button", { name: "Clear filters" }).click();
    await appPanel.getByRole("combobox", { name: "Level" }).selectOption({ label: "Warning" });
    await appPanel.getByRole("textbox", { name: "Message contains" }).fill("Sign-in failed");
    await appPanel.getByRole("button", { name: "Apply filters" }).click();
    const failed = appPanel.getByRole("article", { name: "Sign-in failed" }).filter({ hasText: member.email });
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("No signed-in user");
    await expect(failed.getByRole("definition").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expectWords(failed, []);
    await appPanel.getByRole("button", { name: "Clear filters" }).click();
    await appPanel.getByRole("textbox", { name: "User" }).fill(member.email);
    await appPanel.getByRole("button", { name: "Apply filters" }).click();
    await expect(answer).toHaveCount(1);

    // The raw record, on request: the stored row as it is.
    const raw = await openRawRecord(page, answer);
    await expect(raw).toContainText('"latencyMs"');
    await expect(raw).toContainText(`"caseId": "${caseId}"`);
    await expectWords(appPanel, [caseId]);
    await expectAccessible(page, "logs: application logs, a raw record open");
    if (process.env.ADMIN_SCREENSHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        await answer.screenshot({ path: `test-results/admin-screens/log-entry-${width}.png` });
      }
    }

    // The audit trail: the status change in words, the case by its short id.
    await page.getByRole("tab", { name: "Audit trail" }).click();
    const auditPanel = page.getByRole("tabpanel", { name: "Audit trail" });
    await auditPanel.getByRole("combobox", { name: "Table" }).selectOption({ label: "Cases" });
    await auditPanel.getByRole("button", { name: "Apply filters" }).click();
    const toggle = auditPanel
      .getByRole("article", { name: "Set a case's status to archived" })
      .filter({ hasText: shortCaseId });
    await expect(toggle).toHaveCount(1);
    await expect(toggle).toContainText("Cases");
    await expect(toggle).toContainText(DEMO.admin.email);
    const status = toggle
      .getByRole("table", { name: "What changed (1 of 1 field)" })
      .getByRole("row", { name: /Status/ });
    await expect(status.getByRole("cell")).toHaveText(["Active", "Archived"]);
    await expectWords(auditPanel, [caseId]);
    const auditRaw = await openRawRecord(page, toggle);
    await expect(auditRaw).toContainText('"action": "case.toggle_status"');
    await expect(auditRaw).toContainText(`"recordId": "${caseId}"`);
    await expectAccessible(page, "logs: audit trail, a raw record open");
    if (process.env.ADMIN_SCREENSHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        await toggle.screenshot({ path: `test-results/admin-screens/audit-entry-${width}.png` });
      }
    }
  });
});
