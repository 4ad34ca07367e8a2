import type { DemoCheckout } from "@shared/schemas/billing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ApiCall, apiError, fakeApi, json, publicSettings, sessionUser } from "@tests/factories/fake-api";
import { renderRoutes } from "@tests/factories/render-app";
import { describe, expect, it } from "vitest";
import { CheckoutDemoPage, DECLINED_CARD_TEXT } from "./CheckoutDemoPage";

const FIRST = "demo_firstCheckout1234";
const SECOND = "demo_secondCheckout5678";

const checkoutOf = (sessionId: string, state: DemoCheckout["state"] = "open"): DemoCheckout => ({
  sessionId,
  planId: "premium",
  templateId: null,
  name: "Premium Solutions",
  priceCents: 2999,
  trialDays: 7,
  state,
});

/** The demo checkout of a template bought once (the Revocable Living Trust, $69.99). */
const templateCheckoutOf = (sessionId: string, state: DemoCheckout["state"] = "open"): DemoCheckout => ({
  sessionId,
  planId: null,
  templateId: "living-trust",
  name: "Revocable Living Trust",
  priceCents: 6999,
  trialDays: 0,
  state,
});

/** What the server answers an empty form (its field rules, one message per field). */
const REQUIRED = {
  cardNumber: "Enter your card number.",
  expiry: "Enter the expiry date.",
  cvc: "Enter the CVC.",
};

/** The demo checkout page of `sessionId`, with a fake API; `pay` answers the payment. */
function showCheckout(pay: (call: ApiCall) => Response, first: DemoCheckout = checkoutOf(FIRST)) {
  const api = fakeApi({
    "GET /api/me": () => json({ user: sessionUser() }),
    "GET /api/settings/public": () => json(publicSettings()),
    [`GET /api/billing/demo/${FIRST}`]: () => json(first),
    [`POST /api/billing/demo/${FIRST}/pay`]: pay,
    "POST /api/billing/checkout": () => json({ url: `/checkout/demo/${SECOND}` }),
    [`GET /api/billing/demo/${SECOND}`]: () => json(checkoutOf(SECOND)),
  });
  const router = renderRoutes(
    [
      { path: "/checkout/demo/:sessionId", element: <CheckoutDemoPage /> },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    `/checkout/demo/${FIRST}`,
  );
  return { api, router, user: userEvent.setup() };
}

const field = (label: string) => screen.getByRole("textbox", { name: label });
/** The text of the element(s) a control names in aria-describedby. */
const descriptionOf = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("the demo checkout's form", () => {
  it("starts empty, with placeholders that read as examples, never as values typed in", async () => {
    showCheckout(() => json({ url: "/checkout/success" }));
    await screen.findByRole("heading", { name: /Subscribe to Premium Solutions/ });
    for (const label of ["Card number", "Expiry (MM/YY)", "CVC"]) {
      const control = field(label);
      expect(control).toHaveValue("");
      expect(control.getAttribute("placeholder"), label).toMatch(/^e\.g\. /);
      expect(control).toBeRequired();
    }
    expect(field("Name on card")).not.toBeRequired();
  });

  it("answers an empty form with the server's message beside each field, and focuses the first", async () => {
    const { api, user } = showCheckout(() =>
      json({ error: { code: "INVALID_INPUT", message: REQUIRED.cardNumber, fields: REQUIRED } }, 400),
    );
    await user.click(await screen.findByRole("button", { name: "Start free trial" }));
    await waitFor(() => expect(field("Card number")).toHaveAttribute("aria-invalid", "true"));
    expect(api.callsTo(`POST /api/billing/demo/${FIRST}/pay`)[0]?.body).toEqual({
      cardNumber: "",
      expiry: "",
      cvc: "",
      name: "",
    });
    expect(descriptionOf(field("Card number"))).toBe(REQUIRED.cardNumber);
    expect(descriptionOf(field("Expiry (MM/YY)"))).toBe(REQUIRED.expiry);
    expect(descriptionOf(field("CVC"))).toBe(REQUIRED.cvc);
    expect(field("Name on card")).not.toHaveAttribute("aria-invalid");
    expect(field("Card number")).toHaveFocus();
    expect(screen.queryByText("Your card number is invalid.")).toBeNull();
    // No alert repeats what the fields already say.
    expect(screen.queryByRole("alert")).toBeNull();

    // Typing in a field takes its message away; the others stay until the next answer.
    await user.type(field("Card number"), "4242");
    expect(field("Card number")).not.toHaveAttribute("aria-invalid");
    expect(field("CVC")).toHaveAttribute("aria-invalid", "true");
  });

  it("after a decline, Try Again stays on the form with what was typed, the card number marked and focused", async () => {
    const { api, router, user } = showCheckout(() => apiError(402, "CARD_DECLINED", "Your card was declined."));
    await user.type(await screen.findByRole("textbox", { name: "Card number" }), "4000 0000 0000 0002");
    await user.type(field("Expiry (MM/YY)"), "12/34");
    await user.type(field("CVC"), "123");
    await user.type(field("Name on card"), "Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "Start free trial" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Your card was declined.");
    // The way on takes the focus the form's button had.
    await waitFor(() => expect(screen.getByRole("button", { name: "Try Again" })).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Try Again" }));

    // A new checkout of the same plan, in place: the address is the new one, the page the same.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkout/demo/${SECOND}`));
    expect(api.callsTo("POST /api/billing/checkout")[0]?.body).toEqual({ planId: "premium" });
    const card = await screen.findByRole("textbox", { name: "Card number" });
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAttribute("aria-invalid", "true");
    expect(descriptionOf(card)).toBe(DECLINED_CARD_TEXT);
    expect(card).toHaveValue("4000 0000 0000 0002");
    // Selected, so the next card typed replaces the declined one.
    const input = card as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    expect(field("Expiry (MM/YY)")).toHaveValue("12/34");
    expect(field("CVC")).toHaveValue("123");
    expect(field("Name on card")).toHaveValue("Ada Lovelace");
    expect(screen.queryByText("Elsewhere")).toBeNull();

    // The next card goes to the new checkout.
    api.routes[`POST /api/billing/demo/${SECOND}/pay`] = () => json({ url: `/checkout/success?session_id=${SECOND}` });
    await user.keyboard("4242 4242 4242 4242");
    expect(card).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "Start free trial" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/success"));
    expect(api.callsTo(`POST /api/billing/demo/${SECOND}/pay`)[0]?.body).toMatchObject({
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
    });
  });

  it("shows a checkout that was declined before with Try Again, without taking the focus", async () => {
    showCheckout(() => json({}), checkoutOf(FIRST, "declined"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your card was declined.");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Try Again" })).toBeNull();
    // Shown on arrival, it leaves the focus where the page starts.
    expect(screen.getByRole("button", { name: "Try Again" })).not.toHaveFocus();
  });

  it("tells a member whose checkout is already paid where the plan is, without Try Again or Cancel", async () => {
    showCheckout(() => json({}), checkoutOf(FIRST, "complete"));
    expect(await screen.findByText(/already been paid/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to the Premium page" })).toHaveAttribute("href", "/dashboard/premium");
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Cancel" })).toBeNull();
  });

  it("is framed by the public site's header and footer", async () => {
    showCheckout(() => json({}));
    await screen.findByRole("heading", { name: /Subscribe to/ });
    const header = screen.getByRole("banner");
    expect(header).toContainElement(screen.getByRole("link", { name: "LawGuide home" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard"));
    // The landing page's sections, reached from here by their address on the landing page.
    expect(screen.getAllByRole("link", { name: "Pricing" })[0]).toHaveAttribute("href", "/welcome#pricing");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });
});

describe("the demo checkout of a template bought once", () => {
  it("says it is a one-time payment of the template's price: no trial, nothing by the month", async () => {
    showCheckout(() => json({}), templateCheckoutOf(FIRST));
    expect(await screen.findByRole("heading", { name: "Buy Revocable Living Trust" })).toBeVisible();
    expect(screen.getByText("One-time payment")).toBeVisible();
    expect(screen.getByText(/^\$69\.99, paid once\. Nothing renews/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Pay $69.99" })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/per month|free trial|days free|subscribe/i);
    // Cancel goes back to the templates, not to the plans.
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard/create?tab=templates");
  });

  it("after a decline, Try Again opens a new checkout of the same template", async () => {
    const { api, user } = showCheckout(
      () => apiError(402, "CARD_DECLINED", "Your card was declined."),
      templateCheckoutOf(FIRST),
    );
    api.routes[`GET /api/billing/demo/${SECOND}`] = () => json(templateCheckoutOf(SECOND));
    await user.type(await screen.findByRole("textbox", { name: "Card number" }), "4000 0000 0000 0002");
    await user.type(field("Expiry (MM/YY)"), "12/34");
    await user.type(field("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $69.99" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your card was declined.");
    expect(screen.getByText("Nothing was charged. Try again with another card, or cancel.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard/create?tab=templates");
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(api.callsTo("POST /api/billing/checkout")).toHaveLength(1));
    expect(api.callsTo("POST /api/billing/checkout")[0]?.body).toEqual({ templateId: "living-trust" });
    expect(await screen.findByRole("heading", { name: "Buy Revocable Living Trust" })).toBeVisible();
  });

  it("sends a member whose template checkout is already paid to the template", async () => {
    showCheckout(() => json({}), templateCheckoutOf(FIRST, "complete"));
    expect(await screen.findByText(/already been paid\. The template is yours/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to the template" })).toHaveAttribute(
      "href",
      "/dashboard/create?tab=templates&template=living-trust",
    );
  });
});
