import { ERROR_CODES } from "@shared/api-error";
import { BILLING_TEXT, templateForSaleText } from "@shared/messages";
import type { TemplateAccessItem } from "@shared/schemas/documents";
import { getTemplate } from "@shared/templates/template-list";
import { validAnswers } from "@tests/factories/sample-answers";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import type { TestClient } from "../../../../tests/factories/test-client";
import { checkoutSessions, subscriptions, templatePurchases } from "../../db/schema";

// No Stripe variables: the demo checkout.
const t = setupTestApp();

const SUCCESS = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const DECLINED = { ...SUCCESS, cardNumber: "4000 0000 0000 0002" };

const answersFor = (templateId: string) => {
  const template = getTemplate(templateId);
  if (!template) throw new Error(templateId);
  return fc.sample(validAnswers(template), { numRuns: 1, seed: 7 })[0];
};

async function access(client: TestClient): Promise<Record<string, TemplateAccessItem>> {
  const response = await client.get("/api/documents/templates");
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as { items: TemplateAccessItem[] };
  return Object.fromEntries(items.map((item) => [item.templateId, item]));
}

async function buy(client: TestClient, templateId: string): Promise<string> {
  const response = await client.post("/api/billing/checkout", { templateId });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/checkout\/demo\/demo_/);
  return url.split("/").pop() ?? "";
}

const generate = (client: TestClient, templateId: string) =>
  client.post("/api/documents/generate", { templateId, answers: answersFor(templateId) });

describe("template prices: one rule for every plan", () => {
  it("gives a Free member the basic templates and sells the Complex ones, refusing them until bought", async () => {
    const { client } = await t.member();
    const items = await access(client);
    expect(Object.keys(items).sort()).toEqual(["cease-desist", "lease", "living-trust", "llc", "will"]);
    for (const id of ["cease-desist", "lease", "will"]) expect(items[id]?.access).toBe("included");
    expect(items["living-trust"]).toMatchObject({ access: "for-sale", priceCents: 6999, purchasedAt: null });
    expect(items.llc).toMatchObject({ access: "for-sale", priceCents: 7999 });

    expect((await generate(client, "will")).status).toBe(201);
    const refused = await generate(client, "living-trust");
    expect(refused.status).toBe(402);
    expect((await refused.json()).error).toEqual({
      code: ERROR_CODES.templateForSale,
      message: templateForSaleText("Revocable Living Trust", "$69.99"),
    });
    const draft = await client.put("/api/documents/drafts/llc", { answers: {}, step: 1 });
    expect(draft.status).toBe(402);
    expect((await client.get("/api/documents/drafts")).status).toBe(200);
  });

  it("sells a Complex template once through the demo checkout: declined leaves it for sale, paid makes it the member's", async () => {
    const { client, id, email } = await t.member();
    expect((await client.post("/api/billing/checkout", { templateId: "will" })).status).toBe(409);
    expect((await client.post("/api/billing/checkout", { templateId: "no-such-template" })).status).toBe(404);

    expect((await (await client.get("/api/billing/status")).json()).templatesBought).toEqual([]);
    const declinedSession = await buy(client, "living-trust");
    const page = await (await client.get(`/api/billing/demo/${declinedSession}`)).json();
    expect(page).toEqual({
      sessionId: declinedSession,
      planId: null,
      templateId: "living-trust",
      name: "Revocable Living Trust",
      priceCents: 6999,
      trialDays: 0,
      state: "open",
    });
    expect((await client.post(`/api/billing/demo/${declinedSession}/pay`, DECLINED)).status).toBe(402);
    expect((await access(client))["living-trust"]?.access).toBe("for-sale");

    const sessionId = await buy(client, "living-trust");
    const paid = await client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS);
    expect(paid.status).toBe(200);
    expect((await paid.json()).url).toBe(`/checkout/success?session_id=${sessionId}`);
    const synced = await (await client.post("/api/billing/sync", { sessionId })).json();
    expect(synced).toMatchObject({
      state: "complete",
      planId: null,
      template: { id: "living-trust", name: "Revocable Living Trust" },
      status: { plan: "free", subscription: null },
    });
    // The member's billing status lists it, with what was paid and when (Premium page, Profile).
    const status = await (await client.get("/api/billing/status")).json();
    expect(status.templatesBought).toEqual([
      { id: "living-trust", name: "Revocable Living Trust", amountCents: 6999, boughtAt: expect.any(String) },
    ]);
    expect(Date.now() - Date.parse(status.templatesBought[0].boughtAt)).toBeLessThan(60_000);
    // Bought, not subscribed: the plan is unchanged and no subscription row was written.
    expect(await t.services.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    expect((await client.me())?.plan).toBe("free");
    const after = await access(client);
    expect(after["living-trust"]?.access).toBe("purchased");
    expect(after["living-trust"]?.purchasedAt).toEqual(expect.any(String));
    expect(after.llc?.access).toBe("for-sale");
    expect((await generate(client, "living-trust")).status).toBe(201);
    expect((await generate(client, "llc")).status).toBe(402);

    // Nothing more to buy, and paying the same checkout again changes nothing.
    const again = await client.post("/api/billing/checkout", { templateId: "living-trust" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(BILLING_TEXT.templateOwned);
    expect((await client.post(`/api/billing/demo/${sessionId}/pay`, SUCCESS)).status).toBe(409);
    const rows = await t.services.db.select().from(templatePurchases).where(eq(templatePurchases.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ templateId: "living-trust", amountCents: 6999, provider: "demo" });

    const receipts = (await t.outbox()).filter((m) => m.to === email && m.subject.includes("Revocable Living Trust"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("$69.99");
    expect(receipts[0]?.text).toContain("/dashboard/create?tab=templates&template=living-trust");
  });

  it("keeps one open checkout per template: Buy clicked again, or five times at once, gives the same one", async () => {
    const { client, id } = await t.member();
    const first = await buy(client, "llc");
    expect(await buy(client, "llc")).toBe(first);
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => buy(client, "living-trust")));
    expect(new Set(atOnce).size).toBe(1);
    const rows = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id));
    expect(rows.map((r) => [r.templateId, r.status]).sort()).toEqual([
      ["living-trust", "open"],
      ["llc", "open"],
    ]);
  });

  it("takes one payment when the same template's checkout is paid twice at once", async () => {
    const { client, id, email } = await t.member();
    const session = await buy(client, "llc");
    const statuses = (
      await Promise.all([1, 2, 3].map(() => client.post(`/api/billing/demo/${session}/pay`, SUCCESS)))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect(await t.services.db.select().from(templatePurchases).where(eq(templatePurchases.userId, id))).toHaveLength(
      1,
    );
    const receipts = (await t.outbox()).filter((m) => m.to === email && m.subject.includes("LLC Operating Agreement"));
    expect(receipts).toHaveLength(1);
  });

  it("refuses a payment for a template the member came to own meanwhile, before the card is charged", async () => {
    const { client, id, email } = await t.member();
    const session = await buy(client, "llc");
    // Owned through another way while this checkout was open (an older checkout, a grant).
    await t.services.db
      .insert(templatePurchases)
      .values({ userId: id, templateId: "llc", amountCents: 0, provider: "admin" });
    const refused = await client.post(`/api/billing/demo/${session}/pay`, SUCCESS);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(BILLING_TEXT.templateOwned);
    const [row] = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session));
    expect(row?.status).toBe("expired");
    expect((await t.outbox()).filter((m) => m.to === email && m.subject.includes("LLC"))).toEqual([]);
    expect((await (await client.post("/api/billing/sync", { sessionId: session })).json()).state).toBe("failed");
  });

  it("includes every template with Premium, and a bought template outlasts the plan", async () => {
    const premium = await t.member({ premium: true });
    const items = await access(premium.client);
    for (const item of Object.values(items)) expect(item.access).toBe("included");
    const refused = await premium.client.post("/api/billing/checkout", { templateId: "llc" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(BILLING_TEXT.templateIncluded);
    expect((await generate(premium.client, "llc")).status).toBe(201);

    // A member who bought the trust, then subscribed and later left Premium, keeps the trust.
    const { client, id } = await t.member();
    await client.post(`/api/billing/demo/${await buy(client, "living-trust")}/pay`, SUCCESS);
    const plan = await client.post("/api/billing/checkout", { planId: "premium" });
    const planSession = ((await plan.json()) as { url: string }).url.split("/").pop() ?? "";
    expect((await client.post(`/api/billing/demo/${planSession}/pay`, SUCCESS)).status).toBe(200);
    expect((await access(client)).llc?.access).toBe("included");
    await t.services.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, id));
    const later = await access(client);
    expect(later["living-trust"]?.access).toBe("purchased");
    expect(later.llc?.access).toBe("for-sale");
  });

  it("does not count a template bought after a plan's checkout was opened as paying for the plan", async () => {
    const { client, id } = await t.member();
    const plan = await client.post("/api/billing/checkout", { planId: "basic" });
    const planSession = ((await plan.json()) as { url: string }).url.split("/").pop() ?? "";
    await client.post(`/api/billing/demo/${await buy(client, "llc")}/pay`, SUCCESS);
    expect((await client.post(`/api/billing/demo/${planSession}/pay`, SUCCESS)).status).toBe(200);
    expect((await client.me())?.plan).toBe("basic");
    const sessions = await t.services.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id));
    expect(sessions.map((s) => [s.plan, s.templateId, s.status]).sort()).toEqual([
      ["basic", null, "complete"],
      ["template", "llc", "complete"],
    ]);
  });

  it("refuses a checkout body that names neither a plan nor a template, or both", async () => {
    const { client } = await t.member();
    for (const body of [{}, { planId: "premium", templateId: "llc" }, { templateId: "../etc" }, { templateId: 5 }]) {
      const response = await client.post("/api/billing/checkout", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
