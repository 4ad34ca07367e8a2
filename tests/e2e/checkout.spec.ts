import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signUp, test } from "./fixtures";

/** From the Premium page's plan picker to the demo checkout of Premium Solutions; returns its address. */
async function openCheckout(page: Page): Promise<string> {
  await page.goto("/dashboard/premium");
  await page.getByRole("button", { name: "Choose Your Plan" }).click();
  await page.getByRole("button", { name: "Subscribe Now: Premium Solutions" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
  await expect(page.getByRole("heading", { name: "Subscribe to Premium Solutions" })).toBeVisible();
  return page.url();
}

const cardNumber = (page: Page) => page.getByRole("textbox", { name: "Card number" });
const expiry = (page: Page) => page.getByRole("textbox", { name: "Expiry (MM/YY)" });
const cvc = (page: Page) => page.getByRole("textbox", { name: "CVC" });
const nameOnCard = (page: Page) => page.getByRole("textbox", { name: "Name on card" });
const submit = (page: Page) => page.getByRole("button", { name: "Start free trial" });

/** The field is marked invalid, and the text it names in aria-describedby is `text`. */
async function expectFieldError(field: Locator, text: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(text);
}

/** The public site's header: the logo home, the landing page's sections, and the account's way in. */
async function expectPublicHeader(page: Page, signedIn: boolean) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "LawGuide home" })).toHaveAttribute("href", "/welcome");
  if (signedIn) await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  else await expect(header.getByRole("link", { name: "Register Free" })).toHaveAttribute("href", "/register");
  const width = page.viewportSize()?.width ?? 1280;
  if (width >= 768) {
    const sections = header.getByRole("navigation", { name: "Page sections" });
    await expect(sections.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/welcome#pricing");
  } else {
    await expect(header.getByRole("button", { name: "Menu" })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

test.describe("the demo checkout", () => {
  test("its placeholders read as examples, and an empty form is told what each field needs", async ({ page }) => {
    await signUp(page);
    await openCheckout(page);
    for (const field of [cardNumber(page), expiry(page), cvc(page)]) {
      await expect(field).toHaveValue("");
      await expect(field).toHaveAttribute("placeholder", /^e\.g\. /);
    }

    await submit(page).click();
    await expectFieldError(cardNumber(page), "Enter your card number.");
    await expectFieldError(expiry(page), "Enter the expiry date.");
    await expectFieldError(cvc(page), "Enter the CVC.");
    await expect(cardNumber(page)).toBeFocused();
    await expect(nameOnCard(page)).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText("Your card number is invalid.")).toHaveCount(0);
    await expectAccessible(page, "demo checkout (empty form sent)");

    // A wrong card is still answered by the server's own rule, beside its field.
    await cardNumber(page).fill("1234");
    await expect(cardNumber(page)).not.toHaveAttribute("aria-invalid");
    await expiry(page).fill("12/34");
    await cvc(page).fill("123");
    await submit(page).click();
    await expectFieldError(cardNumber(page), "Your card number is invalid.");
    await expect(expiry(page)).not.toHaveAttribute("aria-invalid");

    // A real card's number is not charged here: the field names the test cards.
    await cardNumber(page).fill("4111 1111 1111 1111");
    await submit(page).click();
    await expectFieldError(
      cardNumber(page),
      "This test checkout takes its test cards only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. No real card is ever charged.",
    );
  });

  test("after a decline, Try Again keeps the form and marks the card number; the next card pays", async ({ page }) => {
    await signUp(page);
    const first = await openCheckout(page);
    await cardNumber(page).fill("4000 0000 0000 0002");
    await expiry(page).fill("12/34");
    await cvc(page).fill("123");
    await nameOnCard(page).fill("Ada Lovelace");
    await submit(page).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expectAccessible(page, "demo checkout (declined)");

    // By keyboard: the way on has the focus the form's button had.
    await expect(page.getByRole("button", { name: "Try Again" })).toBeFocused();
    await page.keyboard.press("Enter");
    // Still the checkout (a new one of the same plan), not the Premium page.
    await expect(page).not.toHaveURL(first);
    await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
    await expect(page.getByRole("heading", { name: "Subscribe to Premium Solutions" })).toBeVisible();
    await expect(cardNumber(page)).toBeFocused();
    await expectFieldError(cardNumber(page), "This card was declined. Enter another card number.");
    await expect(expiry(page)).toHaveValue("12/34");
    await expect(cvc(page)).toHaveValue("123");
    await expect(nameOnCard(page)).toHaveValue("Ada Lovelace");
    await expectAccessible(page, "demo checkout (trying again)");

    // The declined number is selected: the next card typed takes its place.
    await page.keyboard.type("4242 4242 4242 4242");
    await expect(cardNumber(page)).toHaveValue("4242 4242 4242 4242");
    await expect(cardNumber(page)).not.toHaveAttribute("aria-invalid");
    await submit(page).click();
    await expect(page.getByRole("heading", { name: "Thank you for subscribing!" })).toBeVisible();
  });

  test("the success page gives a receipt a person can read, not the checkout's id", async ({ page }) => {
    await signUp(page);
    await openCheckout(page);
    await cardNumber(page).fill("4242 4242 4242 4242");
    await expiry(page).fill("12/34");
    await cvc(page).fill("123");
    await submit(page).click();
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=demo_/);
    const sessionId = new URL(page.url()).searchParams.get("session_id") ?? "";
    const receipt = page.getByRole("region", { name: "Receipt" });
    await expect(receipt).toBeVisible();
    const line = (term: string) => receipt.locator("div").filter({ has: page.getByText(term, { exact: true }) });
    await expect(line("Plan")).toContainText("Premium Solutions");
    await expect(line("Amount")).toContainText(
      /^Amount\$0 today, then \$29\.99 per month from [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    const today = new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
    await expect(line("Date")).toContainText(today);
    const expected = sessionId
      .slice(5)
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(-8)
      .toUpperCase();
    await expect(line("Receipt number")).toContainText(`${expected.slice(0, 4)}-${expected.slice(4)}`);
    await expect(page.getByText(/demo_/)).toHaveCount(0);
    await expectAccessible(page, "checkout success (receipt)");
  });

  test("the checkout pages have the public site's header, at 375 and 1280 px", async ({ page }) => {
    // Signed out: the cancel page (the success page tells them to sign in).
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/checkout/cancel");
      await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
      await expectPublicHeader(page, false);
      await page.goto("/checkout/success?session_id=demo_abcdefgh12345678");
      await expect(page.getByText("Please log in to continue")).toBeVisible();
      await expectPublicHeader(page, false);
    }
    await signUp(page);
    await openCheckout(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectPublicHeader(page, true);
    }
    await page.goto("/checkout/cancel");
    await expectPublicHeader(page, true);
    await expectAccessible(page, "checkout cancel (signed in)");
  });
});
