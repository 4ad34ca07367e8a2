import type { CheckoutOutcome } from "@shared/schemas/billing";
import { screen, within } from "@testing-library/react";
import { fakeApi, json, publicSettings, sessionUser } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import { describe, expect, it } from "vitest";
import { CheckoutSuccessPage } from "./CheckoutSuccessPage";

const SESSION = "demo_Ab3dEfGh1jKlMn0pQr5tUv7x";

const complete: CheckoutOutcome = {
  state: "complete",
  planId: "premium",
  template: null,
  status: {
    mode: "demo",
    plan: "premium",
    trialAvailable: false,
    trialDays: 7,
    templatesBought: [],
    subscription: {
      plan: "Premium Solutions",
      planId: "premium",
      status: "active",
      currentPeriodStart: "2026-08-03T12:00:00.000Z",
      currentPeriodEnd: "2026-09-02T12:00:00.000Z",
      cancelAtPeriodEnd: false,
      paymentMethodBrand: "visa",
      paymentMethodLast4: "4242",
      graceUntil: null,
      source: "demo",
    },
  },
};

/** A template bought once (the Revocable Living Trust), as the server tells it. */
const templateOutcome = (state: CheckoutOutcome["state"]): CheckoutOutcome => ({
  state,
  planId: null,
  template: { id: "living-trust", name: "Revocable Living Trust" },
  status: { mode: "demo", plan: "free", trialAvailable: true, trialDays: 7, subscription: null, templatesBought: [] },
});

function showSuccess(signedIn: boolean, outcome: CheckoutOutcome = complete) {
  fakeApi({
    "GET /api/me": () => json({ user: signedIn ? sessionUser() : null }),
    "GET /api/settings/public": () => json(publicSettings()),
    "POST /api/billing/sync": () => json(outcome),
  });
  renderRoutes(
    [{ path: "/checkout/success", element: <CheckoutSuccessPage /> }],
    `/checkout/success?session_id=${SESSION}`,
  );
}

describe("the payment success page", () => {
  it("shows the receipt (plan, amount, date, a short receipt number), never the checkout's id", async () => {
    showSuccess(true);
    expect(screen.getByRole("status")).toHaveTextContent("Processing your subscription...");
    const heading = await screen.findByRole("heading", { name: "Thank you for subscribing!" }, { timeout: 4000 });
    expect(heading).toBeVisible();
    const receipt = screen.getByRole("region", { name: "Receipt" });
    const line = (term: string) => within(receipt).getByText(term).nextElementSibling?.textContent;
    expect(line("Plan")).toBe("Premium Solutions");
    expect(line("Amount")).toBe("$29.99 per month");
    expect(line("Date")).toBe("Aug 3, 2026");
    expect(line("Receipt number")).toBe("QR5T-UV7X");
    expect(document.body.textContent).not.toMatch(/demo_/);
    // The public site's header, as on the other public pages.
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "LawGuide home" })).toBeVisible();
  });

  it("gives someone signed out the short reference only", async () => {
    showSuccess(false);
    expect(await screen.findByText("Please log in to continue", {}, { timeout: 4000 })).toBeVisible();
    expect(screen.getByText("QR5T-UV7X")).toBeVisible();
    expect(document.body.textContent).not.toMatch(/demo_/);
    expect(screen.queryByRole("region", { name: "Receipt" })).toBeNull();
  });
});

describe("the payment success page of a template bought once", () => {
  it("says the template is the member's, with its receipt and a way straight into it", async () => {
    showSuccess(true, templateOutcome("complete"));
    const heading = await screen.findByRole("heading", { name: "Revocable Living Trust is yours" }, { timeout: 4000 });
    expect(heading).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/nothing renews/);
    const open = screen.getByRole("link", { name: "Open the template" });
    expect(open).toHaveAttribute("href", "/dashboard/create?tab=templates&template=living-trust");
    const receipt = screen.getByRole("region", { name: "Receipt" });
    const line = (term: string) => within(receipt).getByText(term).nextElementSibling?.textContent;
    expect(line("Template")).toBe("Revocable Living Trust");
    expect(line("Amount")).toBe("$69.99, one-time payment");
    expect(line("Receipt number")).toBe("QR5T-UV7X");
    expect(document.body.textContent).not.toMatch(/subscri|per month|trial/i);
  });

  it("says so while the payment is still being confirmed, and when it did not go through", async () => {
    showSuccess(true, templateOutcome("pending"));
    expect(
      await screen.findByRole("heading", { name: "Your payment is being confirmed" }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/Revocable Living Trust is yours as soon as the payment/);
    expect(screen.queryByRole("link", { name: "Open the template" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Receipt" })).toBeNull();
  });

  it("says a second payment for a template already owned was refunded, with no receipt", async () => {
    showSuccess(true, templateOutcome("refunded"));
    expect(
      await screen.findByRole("heading", { name: "Revocable Living Trust was already yours" }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/this payment was refunded in full/);
    expect(screen.getByRole("link", { name: "Open the template" })).toBeVisible();
    expect(screen.queryByRole("region", { name: "Receipt" })).toBeNull();
  });

  it("offers to try again from the templates when the payment failed", async () => {
    showSuccess(true, templateOutcome("failed"));
    expect(
      await screen.findByRole("heading", { name: "Your payment did not go through" }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/dashboard/create?tab=templates");
    expect(screen.queryByRole("link", { name: "Open the template" })).toBeNull();
  });
});
