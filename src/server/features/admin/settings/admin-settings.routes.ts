import {
  type SettingsAnswer,
  settingsChangeSchema,
  settingsPatchSchema,
  settingsSectionParamSchema,
} from "@shared/schemas/settings";
import { Hono } from "hono";
import { actorOf } from "../../../http/actor";
import type { AppEnv } from "../../../http/env";
import type { createSessionGuards } from "../../../http/session";
import { validate } from "../../../http/validate";
import type { SettingsService } from "../../settings/settings.service";

/** The admin dashboard's settings: every section as in force, changed (audited) as a whole or a section. */
export function createAdminSettingsRoutes(settings: SettingsService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", async (c) => c.json<SettingsAnswer>({ settings: await settings.get() }))
    .patch("/", validate("json", settingsChangeSchema), async (c) =>
      c.json<SettingsAnswer>({ settings: await settings.change(c.req.valid("json"), actorOf(c)) }),
    )
    .put(
      "/:section",
      validate("param", settingsSectionParamSchema),
      validate("json", settingsPatchSchema),
      async (c) => {
        const { section } = c.req.valid("param");
        const updated = await settings.patch(section, c.req.valid("json"), actorOf(c));
        return c.json({ section, values: updated });
      },
    );
}
