import type { RunningServer } from "../factories/server-process";
import {
  test as base,
  DEMO,
  expect,
  expectAccessible,
  newChat,
  newMember,
  ownServer,
  sendMessage,
  signIn,
  signUp,
} from "./fixtures";

/**
 * The chat as a newcomer meets it on the embedded defaults: no AI provider is configured, so the
 * offline assistant answers, from the law library where the question names a state. These
 * journeys run on a server of their own, with no provider keys.
 */
const test = base.extend<object, { ownServer: RunningServer }>({
  ownServer: ownServer("offline-assistant"),
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

/** A new member of this server, signed in. */
const joinAs = (page: import("@playwright/test").Page, server: RunningServer) =>
  signUp(page, newMember("offline"), { origin: new URL(server.url).origin });

const conversationOf = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Conversation" });

test.describe("the offline assistant", () => {
  test("answers a deposit question naming a state with that state's deadline and statute, and never asks for the state", async ({
    page,
    ownServer,
  }) => {
    await joinAs(page, ownServer);
    await newChat(page);
    await sendMessage(page, "My landlord in Texas kept my security deposit. Is there a deadline?");
    const conversation = conversationOf(page);
    await expect(conversation.getByText(/Security deposit return in Texas:/)).toBeVisible({ timeout: 15_000 });
    await expect(conversation.getByText(/Tex\. Prop\. Code/).first()).toBeVisible();
    await expect(conversation.getByText(/which state/i)).toHaveCount(0);
    await expect(conversation.getByText(/not legal advice/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });

    // A follow-up that names nothing is read with the case: Texas and the deposit.
    await sendMessage(page, "What if they never pay?");
    await expect(conversation.getByText(/Small claims limit in Texas:/).first()).toBeVisible({ timeout: 15_000 });
    await expect(conversation.getByText(/which state/i)).toHaveCount(0);
    await expectAccessible(page, "chat (offline answer with a state's figures)");
  });

  test("a Free member's long question shows one rendered offline preview, said once, not two 'models'", async ({
    page,
    ownServer,
  }) => {
    await joinAs(page, ownServer);
    await newChat(page);
    await sendMessage(
      page,
      "I was fired from my job in Chicago last Friday and my employer says I will get my final paycheck next month. Is that allowed?",
    );
    const dialog = page.getByRole("dialog", { name: "AI Response Comparison" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("No AI model is connected right now")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "LawGuide's offline assistant" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Claude (Anthropic)" })).toHaveCount(0);
    await expect(dialog.getByText(/% confident/)).toHaveCount(0);
    // Rendered as the chat renders it: bold text, no Markdown signs.
    await expect(dialog.locator("strong").first()).toBeVisible();
    await expect(dialog.getByText(/\*\*/)).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Upgrade to see the full answer" })).toHaveCount(1);
    await expectAccessible(page, "comparison (offline, Free)");
    await dialog.getByRole("button", { name: "Continue with standard answer" }).click();
    await expect(
      conversationOf(page)
        .getByText(/Final paycheck in Illinois/)
        .first(),
    ).toBeVisible({
      timeout: 15_000,
    });
  });

  test("a case reads well: its title keeps the gist, wraps at 375 px, and search finds it by the member's words", async ({
    page,
    ownServer,
  }) => {
    await joinAs(page, ownServer);
    await page.setViewportSize({ width: 375, height: 812 });
    await newChat(page);
    await sendMessage(page, "Hi, my landlord in Fresno kept my security deposit. I moved out five weeks ago.");
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toHaveText("My landlord in Fresno kept my security deposit", { timeout: 15_000 });
    // Two lines, nothing hidden.
    const box = await title.evaluate((h) => ({
      lines: Math.round(h.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h).lineHeight)),
      hidden: h.scrollHeight > h.clientHeight + 1 || h.scrollWidth > h.clientWidth + 1,
    }));
    expect(box).toEqual({ lines: 2, hidden: false });
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });

    await page.goto("/dashboard/cases");
    await page.getByRole("searchbox", { name: "Search your cases" }).fill("five weeks");
    await expect(page.getByRole("link", { name: "My landlord in Fresno kept my security deposit" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search your cases" }).fill("small claims");
    await expect(page.getByText(/No cases match/i)).toBeVisible();
  });

  test("a Premium member chooses when answers are compared, and the server keeps to it", async ({ page }) => {
    await signIn(page, DEMO.premium.email, DEMO.premium.password);
    await expect(page).toHaveURL(/\/dashboard\/cases$/);
    await page.goto("/dashboard/profile");
    const select = page.getByLabel("Compare answers");
    await expect(select).toHaveValue("every");
    await select.selectOption("long");
    await expect(page.getByLabel("Compare answers")).toHaveValue("long");
    await expectAccessible(page, "profile (Premium, compare answers)");
    await page.reload();
    await expect(page.getByLabel("Compare answers")).toHaveValue("long");

    await newChat(page);
    // A short question now gets its answer straight away.
    await sendMessage(page, "Is there a deadline for my deposit in Ohio?");
    const conversation = conversationOf(page);
    await expect(conversation.getByText(/Security deposit return in Ohio:/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 15_000 });

    // A long one still opens the comparison: one offline answer, kept with one click.
    await sendMessage(
      page,
      "My landlord gave me a notice to move out of my month-to-month apartment in Ohio with only a week's notice. Is that enough?",
    );
    const dialog = page.getByRole("dialog", { name: "AI Response Comparison" });
    await expect(dialog.getByText("No AI model is connected right now")).toBeVisible();
    const keep = dialog.getByRole("button", { name: "Use this answer" });
    await expect(keep).toHaveCount(1);
    await expect(keep).toBeEnabled({ timeout: 15_000 });
    await keep.click();
    await expect(dialog).toBeHidden();
    await expect(conversation.getByText(/Notice to end a month-to-month tenancy in Ohio:/).first()).toBeVisible();

    // Put the preference back for the other journeys on this server.
    await page.goto("/dashboard/profile");
    await page.getByLabel("Compare answers").selectOption("every");
    await expect(page.getByLabel("Compare answers")).toHaveValue("every");
  });
});
