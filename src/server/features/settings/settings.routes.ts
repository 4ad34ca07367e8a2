import type { PublicSettings } from "@shared/schemas/settings";
import { Hono } from "hono";
import type { Config } from "../../config";
import { DEFAULT_ADMIN, DEMO_ACCOUNTS } from "../../config";
import type { AppEnv } from "../../http/env";
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
      phoneSupport: s.general.supportPhone !== "",
      mode: config.mode,
      enableTwoFactor: s.security.enableTwoFactor,
      demoAccounts: demoCredentials(config),
    };
    return c.json(body);
  });
}
