import { appLogQuerySchema, auditLogQuerySchema, outboxQuerySchema, userIdParamSchema } from "@shared/schemas/admin";
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
    .get("/logs", validate("query", appLogQuerySchema), async (c) => {
      return c.json({ logs: await admin.appLogs(c.req.valid("query")) });
    })
    .get("/audit-logs", validate("query", auditLogQuerySchema), async (c) => {
      const q = c.req.valid("query");
      return c.json({ logs: await admin.auditLogs({ ...q, tableName: q.table }) });
    })
    .get("/outbox", validate("query", outboxQuerySchema), async (c) => {
      return c.json(await admin.outbox(c.req.valid("query").limit));
    })
    .post("/users/:id/unlock", validate("param", userIdParamSchema), async (c) => {
      return c.json(await admin.unlockUser(c.req.valid("param").id, actorOf(c)));
    });
}
