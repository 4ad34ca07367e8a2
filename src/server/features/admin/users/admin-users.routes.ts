import { userIdParamSchema } from "@shared/schemas/admin";
import {
  adminGrantSchema,
  adminUserCreateSchema,
  adminUserListQuerySchema,
  adminUserUpdateSchema,
} from "@shared/schemas/admin-users";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import { recordRoutes } from "../../../http/record-routes";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { AdminUsersService } from "./admin-users.service";

/** /api/admin/users: administrators only (401 signed out, 403 anyone else). */
export function createAdminUsersRoutes(users: AdminUsersService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", validate("query", adminUserListQuerySchema), async (c) => c.json(await users.list(c.req.valid("query"))))
    .get("/stats", async (c) => c.json(await users.stats()))
    .route("/", recordRoutes("user", users, userIdParamSchema, adminUserCreateSchema, adminUserUpdateSchema))
    .post("/:id/unlock", validate("param", userIdParamSchema), async (c) => {
      return c.json(await users.unlock(c.req.valid("param").id, actorOf(c)));
    })
    .put("/:id/subscription", validate("param", userIdParamSchema), validate("json", adminGrantSchema), async (c) => {
      return c.json(await users.grant(c.req.valid("param").id, c.req.valid("json"), actorOf(c)));
    })
    .delete("/:id/subscription", validate("param", userIdParamSchema), async (c) => {
      return c.json(await users.revokeGrant(c.req.valid("param").id, actorOf(c)));
    });
}
