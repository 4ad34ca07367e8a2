import { checkoutBodySchema, checkoutSessionParamSchema, syncBodySchema } from "@shared/schemas/billing";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import { notFound } from "../../lib/errors";
import type { BillingService } from "./billing.service";
import { demoCardSchema } from "./demo-card";

/**
 * /api/billing: the member's plan and subscription, checkout (Stripe or the demo checkout), the
 * portal, cancel and resume; and Stripe's webhook, which carries no session and is checked by its
 * signature instead (it is exempt from the origin check).
 */
export function createBillingRoutes(billing: BillingService, guards: ReturnType<typeof createSessionGuards>) {
  const member = new Hono<AppEnv>()
    .use(guards.requireUser)
    .get("/status", async (c) => c.json(await billing.status(c.get("sessionUser").id)))
    .post("/checkout", validate("json", checkoutBodySchema), async (c) =>
      c.json(await billing.checkout(c.get("sessionUser"), c.req.valid("json"))),
    )
    .post("/sync", validate("json", syncBodySchema), async (c) =>
      c.json(await billing.sync(c.get("sessionUser"), c.req.valid("json").sessionId)),
    )
    .post("/portal", async (c) => c.json(await billing.portal(c.get("sessionUser"))))
    .post("/cancel", async (c) => c.json(await billing.cancel(c.get("sessionUser"))))
    .post("/resume", async (c) => c.json(await billing.resume(c.get("sessionUser"))))
    .get("/demo/:sessionId", validate("param", checkoutSessionParamSchema), async (c) =>
      c.json(await billing.demoCheckout(c.get("sessionUser"), c.req.valid("param").sessionId)),
    )
    .post(
      "/demo/:sessionId/pay",
      validate("param", checkoutSessionParamSchema),
      validate("json", demoCardSchema),
      async (c) =>
        c.json(await billing.demoPay(c.get("sessionUser"), c.req.valid("param").sessionId, c.req.valid("json"))),
    );

  return new Hono<AppEnv>()
    .post("/webhook", async (c) => {
      if (billing.mode !== "stripe") throw notFound();
      return c.json(await billing.handleWebhook(await c.req.text(), c.req.header("stripe-signature")));
    })
    .route("/", member);
}
