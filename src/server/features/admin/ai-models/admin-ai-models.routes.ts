import {
  aiModelIdParamSchema,
  aiModelSettingsPatchSchema,
  createAiModelSchema,
  updateAiModelSchema,
} from "@shared/schemas/admin-ai-models";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { AiModelsService } from "../../ai-models/ai-models.service";

/**
 * /api/admin/ai-models: the model configurations, the model settings and the comparison
 * leaderboard. Administrators only (401 signed out, 403 anyone else); every change audited.
 */
export function createAiModelsRoutes(models: AiModelsService, guards: ReturnType<typeof createSessionGuards>) {
  return (
    new Hono<AppEnv>()
      .use(guards.requireAdmin)
      .get("/", async (c) => c.json(await models.overview()))
      .post("/", validate("json", createAiModelSchema), async (c) =>
        c.json({ model: await models.create(c.req.valid("json"), actorOf(c)) }, 201),
      )
      // Before "/:id", which would otherwise take these paths for an id.
      .get("/leaderboard", async (c) => c.json(await models.leaderboard()))
      .patch("/settings", validate("json", aiModelSettingsPatchSchema), async (c) =>
        c.json(await models.updateSettings(c.req.valid("json"), actorOf(c))),
      )
      .patch("/:id", validate("param", aiModelIdParamSchema), validate("json", updateAiModelSchema), async (c) =>
        c.json({ model: await models.update(c.req.valid("param").id, c.req.valid("json"), actorOf(c)) }),
      )
      .delete("/:id", validate("param", aiModelIdParamSchema), async (c) => {
        await models.remove(c.req.valid("param").id, actorOf(c));
        return c.body(null, 204);
      })
  );
}
