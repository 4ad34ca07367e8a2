import { DEMO, expect, expectAccessible, signIn, signUp, test, withApi } from "./fixtures";

test.describe("Help & Support", () => {
  test("search finds questions, says when nothing matches, and Clear search restores them", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/help");
    await expect(page.getByRole("heading", { level: 1, name: "Help & Support" })).toBeVisible();
    for (const group of ["Getting Started", "Using the App", "Premium Features", "Legal Disclaimers"]) {
      await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
    }
    const search = page.getByLabel("Search help");
    const uploadQuestion = page.getByRole("button", { name: "How many messages can I send in a case?" });
    const startQuestion = page.getByRole("button", { name: "How do I start a new legal chat?" });

    await search.fill("SEND IN A CASE");
    await expect(uploadQuestion).toBeVisible();
    await expect(startQuestion).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: /matches your search/ })).toBeVisible();

    // Answers open and close (disclosure buttons).
    await expect(uploadQuestion).toHaveAttribute("aria-expanded", "false");
    await uploadQuestion.click();
    await expect(uploadQuestion).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/you can send 10 messages in each case/)).toBeVisible();
    await uploadQuestion.click();
    await expect(page.getByText(/you can send 10 messages in each case/)).toBeHidden();

    // Answers are searched too: 'privilege' is only in an answer.
    await search.fill("privilege");
    await expect(
      page.getByRole("button", { name: "Does using LawGuide create an attorney-client relationship?" }),
    ).toBeVisible();

    // Members search in their own words: 'deposit' finds which questions can be asked (tenants').
    await search.fill("deposit");
    await expect(page.getByRole("button", { name: "What kind of questions can I ask?" })).toBeVisible();
    await search.fill("lawyer");
    await expect(page.getByRole("button", { name: "How do I ask to be referred to an attorney?" })).toBeVisible();

    await search.fill("xylophone quantum");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(search).toBeFocused();
    await expect(startQuestion).toBeVisible();
    await expect(uploadQuestion).toBeVisible();
  });

  test("a Free member sees phone support locked, and the contacts", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/help");
    // No live chat is offered: there is none to reach.
    await expect(page.getByText("Live Chat")).toHaveCount(0);
    await expect(page.getByText("Response within 24 hours")).toBeVisible();
    await expect(page.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
    await expect(page.getByText("Phone support is for Premium members.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/dashboard/premium");
    await expect(page.getByText("Call us from the number in your Premium welcome e-mail")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Legal notice" })).toBeVisible();
    await expectAccessible(page, "help (free)");

    await page.getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(/\/dashboard\/premium$/);
  });

  test("a Premium member sees the support line the administrator set, or is told to write", async ({ page }) => {
    await signIn(page, DEMO.premium.email, DEMO.premium.password);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto("/dashboard/help");
    await expect(page.getByText("There is no phone line yet: write to")).toBeVisible();
    await expect(page.getByText("Phone support is for Premium members.")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toHaveCount(0);

    const setPhone = (supportPhone: string) =>
      withApi(async (api) => {
        const saved = await api.put("/api/admin/settings/general", { data: { supportPhone } });
        expect(saved.status()).toBe(200);
      }, DEMO.admin);
    await setPhone("+1 (800) 555-0142");
    try {
      await page.reload();
      await expect(page.getByRole("link", { name: "+1 (800) 555-0142" })).toHaveAttribute("href", "tel:+18005550142");
      await expect(page.getByText("Available", { exact: true })).toBeVisible();
      await expectAccessible(page, "help (premium)");
    } finally {
      await setPhone("");
    }
  });
});
