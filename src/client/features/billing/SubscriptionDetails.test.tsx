import type { BillingStatus, SubscriptionView } from "@shared/schemas/billing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { fakeApi, json } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import { describe, expect, it } from "vitest";
import { SubscriptionDetails } from "./SubscriptionDetails";

function statusWith(subscription: Partial<SubscriptionView>): BillingStatus {
  return {
    mode: "demo",
    plan: "premium",
    trialAvailable: false,
    trialDays: 7,
    subscription: {
      plan: "Premium Solutions",
      planId: "premium",
      status: "active",
      currentPeriodStart: "2026-11-01T00:00:00.000Z",
      currentPeriodEnd: "2026-12-01T00:00:00.000Z",
      cancelAtPeriodEnd: false,
      paymentMethodBrand: "visa",
      paymentMethodLast4: "4242",
      graceUntil: null,
      source: "demo",
      ...subscription,
    },
  } as BillingStatus;
}

function show(status: BillingStatus) {
  fakeApi({ "GET /api/me": () => json({ user: null }) });
  const client = new QueryClient();
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <QueryClientProvider client={client}>
            <SubscriptionDetails status={status} onError={() => {}} />
          </QueryClientProvider>
        ),
      },
    ],
    "/",
  );
}

describe("the subscription on the Premium page", () => {
  it("offers to cancel a subscription the member pays for", async () => {
    show(statusWith({ source: "demo" }));
    expect(await screen.findByRole("button", { name: "Cancel subscription" })).toBeTruthy();
  });

  it("offers neither cancel nor resume for a plan an administrator gave, and says when it ends", async () => {
    show(statusWith({ source: "admin", cancelAtPeriodEnd: false }));
    expect(await screen.findByText(/Given to you by LawGuide until Dec 1, 2026/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Resume subscription" })).toBeNull();
  });
});
