import {
  adminCaseIdParam,
  adminCaseListQuerySchema,
  adminCaseMessagesQuerySchema,
  adminCaseUpdateSchema,
} from "@shared/schemas/admin-cases";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { AdminCasesService } from "./admin-cases.service";

/** /api/admin/cases: every member's cases, for administrators only (401 signed out, 403 anyone else). */
export function createAdminCasesRoutes(adminCases: AdminCasesService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", validate("query", adminCaseListQuerySchema), async (c) =>
      c.json(await adminCases.list(c.req.valid("query"))),
    )
    .get("/stats", async (c) => c.json(await adminCases.stats()))
    .get("/:id", validate("param", adminCaseIdParam), async (c) =>
      c.json({ case: await adminCases.get(c.req.valid("param").id) }),
    )
    .get(
      "/:id/messages",
      validate("param", adminCaseIdParam),
      validate("query", adminCaseMessagesQuerySchema),
      async (c) => c.json(await adminCases.messages(c.req.valid("param").id, c.req.valid("query").cursor)),
    )
    .patch("/:id", validate("param", adminCaseIdParam), validate("json", adminCaseUpdateSchema), async (c) =>
      c.json({ case: await adminCases.update(c.req.valid("param").id, c.req.valid("json"), actorOf(c)) }),
    )
    .post("/:id/toggle-status", validate("param", adminCaseIdParam), async (c) =>
      c.json({ case: await adminCases.toggleStatus(c.req.valid("param").id, actorOf(c)) }),
    );
}
