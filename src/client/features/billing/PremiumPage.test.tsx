import { BILLING_TEXT } from "@shared/messages";
import type { BillingStatus } from "@shared/schemas/billing";
import { screen, within } from "@testing-library/react";
import { fakeApi, json, publicSettings, sessionUser } from "@tests/factories/fake-api";
import { renderPage } from "@tests/factories/upload-client";
import { describe, expect, it } from "vitest";
import { PremiumPage } from "./PremiumPage";

const FREE_STATUS: BillingStatus = {
  mode: "demo",
  plan: "free",
  subscription: null,
  trialAvailable: true,
  trialDays: 7,
  templatesBought: [],
};

describe("the Premium page's comparison", () => {
  it("says the template rule: the basic complexities on Free, the Complex ones bought once or with Premium", async () => {
    fakeApi({
      "GET /api/me": () => json({ user: sessionUser() }),
      "GET /api/settings/public": () => json(publicSettings()),
      "GET /api/billing/status": () => json(FREE_STATUS),
    });
    renderPage(<PremiumPage />, { path: "/dashboard/premium" });
    const table = await screen.findByRole("table", { name: "What Free and Premium Solutions include" });
    const row = within(table).getByRole("row", { name: /^Document templates/ });
    const cells = within(row).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "Simple and Moderate (Complex ones can be bought once)",
      "All, Complex included",
    ]);
  });
});

describe("the templates a member bought", () => {
  it("lists each with what was paid, when, and a link that opens it; nothing when there are none", async () => {
    fakeApi({
      "GET /api/me": () => json({ user: sessionUser() }),
      "GET /api/settings/public": () => json(publicSettings()),
      "GET /api/billing/status": () =>
        json({
          ...FREE_STATUS,
          templatesBought: [
            { id: "living-trust", name: "Revocable Living Trust", amountCents: 6999, boughtAt: "2026-11-02T15:00:00Z" },
          ],
        }),
    });
    renderPage(<PremiumPage />, { path: "/dashboard/premium" });
    const list = await screen.findByRole("region", { name: "Templates you bought" });
    expect(within(list).getByText("Revocable Living Trust")).toBeInTheDocument();
    expect(within(list).getByText("Bought Nov 2, 2026 for $69.99")).toBeInTheDocument();
    expect(within(list).getByRole("link", { name: "Open Revocable Living Trust" })).toHaveAttribute(
      "href",
      "/dashboard/create?tab=templates&template=living-trust",
    );
  });

  it("shows no such list to a member who bought none", async () => {
    fakeApi({
      "GET /api/me": () => json({ user: sessionUser() }),
      "GET /api/settings/public": () => json(publicSettings()),
      "GET /api/billing/status": () => json(FREE_STATUS),
    });
    renderPage(<PremiumPage />, { path: "/dashboard/premium" });
    await screen.findByRole("table", { name: "What Free and Premium Solutions include" });
    expect(screen.queryByRole("region", { name: "Templates you bought" })).toBeNull();
  });
});

describe("a server where no payments are set up", () => {
  it("says so in the plan picker and offers no Subscribe button that could only fail", async () => {
    fakeApi({
      "GET /api/me": () => json({ user: sessionUser() }),
      "GET /api/settings/public": () => json(publicSettings()),
      "GET /api/billing/status": () => json({ ...FREE_STATUS, mode: "off" }),
    });
    renderPage(<PremiumPage />, { path: "/dashboard/premium" });
    (await screen.findByRole("button", { name: "Choose Your Plan" })).click();
    expect(await screen.findByText(BILLING_TEXT.paymentsOff)).toBeVisible();
    for (const button of screen.getAllByRole("button", { name: /^Subscribe Now/ })) expect(button).toBeDisabled();
    expect(screen.getByText("No payments are taken on this copy of LawGuide.")).toBeVisible();
  });
});
