import { type PublicSettings, SETTINGS_SECTIONS, settingsSectionSchemas } from "@shared/schemas/settings";
import { Hono } from "hono";
import { z } from "zod";
import type { Config } from "../../config";
import { DEFAULT_ADMIN, DEMO_ACCOUNTS } from "../../config";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";
import { validate } from "../../http/validate";
import { invalidInput } from "../../lib/errors";
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
      mode: config.mode,
      demoAccounts: demoCredentials(config),
    };
    return c.json(body);
  });
}

const sectionParam = z.object({ section: z.enum(SETTINGS_SECTIONS as [string, ...string[]]) });

export function createAdminSettingsRoutes(settings: SettingsService, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>()
    .use(guards.requireAdmin)
    .get("/", async (c) => c.json({ settings: await settings.get() }))
    .put(
      "/:section",
      validate("param", sectionParam),
      validate("json", z.record(z.string(), z.unknown())),
      async (c) => {
        const { section } = c.req.valid("param");
        const key = section as keyof typeof settingsSectionSchemas;
        const parsed = settingsSectionSchemas[key].partial().strict().safeParse(c.req.valid("json"));
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
          throw invalidInput(parsed.error.issues[0]?.message, fields);
        }
        const updated = await settings.update(key, parsed.data as never, {
          userId: c.var.sessionUser.id,
          ipAddress: c.var.clientIp,
          userAgent: c.req.header("user-agent") ?? null,
        });
        return c.json({ section: key, values: updated });
      },
    );
}
