import type { Page } from "@playwright/test";
import { expect, expectAccessible, newChat, openDialog, sendMessage, signUp, test } from "./fixtures";

/** From the Premium page through 'Choose Your Plan' to the demo checkout of a plan. */
async function openCheckout(page: Page, planName: "Basic" | "Premium Solutions") {
  await page.goto("/dashboard/premium");
  await page.getByRole("button", { name: "Choose Your Plan" }).click();
  await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
  await page.getByRole("button", { name: `Subscribe Now: ${planName}` }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
  await expect(page.getByRole("heading", { name: `Subscribe to ${planName}` })).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /Start free trial|Pay \$/ }).click();
}

test.describe("Premium and billing (demo checkout)", () => {
  test("a new member subscribes with the test card and has Premium at once", async ({ page }) => {
    await signUp(page);
    await page.goto("/dashboard/premium");
    await expect(page.getByRole("table", { name: /What Free and Premium Solutions include/ })).toBeVisible();
    await expectAccessible(page, "premium (not subscribed)");
    await page.getByRole("button", { name: "Choose Your Plan" }).click();
    await expect(page.getByText("Most Popular")).toBeVisible();
    await expectAccessible(page, "premium (plan picker)");
    await page.getByRole("button", { name: "Subscribe Now: Premium Solutions" }).click();
    await expect(page.getByText("Test payment")).toBeVisible();
    await expectAccessible(page, "demo checkout");
    await payWith(page, "4242 4242 4242 4242");

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=demo_/);
    await expect(page.getByText("Processing your subscription...")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank you for subscribing!" })).toBeVisible();
    await expect(page.getByText("Welcome to Premium! Your subscription is now active.")).toBeVisible();
    // A human receipt (plan, amount, date, a short number), not the checkout's raw id.
    await expect(page.getByRole("region", { name: "Receipt" })).toContainText("Premium Solutions");
    await expect(page.getByText(/demo_/)).toHaveCount(0);
    await expectAccessible(page, "checkout success");

    // Premium in force: no message counter, and every message opens the full comparison.
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await newChat(page);
    await expect(page.getByText("0/10")).toHaveCount(0);
    await expect(page.getByText("10 left")).toHaveCount(0);
    await sendMessage(page, "Is a verbal agreement binding?");
    await expect(page.getByRole("dialog", { name: "AI Response Comparison" })).toBeVisible();
  });

  test("the decline card is declined with its text and the member stays on Free", async ({ page }) => {
    await signUp(page);
    await openCheckout(page, "Premium Solutions");
    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    // Try Again stays on the checkout (checkout.spec.ts follows it), no longer a link to the plans.
    await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
    await page.goto("/dashboard/premium");
    await expect(page.getByRole("button", { name: "Choose Your Plan" })).toBeVisible();
    await page.goto("/dashboard/profile");
    await expect(page.getByRole("heading", { name: "Free Plan" })).toBeVisible();
  });

  test("a subscriber cancels at the end of the period, sees when it expires, and resumes", async ({ page }) => {
    await signUp(page);
    await openCheckout(page, "Basic");
    await expect(page.getByText("$4 per month")).toBeVisible();
    await payWith(page, "4242424242424242");
    await expect(page.getByText("Welcome to Basic! Your subscription is now active.")).toBeVisible();

    await page.goto("/dashboard/premium");
    await expect(page.getByRole("heading", { name: "Basic" })).toBeVisible();
    await expect(page.getByText(/^Renews on /)).toBeVisible();
    await expectAccessible(page, "premium (subscribed)");
    const dialog = await openDialog(
      page,
      page.getByRole("button", { name: "Cancel subscription" }),
      "Cancel your subscription?",
      { scan: "cancel subscription dialog" },
    );
    await dialog.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(page.getByText(/^Expires on /)).toBeVisible();
    await expect(page.getByText("Your subscription will not renew automatically.")).toBeVisible();
    await page.goto("/dashboard/profile");
    await expect(page.getByText(/^Expires on /)).toBeVisible();

    await page.goto("/dashboard/premium");
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await expect(page.getByText(/^Renews on /)).toBeVisible();
    await expect(page.getByText("Your subscription will not renew automatically.")).toHaveCount(0);
  });

  test("the cancel page offers to try again or to continue with the Free plan", async ({ page }) => {
    await signUp(page);
    await page.goto("/checkout/cancel");
    await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
    await expectAccessible(page, "checkout cancel");
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/dashboard\/premium$/);
    await page.goto("/checkout/cancel");
    await page.getByRole("link", { name: "Continue with Free Plan" }).click();
    await expect(page).toHaveURL(/\/(welcome|dashboard\/cases)$/);
  });
});
