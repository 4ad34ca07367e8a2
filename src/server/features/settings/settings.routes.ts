import {
  type PublicSettings,
  type SettingsAnswer,
  settingsChangeSchema,
  settingsPatchSchema,
  settingsSectionParamSchema,
} from "@shared/schemas/settings";
import { Hono } from "hono";
import type { Config } from "../../config";
import { DEFAULT_ADMIN, DEMO_ACCOUNTS } from "../../config";
import { actorOf } from "../../http/actor";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import type { SettingsService } from "./settings.service";

/**
 * The sign-in page's demo accounts: only embedded mode's built-in defaults, which are public in
 * the README anyway. The administrator is listed only while ADMIN_EMAIL and ADMIN_PASSWORD are
 * unset; a password an operator chose never reaches a browser.
 */
export function demoCredentials(config: Config): PublicSettings["demoAccounts"] {
  if (config.mode !== "embedded" || !config.demoAccounts) return [];
  const builtInAdmin = config.admin.email === DEFAULT_ADMIN.email && config.admin.password === DEFAULT_ADMIN.password;
  return [
    ...DEMO_ACCOUNTS.map(({ email, password, label }) => ({ email, password, label })),
    ...(builtInAdmin ? [{ email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password, label: "Administrator" }] : []),
  ];
}

export function createPublicSettingsRoutes(settings: SettingsService, config: Config) {
  return new Hono<AppEnv>().get("/public", async (c) => {
    const s = await settings.get();
    const body: PublicSettings = {
      siteName: s.general.siteName,
      siteDescription: s.general.siteDescription,
      supportEmail: s.general.supportEmail,
      allowRegistration: s.general.allowRegistration,
      maintenanceMode: s.general.maintenanceMode,
      passwordMinLength: s.security.passwordMinLength,
      freeUserMessageLimit: s.ai.freeUserMessageLimit,
      enableComparison: s.ai.enableComparison,
      maxFileUploadSize: s.general.maxFileUploadSize,
      trialPeriodDays: s.subscription.trialPeriodDays,
      enableTrials: s.subscription.enableTrials,
      mode: config.mode,
      demoAccounts: demoCredentials(config),
    };
    return c.json(body);
  });
}

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
