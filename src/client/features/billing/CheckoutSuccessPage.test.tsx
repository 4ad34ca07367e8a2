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
  status: {
    mode: "demo",
    plan: "premium",
    trialAvailable: false,
    trialDays: 7,
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

function showSuccess(signedIn: boolean) {
  fakeApi({
    "GET /api/me": () => json({ user: signedIn ? sessionUser() : null }),
    "GET /api/settings/public": () => json(publicSettings()),
    "POST /api/billing/sync": () => json(complete),
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
