import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, expectAccessible, signInByApi, signUp, test } from "./fixtures";

/** Errors the page writes to its console, or throws, while the journey runs. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** The Document Center's templates tab, with what each template costs the member read. */
async function openTemplates(page: Page) {
  await page.goto("/dashboard/create?tab=templates");
  await expect(page.getByRole("heading", { name: "Template Selection" })).toBeVisible();
  // The Complex templates' standing is read from the server: wait until no card is still checking.
  await expect(page.getByText("Checking…")).toHaveCount(0);
}

/** A template's card in the catalogue. */
const card = (page: Page, name: string): Locator =>
  page.getByRole("tabpanel", { name: "Document Templates" }).getByRole("article", { name });

/** The value of a card's fact (Cost, Time, ...). */
const fact = (cardLocator: Locator, term: string) =>
  cardLocator
    .locator("dl > div")
    .filter({ has: cardLocator.page().getByText(term, { exact: true }) })
    .locator("dd");

const BASIC = ["Last Will and Testament", "Residential Lease Agreement", "Cease and Desist Letter"] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A question by its label (the label ends with an asterisk when the question is required). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

/** A card expiry two years from now (MM/YY). */
function futureExpiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, "0")}`;
}

/** The Revocable Living Trust's questions, answered. */
async function fillLivingTrust(page: Page) {
  await field(page, "Your Full Legal Name").fill("Maria Elena Lopez");
  await field(page, "Your Address").fill("12 Oak Street, Fresno, CA 93701");
  await field(page, "State of Residence").selectOption("California");
  await page.getByRole("radiogroup", { name: "Serve as Your Own Trustee" }).getByRole("radio", { name: "Yes" }).check();
  await field(page, "Successor Trustee").fill("David Chen");
  await field(page, "Beneficiaries").fill("Sara Lopez (daughter): 50%\nLuis Lopez (son): 50%");
  await field(page, "How to Divide the Trust").selectOption("In the shares I listed");
  await page.getByRole("radiogroup", { name: "Young Beneficiaries" }).getByRole("radio", { name: "No" }).check();
  await field(page, "Trust Property").fill("Home at 12 Oak Street; savings account at First Bank");
  await field(page, "Who Decides Incapacity").selectOption("Two licensed physicians");
  await page
    .getByRole("radiogroup", { name: "Successor Trustee Pay" })
    .getByRole("radio", { name: "Expenses only" })
    .check();
}

test.describe("buying a template once", () => {
  test("a Free member buys the Living Trust, opens it from the success page, generates it, and the LLC stays for sale", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = consoleErrors(page);
    await signUp(page);
    await openTemplates(page);

    // What each template costs this member, said plainly.
    for (const name of BASIC) {
      await expect(fact(card(page, name), "Cost")).toHaveText("Included in your plan");
      await expect(card(page, name).getByRole("button", { name: `Use this template: ${name}` })).toBeEnabled();
    }
    const trust = card(page, "Revocable Living Trust");
    await expect(fact(trust, "Cost")).toHaveText("$69.99, one-time");
    await expect(trust.getByRole("button", { name: /Use this template/ })).toHaveCount(0);
    await expect(trust.getByRole("link", { name: "Or get every template with Premium" })).toHaveAttribute(
      "href",
      "/dashboard/premium",
    );
    const llc = card(page, "LLC Operating Agreement");
    await expect(fact(llc, "Cost")).toHaveText("$79.99, one-time");
    await expect(llc.getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" })).toBeVisible();
    await expectAccessible(page, "template catalogue (Free member)");

    // The demo checkout: a one-time payment of the template's price, nothing by the month.
    await trust.getByRole("button", { name: "Buy for $69.99: Revocable Living Trust" }).click();
    await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
    await expect(page.getByRole("heading", { name: "Buy Revocable Living Trust" })).toBeVisible();
    await expect(page.getByText("One-time payment", { exact: true })).toBeVisible();
    await expect(page.getByText(/^\$69\.99, paid once\. Nothing renews/)).toBeVisible();
    await expect(page.getByText(/per month|free trial/i)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard/create?tab=templates");
    await expectAccessible(page, "demo checkout (template)");

    await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
    await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill(futureExpiry());
    await page.getByRole("textbox", { name: "CVC" }).fill("123");
    await page.getByRole("button", { name: "Pay $69.99" }).click();

    // The success page: the template is the member's, with its receipt.
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=demo_/);
    await expect(page.getByRole("heading", { name: "Revocable Living Trust is yours" })).toBeVisible();
    const receipt = page.getByRole("region", { name: "Receipt" });
    const line = (term: string) => receipt.locator("div").filter({ has: page.getByText(term, { exact: true }) });
    await expect(line("Template")).toContainText("Revocable Living Trust");
    await expect(line("Amount")).toContainText("$69.99, one-time payment");
    await expect(page.getByText(/demo_/)).toHaveCount(0);
    await expectAccessible(page, "checkout success (template)");

    // 'Open the template': the generator on its first question.
    await page.getByRole("link", { name: "Open the template" }).click();
    await expect(page.getByRole("heading", { name: "Document Information" })).toBeFocused();
    await expect(page.getByRole("form", { name: "Revocable Living Trust questions" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/create\?tab=templates$/);
    await fillLivingTrust(page);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Review & Generate" })).toBeFocused();
    await page.getByRole("button", { name: "Generate Document" }).click();
    await expect(page.getByRole("heading", { name: "Download" })).toBeFocused({ timeout: 15_000 });
    await expect(page.getByText("Your document has been generated")).toBeVisible();

    // Back at the catalogue: the trust is theirs, the LLC still for sale.
    await page.getByRole("button", { name: "Create another document" }).click();
    await expect(page.getByRole("heading", { name: "Template Selection" })).toBeFocused();
    await expect(fact(card(page, "Revocable Living Trust"), "Cost")).toHaveText("Purchased");
    await expect(
      card(page, "Revocable Living Trust").getByRole("button", { name: "Use this template: Revocable Living Trust" }),
    ).toBeEnabled();
    await expect(fact(card(page, "LLC Operating Agreement"), "Cost")).toHaveText("$79.99, one-time");
    await expect(page.getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" })).toBeVisible();
    // Still so after a fresh load.
    await openTemplates(page);
    await expect(fact(card(page, "Revocable Living Trust"), "Cost")).toHaveText("Purchased");
    await expect(fact(card(page, "LLC Operating Agreement"), "Cost")).toHaveText("$79.99, one-time");
    await expectAccessible(page, "template catalogue (one bought)");

    // Listed with what was paid on the Premium page and on Profile, each with a way back to it.
    for (const where of ["/dashboard/premium", "/dashboard/profile"]) {
      await page.goto(where);
      const bought = page.getByRole("region", { name: "Templates you bought" });
      await expect(bought.getByText("Revocable Living Trust")).toBeVisible();
      await expect(bought.getByText(/^Bought [A-Z][a-z]{2} \d{1,2}, \d{4} for \$69\.99$/)).toBeVisible();
      await expect(bought.getByText("LLC Operating Agreement")).toHaveCount(0);
      await expectAccessible(page, `templates bought on ${where}`);
    }
    await page.getByRole("link", { name: "Open Revocable Living Trust" }).click();
    await expect(page.getByRole("form", { name: "Revocable Living Trust questions" })).toBeVisible();

    expect(errors).toEqual([]);
  });

  test("a link to a template for sale shows the offer to buy it, never its form", async ({ page }) => {
    const errors = consoleErrors(page);
    await signUp(page);
    await page.goto("/dashboard/create?tab=templates&template=llc");
    const notice = page.getByRole("region", { name: "LLC Operating Agreement is not in your plan" });
    await expect(notice).toBeFocused();
    await expect(notice).toContainText("Buy it once for $79.99");
    await expect(notice.getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" })).toBeVisible();
    await expect(page.getByRole("form", { name: "LLC Operating Agreement questions" })).toHaveCount(0);
    await expectAccessible(page, "template for sale (linked)");

    // Cancel on its checkout returns to the templates.
    await notice.getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" }).click();
    await expect(page.getByRole("heading", { name: "Buy LLC Operating Agreement" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/dashboard\/create\?tab=templates$/);
    await expect(page.getByRole("heading", { name: "Template Selection" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a Premium member sees both Complex templates included", async ({ page }) => {
    const errors = consoleErrors(page);
    await signInByApi(page, DEMO.premium);
    await openTemplates(page);
    for (const name of ["Revocable Living Trust", "LLC Operating Agreement"]) {
      await expect(fact(card(page, name), "Cost")).toHaveText("Included with Premium");
      await expect(card(page, name).getByRole("button", { name: `Use this template: ${name}` })).toBeEnabled();
    }
    for (const name of BASIC) await expect(fact(card(page, name), "Cost")).toHaveText("Included in your plan");
    await expect(page.getByRole("button", { name: /^Buy for/ })).toHaveCount(0);
    await expectAccessible(page, "template catalogue (Premium member)");
    expect(errors).toEqual([]);
  });
});
