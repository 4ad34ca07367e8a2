import { readFile } from "node:fs/promises";
import {
  anotherPage,
  DEMO,
  expect,
  expectAccessible,
  newChat,
  register,
  sendMessage,
  signInByApi,
  test,
} from "./fixtures";

/** A day `days` before today as the member writes it: "November 12, 2026". */
function daysAgo(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  return day.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/**
 * A member's key date from their own words to their calendar: stated in a deposit case, offered
 * and added, its deadline shown with the law's citation, downloaded as an .ics event, fed to a
 * private calendar address, and its reminder mailed (found by an administrator in the Mail list).
 */
test.describe("key dates", () => {
  test("a move-out date stated in a chat becomes a deadline with its citation, a calendar event, a feed and a reminder", async ({
    page,
    browser,
  }) => {
    const member = await register(page);
    await newChat(page);
    const movedOut = daysAgo(25);
    // Under 100 characters: a Free member's short question is answered at once, with no comparison.
    await sendMessage(page, `I moved out in Austin, Texas on ${movedOut}. When is my security deposit due back?`);

    // The answer (the fake OpenAI provider's) comes with the law library's fact it was given.
    const sources = page.getByRole("list", { name: "Sources from LawGuide's law library" });
    await expect(sources).toBeVisible({ timeout: 20_000 });
    await expect(sources.getByRole("listitem").first()).toContainText("Tex. Prop. Code § 92.103");
    await expect(sources.getByRole("listitem").first()).toContainText("not verified");

    // The offer to add the date: nothing is added until the member says yes.
    const offer = page.getByRole("region", { name: "Add this date to your key dates?" });
    await expect(offer).toContainText(`I moved out and returned the keys`);
    await expect(offer).toContainText("(Texas)");
    await expectAccessible(page, "chat: answer sources and key-date offer");
    await offer.getByRole("button", { name: "Add to Key Dates" }).click();
    await expect(offer.getByText("Added to this case's key dates.")).toBeVisible();

    // The deadline, with the law's citation.
    await offer.getByRole("button", { name: "See Key Dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Key dates" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      /Your landlord must return your deposit or send a list of deductions by \w+day, \w+ \d+, \d{4}/,
    );
    await expect(dialog).toContainText("Tex. Prop. Code § 92.103");
    await expectAccessible(page, "key dates panel");

    // The .ics event.
    const downloading = page.waitForEvent("download");
    await dialog
      .getByRole("link", { name: /Add to calendar/ })
      .first()
      .click();
    const download = await downloading;
    const ics = await readFile(await download.path(), "utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toMatch(/SUMMARY:.*deadline/);

    // The private calendar feed, made in the profile: it carries the member's date.
    await page.keyboard.press("Escape");
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Make a Calendar Address" }).click();
    const address = page.getByRole("textbox", { name: "Your calendar feed address" });
    await expect(address).toBeVisible();
    const feedUrl = await address.inputValue();
    const feed = await page.request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("text/calendar");
    expect(await feed.text()).toMatch(/SUMMARY:.*deadline/);

    // The deadline is days away, past the week-before reminder's time: one reminder went at once.
    const admin = await anotherPage(browser);
    try {
      await signInByApi(admin, DEMO.admin);
      await admin.goto("/admin/dashboard");
      await admin
        .getByRole("navigation", { name: "Admin sections" })
        .getByRole("link", { name: "Mail", exact: true })
        .click();
      await expect(admin.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
      const reminder = admin.getByRole("article").filter({ hasText: member.email }).filter({ hasText: "Coming up:" });
      // The reminder's job runs on its own: the list is read again until it shows.
      await expect(async () => {
        await admin.reload();
        await expect(reminder.first()).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    } finally {
      await admin.context().close();
    }
  });
});
