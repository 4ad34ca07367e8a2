import type { Page } from "@playwright/test";
import {
  DEMO,
  expect,
  expectAccessible,
  newChat,
  sameOrigin,
  sendMessage,
  signIn,
  signUp,
  steerOpenAI,
  test,
} from "./fixtures";

/** A new member's new case, loaded afresh; the scripts the page asks for (the list keeps growing). */
async function freshChatLoad(page: Page): Promise<string[]> {
  await signUp(page);
  const caseId = await newChat(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".js")) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/dashboard/case/${caseId}`);
  await expect(page.getByRole("textbox", { name: "Your message" })).toBeVisible();
  return scripts;
}

// The fake providers are shared: tests of this file run one after another (fullyParallel is off),
// so a test that slows a provider down does not slow another test's answers.
test.describe("case chat", () => {
  // A test that slows a provider down puts it back even when it fails half-way.
  test.afterEach(async () => {
    await steerOpenAI();
  });

  test("a new member starts with an empty list, then an empty chat with 10 messages", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/cases");
    await expect(page.getByRole("heading", { name: "Welcome to your legal chats" })).toBeVisible();
    await expectAccessible(page, "cases (empty)");
    await newChat(page);
    await expect(page.getByText("AI Legal Assistant")).toBeVisible();
    await expect(page.getByText("10 left")).toBeVisible();
    await expect(page.getByText("0/10")).toBeVisible();
    await expectAccessible(page, "chat (empty)");
  });

  test("the answer streams in, the message is counted, and a keyword brings the document offer", async ({ page }) => {
    await signUp(page);
    await newChat(page);
    // Slow the provider down to watch the answer arrive piece by piece.
    await steerOpenAI({ kind: "ok", tokenDelayMs: 40 });
    await sendMessage(page, "My landlord kept my deposit. What can I do?");
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("My landlord kept my deposit. What can I do?")).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop the answer" })).toBeVisible();
    const partial = conversation.getByText(/Legal information \(OpenAI fake\)/).first();
    await expect(partial).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
    await steerOpenAI();
    await expect(conversation.getByText("Legal information, not legal advice.").first()).toBeVisible();
    await expect(page.getByText("9 left")).toBeVisible();
    await expect(page.getByText("1/10")).toBeVisible();
    // The keyword brought the document offer, two seconds later.
    await expect(conversation.getByRole("link", { name: "Open the Document Center" })).toBeVisible();
    await expectAccessible(page, "chat with an answer");
  });

  test("counts down to the limit, where the composer locks and the server refuses message 11", async ({ page }) => {
    await signUp(page);
    const caseId = await newChat(page);
    for (let i = 1; i <= 8; i++) {
      await sendMessage(page, `Question number ${i}`);
      await expect(page.getByText(`${i}/10`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    }
    await expect(page.getByText("2 messages remaining")).toBeVisible();
    await sendMessage(page, "Question number 9");
    await expect(page.getByText("1 message remaining")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    await sendMessage(page, "Question number 10");
    await expect(page.getByText("You've reached your message limit")).toBeVisible();
    const input = page.getByRole("textbox", { name: "Your message" });
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute("placeholder", "Upgrade to continue chatting...");
    await expectAccessible(page, "chat at the limit");

    // The server agrees, whatever the page does.
    const refused = await page.request.post(`/api/cases/${caseId}/messages`, {
      data: { content: "An eleventh question" },
      headers: sameOrigin(),
    });
    expect(refused.status()).toBe(402);
  });

  test("at the limit, Upgrade to Premium opens the offer, which leads to Premium", async ({ page }) => {
    await signUp(page);
    const caseId = await newChat(page);
    // Ten messages through the API, each answered in full, as the page sends them.
    for (let i = 1; i <= 10; i++) {
      const sent = await page.request.post(`/api/cases/${caseId}/messages`, {
        data: { content: `Question number ${i}` },
        headers: sameOrigin(),
      });
      expect(sent.status(), `message ${i}`).toBe(200);
      await sent.body();
    }
    await page.goto(`/dashboard/case/${caseId}`);
    await expect(page.getByText("You've reached your message limit")).toBeVisible();

    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade to Premium" });
    await expect(upgrade).toBeVisible();
    await expect(upgrade.getByText("$29.99 per month")).toBeVisible();
    await expectAccessible(page, "upgrade dialog");
    await upgrade.getByRole("link", { name: "See Premium" }).click();
    await expect(page).toHaveURL(/\/dashboard\/premium$/);
  });

  test("Stop keeps the partial answer, Regenerate writes it again", async ({ page }) => {
    await signUp(page);
    await newChat(page);
    await steerOpenAI({ kind: "ok", tokenDelayMs: 150 });
    await sendMessage(page, "Please explain slowly");
    await expect(page.getByText(/Legal information \(OpenAI fake\)/).first()).toBeVisible();
    await page.getByRole("button", { name: "Stop the answer" }).click();
    await expect(page.getByText("Stopped", { exact: true })).toBeVisible({ timeout: 10_000 });
    await steerOpenAI();
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect(page.getByText("Stopped", { exact: true })).toBeHidden({ timeout: 10_000 });
    await expect(page.getByText(/Legal information \(OpenAI fake\)/).first()).toBeVisible();
  });

  test("an example chat sends its question by itself", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/home");
    await expect(page.getByRole("heading", { name: /Welcome, Jordan/ })).toBeVisible();
    await expectAccessible(page, "dashboard home");
    await page.getByRole("button", { name: /Writing a simple will/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/case\//);
    const conversation = page.getByRole("region", { name: "Conversation" });
    // Typing during that second re-renders the page; the question must still go out by itself.
    await expect(conversation.getByText("Describe your situation")).toBeVisible();
    await page.getByRole("textbox", { name: "Your message" }).pressSequentially("I", { delay: 50 });
    await expect(conversation.getByText(/married with two young children/).first()).toBeVisible();
    await expect(conversation.getByText(/Legal information \(OpenAI fake\)/).first()).toBeVisible({ timeout: 10_000 });
    await page.goto("/dashboard/cases");
    await expect(
      page.getByRole("link", { name: /married with two young children|Writing a simple will/ }),
    ).toBeVisible();
    // The card names the example, never the words meant for the program, and shows its two
    // moments (updated, last message) in one format.
    const card = page.getByRole("article").first();
    await expect(card.getByText('Started from the example "Writing a simple will"')).toBeVisible();
    await expect(card.getByText(/User selected/)).toHaveCount(0);
    const moment = /^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M$/;
    await expect(card.locator("dt", { hasText: "Updated" }).locator("+ dd")).toHaveText(moment);
    await expect(card.locator("dt", { hasText: "Last message" }).locator("+ dd")).toHaveText(moment);
  });

  test("New Chat opens the newest untouched case instead of adding an empty one each time", async ({ page }) => {
    await signUp(page);
    const first = await newChat(page);
    expect(await newChat(page)).toBe(first);
    await sendMessage(page, "Can my employer cut my pay without notice?");
    await expect(
      page
        .getByRole("region", { name: "Conversation" })
        .getByText(/Legal information/)
        .first(),
    ).toBeVisible({
      timeout: 10_000,
    });
    const second = await newChat(page);
    expect(second).not.toBe(first);
    await page.goto("/dashboard/cases");
    await expect(page.getByRole("article")).toHaveCount(2);
  });

  test("refers a case to an attorney from the chat menu", async ({ page }) => {
    await signUp(page);
    await newChat(page);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Refer to Attorney" }).click();
    const dialog = page.getByRole("dialog", { name: "Refer to an attorney" });
    await expect(dialog.getByText(/not a law firm/)).toBeVisible();
    await expectAccessible(page, "referral dialog");
    await dialog.getByRole("button", { name: "Request Referral" }).click();
    await expect(
      page.getByText("Attorney referral process initiated. You will be contacted within 24 hours.").first(),
    ).toBeVisible();
    await expect(page.getByText("Referred to attorney")).toBeVisible();
  });

  test("a toast at 375 px covers neither the message box, its Send button nor the tabs", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUp(page);
    await newChat(page);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Refer to Attorney" }).click();
    await page
      .getByRole("dialog", { name: "Refer to an attorney" })
      .getByRole("button", { name: "Request Referral" })
      .click();
    // The toast itself (a list item of the notifications region), not its screen-reader copy.
    const toast = page.locator("li").filter({ hasText: "Attorney referral process initiated" });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast has no box");
    for (const target of [
      page.getByRole("textbox", { name: "Your message" }),
      page.getByRole("button", { name: "Send message" }),
      page.getByRole("navigation", { name: "Main" }),
    ]) {
      const other = await target.boundingBox();
      if (!other) throw new Error(`${target} has no box`);
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
  });

  test("refers, archives and restores cases from the list", async ({ page }) => {
    await signUp(page);
    const referred = await newChat(page);
    const response = await page.request.post(`/api/cases/${referred}/referral`, { headers: sameOrigin() });
    expect(response.status()).toBe(201);
    await newChat(page);
    await page.goto("/dashboard/cases");
    await expect(page.getByText("Referred", { exact: true })).toBeVisible();
    const active = page.getByRole("article").filter({ hasText: "Active" });
    await active.getByRole("button", { name: "Refer to Attorney" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Request Referral" }).click();
    await expect(page.getByText("Referred", { exact: true })).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Refer to Attorney" })).toHaveCount(0);
    await expectAccessible(page, "cases list");

    // Archive and restore.
    await page.getByRole("button", { name: "Archive" }).first().click();
    await expect(page.getByText("Archived", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Archived", { exact: true })).toHaveCount(0);
  });

  test("archives a case from the chat menu, which locks the composer, and restores it", async ({ page }) => {
    await signUp(page);
    await newChat(page);
    await sendMessage(page, "Can my employer change my shifts without notice?");
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Archive case" }).click();
    await expect(page.getByText("Case archived. You can restore it at any time.").first()).toBeVisible();
    await expect(page.getByText("Archived case")).toBeVisible();
    await expect(page.getByText("This case is archived. Restore it to continue the conversation.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Your message" })).toBeDisabled();
    await expect(page.getByRole("menuitem")).toHaveCount(0);
    await expectAccessible(page, "archived chat");
    // Nothing in the conversation takes focus now, yet the keyboard still reaches it to scroll it.
    await page.getByRole("button", { name: "More actions" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("region", { name: "Conversation" }).locator("..")).toBeFocused();

    await page.getByRole("button", { name: "More actions" }).click();
    await expect(page.getByRole("menuitem", { name: "Refer to Attorney" })).toBeDisabled();
    await page.getByRole("menuitem", { name: "Restore case" }).click();
    await expect(page.getByText("Case restored.").first()).toBeVisible();
    await expect(page.getByText("AI Legal Assistant")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Your message" })).toBeEnabled();
    // The conversation is still there.
    await expect(
      page
        .getByRole("region", { name: "Conversation" })
        .getByText("Can my employer change my shifts without notice?", { exact: true }),
    ).toBeVisible();
  });

  test("a long question from a Free member opens previews, and the standard answer is one click away", async ({
    page,
  }) => {
    await signUp(page);
    await newChat(page);
    const long =
      "My employer stopped paying overtime three months ago and now says I am a contractor, although nothing about my job changed. What are my options?";
    await sendMessage(page, long);
    const dialog = page.getByRole("dialog", { name: "AI Response Comparison" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/% confident/)).toHaveCount(2);
    await expect(dialog.getByRole("button", { name: "Upgrade to see the full answer" })).toHaveCount(2);
    await expectAccessible(page, "comparison (free)");
    await dialog.getByRole("button", { name: "Continue with standard answer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("1/10")).toBeVisible();
    await expect(page.getByText(/Legal information \(OpenAI fake\)/).first()).toBeVisible();
  });

  test("the Premium demo member compares both providers and keeps one answer", async ({ page }) => {
    await signIn(page, DEMO.premium.email, DEMO.premium.password);
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
    await newChat(page);
    await expect(page.getByText(/left$/)).toHaveCount(0);
    await sendMessage(page, "Can I break my lease early?");
    const dialog = page.getByRole("dialog", { name: "AI Response Comparison" });
    await expect(dialog.getByRole("heading", { name: "Claude (Anthropic)" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "GPT (OpenAI)" })).toBeVisible();
    await expect(dialog.getByText(/Anthropic fake/).first()).toBeVisible();
    await expect(dialog.getByText(/OpenAI fake/).first()).toBeVisible();
    const keep = dialog.getByRole("button", { name: "Use this answer" });
    await expect(keep.first()).toBeEnabled();
    await expectAccessible(page, "comparison (premium)");
    await keep.first().click();
    await expect(dialog).toBeHidden();
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("Can I break my lease early?", { exact: true })).toBeVisible();
    await expect(conversation.getByText(/Anthropic fake/).first()).toBeVisible();
    await page.reload();
    await expect(conversation.getByText(/Anthropic fake/).first()).toBeVisible();
  });

  test("the modals load after the conversation, work when opened before that, and hand focus back", async ({
    page,
  }) => {
    // A fresh load of the chat page: the modals' code is not part of it.
    const scripts = await freshChatLoad(page);
    expect(scripts.filter((p) => /Dialog-/.test(p))).toEqual([]);

    // Opened by keyboard at once, before the code would have loaded by itself.
    const upgradeButton = page.getByRole("button", { name: "Upgrade", exact: true });
    await upgradeButton.focus();
    await page.keyboard.press("Enter");
    const upgrade = page.getByRole("dialog", { name: "Upgrade to Premium" });
    await expect(upgrade).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(upgrade).toBeHidden();
    await expect(upgradeButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(upgrade).toBeVisible();
    await page.keyboard.press("Escape");

    // The rest arrives by itself a moment after the conversation shows.
    await expect.poll(() => scripts.some((p) => /ComparisonDialog-/.test(p))).toBe(true);
  });

  test("the menus' code loads when a menu is first opened, by mouse or keyboard, and the validators never", async ({
    page,
  }) => {
    const scripts = await freshChatLoad(page);
    await page.waitForLoadState("networkidle");
    // The chat's first load holds no menu (Radix) and no request validator (zod, the schemas' "text" chunk).
    expect(scripts.filter((p) => /DropdownMenuOpen-|\/text-[\w-]+\.js$/.test(p))).toEqual([]);

    // Opened by keyboard at once: Enter opens the case menu on its first item (its code was not
    // loaded when the key came), arrows move, Escape closes, focus returns.
    const more = page.getByRole("button", { name: "More actions" });
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    const items = menu.getByRole("menuitem");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    // Opened again by keyboard, now from Radix's own trigger: the first item again.
    await page.keyboard.press("Enter");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(more).toBeFocused();

    // The account menu opens with a click, and again after closing.
    const account = page.getByRole("button", { name: /Signed in as/ });
    await account.click();
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await account.click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });

  test("an unknown case shows 'Case not found'", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/case/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Case not found" })).toBeVisible();
    await expectAccessible(page, "case not found");
    await page.getByRole("link", { name: "Return to Legal Chats" }).click();
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
  });
});
