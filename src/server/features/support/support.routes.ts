import type { SupportContacts } from "@shared/schemas/settings";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import type { SettingsService } from "../settings/settings.service";

/**
 * /api/support: how a signed-in member reaches the support team. The phone line (the setting
 * `general.supportPhone`) is Premium members' alone: anyone else gets no number.
 */
export function createSupportRoutes(settings: SettingsService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>().use(guards.requireUser).get("/", async (c) => {
    const { general } = await settings.get();
    const premium = c.get("sessionUser").plan === "premium";
    const body: SupportContacts = {
      email: general.supportEmail,
      phone: premium && general.supportPhone ? general.supportPhone : null,
    };
    return c.json(body);
  });
}
