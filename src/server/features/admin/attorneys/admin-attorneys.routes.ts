import {
  assignReferralSchema,
  attorneyIdParamSchema,
  attorneyListQuerySchema,
  createAttorneySchema,
  referralIdParamSchema,
  referralListQuerySchema,
  updateAttorneySchema,
} from "@shared/schemas/admin-attorneys";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import { recordRoutes } from "../../../http/record-routes";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { AdminAttorneysService } from "./admin-attorneys.service";

type Guards = ReturnType<typeof createSessionGuards>;

/** /api/admin/attorneys: the directory. Administrators only (401 signed out, 403 anyone else). */
export function createAdminAttorneysRoutes(attorneys: AdminAttorneysService, guards: Guards) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", validate("query", attorneyListQuerySchema), async (c) =>
      c.json(await attorneys.list(c.req.valid("query"))),
    )
    .route("/", recordRoutes("attorney", attorneys, attorneyIdParamSchema, createAttorneySchema, updateAttorneySchema));
}

/** /api/admin/referrals: the queue of members' referrals. Administrators only. */
export function createAdminReferralsRoutes(attorneys: AdminAttorneysService, guards: Guards) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", validate("query", referralListQuerySchema), async (c) =>
      c.json(await attorneys.referrals(c.req.valid("query"))),
    )
    .post(
      "/:id/assign",
      validate("param", referralIdParamSchema),
      validate("json", assignReferralSchema),
      async (c) => {
        return c.json(await attorneys.assign(c.req.valid("param").id, c.req.valid("json").attorneyId, actorOf(c)));
      },
    );
}
