import {
  activityQuerySchema,
  appLogQuerySchema,
  auditLogQuerySchema,
  mailDeliveriesQuerySchema,
  mailIdParamSchema,
  outboxQuerySchema,
} from "@shared/schemas/admin";
import { Hono } from "hono";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import type { AdminService } from "./admin.service";

/** Administrator endpoints. Every route here sits behind requireAdmin (403 for anyone else). */
export function createAdminRoutes(admin: AdminService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/stats", async (c) => c.json(await admin.stats()))
    .get("/activity", validate("query", activityQuerySchema), async (c) => {
      return c.json(await admin.activity(c.req.valid("query").limit));
    })
    .get("/charts", async (c) => c.json(await admin.charts()))
    .get("/logs", validate("query", appLogQuerySchema), async (c) => {
      return c.json(await admin.appLogs(c.req.valid("query")));
    })
    .get("/audit-logs", validate("query", auditLogQuerySchema), async (c) => {
      const { table, ...q } = c.req.valid("query");
      return c.json(await admin.auditLogs({ ...q, tableName: table }));
    })
    .get("/mail", validate("query", mailDeliveriesQuerySchema), async (c) => {
      return c.json(await admin.mailDeliveries(c.req.valid("query")));
    })
    .post("/mail/:id/retry", validate("param", mailIdParamSchema), async (c) => {
      return c.json({ delivery: await admin.retryMail(c.req.valid("param").id, actorOf(c)) });
    })
    .get("/outbox", validate("query", outboxQuerySchema), async (c) => {
      return c.json(await admin.outbox(c.req.valid("query").limit));
    });
}
