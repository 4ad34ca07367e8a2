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
