import { templateForSaleText } from "@shared/messages";
import type { DocumentDraft, TemplateAccessItem } from "@shared/schemas/documents";
import { templateLink } from "@shared/template-offers";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, fakeApi, json, publicSettings, sessionUser } from "@tests/factories/fake-api";
import { marriedWithChildren } from "@tests/factories/template-fixtures";
import { renderPage } from "@tests/factories/upload-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentCenterPage } from "./DocumentCenterPage";
import { keepAnswers } from "./kept-answers";

type Access = Record<string, TemplateAccessItem["access"]>;

const PRICES: Record<string, number> = {
  "cease-desist": 2999,
  lease: 2999,
  will: 4999,
  "living-trust": 6999,
  llc: 7999,
};

const FREE: Access = { "living-trust": "for-sale", llc: "for-sale" };
const PREMIUM: Access = { "living-trust": "included", llc: "included" };

/** The access list: the basic templates included, the Complex ones as `access` says. */
const accessList = (access: Access): TemplateAccessItem[] =>
  Object.entries(PRICES).map(([templateId, priceCents]) => {
    const standing = access[templateId] ?? "included";
    return {
      templateId,
      access: standing,
      priceCents,
      purchasedAt: standing === "purchased" ? "2026-08-05T12:00:00.000Z" : null,
    };
  });

const draftOf = (templateId: string, answers: DocumentDraft["answers"] = { companyName: "Acme LLC" }, step = 1) => ({
  templateId,
  answers,
  step,
  updatedAt: "2026-08-01T10:00:00.000Z",
});

/** The Document Center at `path` for a member whose access is `access`, with a fake API. */
function showCenter(
  path: string,
  { access = FREE, drafts = [] as DocumentDraft[] }: { access?: Access; drafts?: DocumentDraft[] } = {},
) {
  const api = fakeApi({
    "GET /api/me": () => json({ user: sessionUser() }),
    "GET /api/settings/public": () => json(publicSettings()),
    "GET /api/uploads/allowance": () => json({ used: 1, limit: 3, period: "2026-11" }),
    "GET /api/documents/templates": () => json({ items: accessList(access) }),
    "GET /api/documents/drafts": () => json({ items: drafts }),
    "GET /api/documents": () => json({ items: [], nextCursor: null }),
    "GET /api/uploads": () => json({ items: [], nextCursor: null }),
    "POST /api/billing/checkout": () => json({ url: "/checkout/demo/demo_tplCheckout1234" }),
  });
  const router = renderPage(<DocumentCenterPage />, {
    path,
    route: "/dashboard/create",
    others: [
      { path: "/checkout/demo/:sessionId", element: <p>Demo checkout</p> },
      { path: "/dashboard/premium", element: <p>Premium page</p> },
    ],
  });
  return { api, router, user: userEvent.setup() };
}

/** A template's card in the catalogue (the templates tab), found by its name. */
const card = (name: string) =>
  within(screen.getByRole("tabpanel", { name: "Document Templates" })).getByRole("article", { name });

describe("the template catalogue", () => {
  beforeEach(() => {
    if (!globalThis.CSS?.escape) {
      vi.stubGlobal("CSS", { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    }
  });
  afterEach(() => sessionStorage.clear());

  it("tells a Free member what each template costs them: the basic ones included, the Complex ones' price", async () => {
    const { api, router, user } = showCenter("/dashboard/create?tab=templates");
    const trust = await screen.findByRole("button", { name: "Buy for $69.99: Revocable Living Trust" });
    for (const [name, price] of [
      ["Last Will and Testament", "$49.99"],
      ["Residential Lease Agreement", "$29.99"],
      ["Cease and Desist Letter", "$29.99"],
    ] as const) {
      expect(within(card(name)).getByText("Included in your plan")).toBeVisible();
      // No price as if it were charged (an attorney's review fee is the only amount on the card).
      expect(within(card(name)).queryByText(new RegExp(`\\${price}|one-time`))).toBeNull();
      expect(within(card(name)).getByRole("button", { name: `Use this template: ${name}` })).toBeEnabled();
    }
    const trustCard = card("Revocable Living Trust");
    expect(within(trustCard).getByText("$69.99, one-time")).toBeVisible();
    expect(within(trustCard).queryByRole("button", { name: /Use this template/ })).toBeNull();
    expect(within(trustCard).getByRole("link", { name: "Or get every template with Premium" })).toHaveAttribute(
      "href",
      "/dashboard/premium",
    );
    expect(within(card("LLC Operating Agreement")).getByText("$79.99, one-time")).toBeVisible();

    await user.click(trust);
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/demo/demo_tplCheckout1234"));
    expect(api.callsTo("POST /api/billing/checkout")[0]?.body).toEqual({ templateId: "living-trust" });
  });

  it("shows a Premium member both Complex templates included", async () => {
    showCenter("/dashboard/create?tab=templates", { access: PREMIUM });
    await waitFor(() =>
      expect(within(card("LLC Operating Agreement")).getByText("Included with Premium")).toBeVisible(),
    );
    expect(within(card("Revocable Living Trust")).getByText("Included with Premium")).toBeVisible();
    expect(screen.queryByRole("button", { name: /^Buy for/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Use this template: LLC Operating Agreement" })).toBeEnabled();
  });

  it("shows a template a Free member bought as Purchased, ready to use, and the other still for sale", async () => {
    showCenter("/dashboard/create?tab=templates", { access: { ...FREE, "living-trust": "purchased" } });
    await waitFor(() => expect(within(card("Revocable Living Trust")).getByText("Purchased")).toBeVisible());
    expect(screen.getByRole("button", { name: "Use this template: Revocable Living Trust" })).toBeEnabled();
    expect(within(card("LLC Operating Agreement")).getByText("$79.99, one-time")).toBeVisible();
  });

  it("says a refused checkout in a toast, and reads the list again when the template is already the member's", async () => {
    const { api, user } = showCenter("/dashboard/create?tab=templates");
    api.routes["POST /api/billing/checkout"] = () => apiError(409, "CONFLICT", "You already bought this template.");
    await user.click(await screen.findByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" }));
    expect(await screen.findByText("You already bought this template.")).toBeVisible();
    await waitFor(() => expect(api.callsTo("GET /api/documents/templates").length).toBeGreaterThan(1));
  });

  it("offers to buy, instead of Continue or Resume, a draft of a template now for sale", async () => {
    showCenter("/dashboard/create?tab=templates", { drafts: [draftOf("llc")] });
    const llc = card("LLC Operating Agreement");
    await waitFor(() => expect(within(llc).getByText("Draft saved")).toBeVisible());
    await waitFor(() =>
      expect(within(llc).getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" })).toBeVisible(),
    );
    expect(within(llc).queryByRole("button", { name: /Continue/ })).toBeNull();
    const drafts = screen.getByRole("region", { name: "Drafts in progress" });
    expect(within(drafts).queryByRole("button", { name: /Resume/ })).toBeNull();
    expect(within(drafts).getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" })).toBeVisible();
    expect(within(drafts).getByRole("button", { name: "Discard the LLC Operating Agreement draft" })).toBeVisible();
  });
});

describe("a link to a template", () => {
  beforeEach(() => {
    if (!globalThis.CSS?.escape) {
      vi.stubGlobal("CSS", { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    }
  });
  afterEach(() => sessionStorage.clear());

  it("opens a template the member bought on its first question, and leaves the address on the templates", async () => {
    const { router } = showCenter(templateLink("living-trust"), { access: { ...FREE, "living-trust": "purchased" } });
    expect(await screen.findByRole("heading", { name: "Document Information" })).toBeVisible();
    expect(screen.getByText("Revocable Living Trust", { selector: "p" })).toBeVisible();
    expect(screen.getByRole("form", { name: "Revocable Living Trust questions" })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe("?tab=templates"));
  });

  it("shows the notice with Buy for a template for sale, never its form", async () => {
    showCenter(templateLink("llc"));
    const notice = await screen.findByRole("region", { name: "LLC Operating Agreement is not in your plan" });
    expect(notice).toHaveTextContent(templateForSaleText("LLC Operating Agreement", "$79.99"));
    expect(within(notice).getByRole("button", { name: "Buy for $79.99: LLC Operating Agreement" })).toBeVisible();
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByRole("form", { name: "LLC Operating Agreement questions" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Template Selection" })).toBeVisible();
  });

  it("brings back the answers kept while the member went to buy the template", async () => {
    keepAnswers(sessionUser().id, "llc", { companyName: "Bright Path LLC" });
    showCenter(templateLink("llc"), { access: { ...FREE, llc: "purchased" }, drafts: [draftOf("llc")] });
    expect(await screen.findByRole("textbox", { name: /Company Name/ })).toHaveValue("Bright Path LLC");
    // Taken once: they are no longer kept.
    expect(sessionStorage.length).toBe(0);
  });
});

describe("a template the server refuses", () => {
  beforeEach(() => {
    if (!globalThis.CSS?.escape) {
      vi.stubGlobal("CSS", { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    }
  });
  afterEach(() => sessionStorage.clear());

  it("says why with the Buy button when generating is refused (402), and keeps every answer", async () => {
    const message = templateForSaleText("Last Will and Testament", "$49.99");
    const { api, user } = showCenter("/dashboard/create?tab=templates", {
      drafts: [draftOf("will", marriedWithChildren as DocumentDraft["answers"], 2)],
    });
    api.routes["POST /api/documents/generate"] = () => apiError(402, "TEMPLATE_FOR_SALE", message);
    api.routes["GET /api/documents/templates"] = () => json({ items: accessList({ ...FREE, will: "for-sale" }) });
    const drafts = await screen.findByRole("region", { name: "Drafts in progress" });
    await user.click(within(drafts).getByRole("button", { name: "Resume the Last Will and Testament draft" }));
    expect(await screen.findByRole("heading", { name: "Review & Generate" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Generate Document" }));

    const notice = await screen.findByRole("region", { name: "Last Will and Testament is not in your plan" });
    expect(notice).toHaveTextContent(message);
    await waitFor(() => expect(notice).toHaveFocus());
    // The answers are all still there, in the review.
    expect(screen.getByRole("heading", { name: "Review & Generate" })).toBeVisible();
    expect(screen.getAllByText("Maria Elena López").length).toBeGreaterThan(0);
    expect(screen.queryByRole("alert")).toBeNull();

    // Going to buy it keeps them in this tab, for when the template opens again.
    await user.click(within(notice).getByRole("button", { name: "Buy for $49.99: Last Will and Testament" }));
    await waitFor(() => expect(screen.getByText("Demo checkout")).toBeVisible());
    expect(api.callsTo("POST /api/billing/checkout")[0]?.body).toEqual({ templateId: "will" });
    expect(sessionStorage.getItem(`lawguide:kept-answers:${sessionUser().id}:will`)).toContain("Maria Elena López");
  }, 15_000);

  it("says so once when a draft save is refused (402), and leaves the form and its answers as they are", async () => {
    const message = templateForSaleText("Last Will and Testament", "$49.99");
    const { api, user } = showCenter("/dashboard/create?tab=templates");
    api.routes["PUT /api/documents/drafts/will"] = () => apiError(402, "TEMPLATE_FOR_SALE", message);
    await user.click(await screen.findByRole("button", { name: "Use this template: Last Will and Testament" }));
    const name = await screen.findByRole("textbox", { name: /Your Full Legal Name/ });
    await user.type(name, "Maria");
    const notice = await screen.findByRole(
      "region",
      { name: "Last Will and Testament is not in your plan" },
      {
        timeout: 3000,
      },
    );
    expect(notice).toHaveTextContent(message);
    expect(screen.getByText("Draft not saved: this template is not in your plan.")).toBeVisible();
    // The member is typing: the notice does not take the focus from the form.
    expect(name).toHaveFocus();
    expect(name).toHaveValue("Maria");
    // Typing on is not refused again and again: nothing more is sent.
    await user.type(name, " Lopez");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(api.callsTo("PUT /api/documents/drafts/will")).toHaveLength(1);
    expect(name).toHaveValue("Maria Lopez");
  }, 15_000);
});
