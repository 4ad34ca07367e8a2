import { LOG_CATEGORIES, LOG_LEVELS } from "@shared/constants";
import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import type { LogService } from "../logs/logs.service";
import { countStats } from "./admin.queries";

const limit = z.coerce.number().int().min(1).max(500).default(100);
const date = z.coerce.date().optional();

const appLogQuery = z.object({
  level: z.enum(LOG_LEVELS).optional(),
  category: z.enum(LOG_CATEGORIES).optional(),
  userId: z.string().max(100).optional(),
  from: date,
  to: date,
  limit,
});

const auditLogQuery = z.object({
  userId: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  table: z.string().max(100).optional(),
  from: date,
  to: date,
  limit,
});

/** Administrator endpoints. Every route here sits behind requireAdmin (403 for anyone else). */
export function createAdminRoutes(db: Db, logs: LogService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/stats", async (c) => {
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
      return c.json(await countStats(db, { monthStart, dayAgo }));
    })
    .get("/logs", validate("query", appLogQuery), async (c) => {
      const q = c.req.valid("query");
      return c.json({ logs: await logs.listApp(q) });
    })
    .get("/audit-logs", validate("query", auditLogQuery), async (c) => {
      const q = c.req.valid("query");
      return c.json({ logs: await logs.listAudit({ ...q, tableName: q.table }) });
    });
}
