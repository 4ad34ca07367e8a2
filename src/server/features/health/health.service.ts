import type { Health } from "@shared/health";
import { version } from "../../../../package.json";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../mail/mail.service";

// Inlined by the build: the compiled server carries its version and never looks for package.json.
export const APP_VERSION = version;

/** What /api/health reports: the database answers, which AI providers, payments and mail are set up. */
export function createHealthService(
  config: Config,
  database: Pick<Database, "ping" | "kind">,
  mailer: Pick<Mailer, "kind">,
) {
  return {
    async check(): Promise<Health> {
      const up = await database.ping();
      return {
        status: up ? "ok" : "degraded",
        version: APP_VERSION,
        mode: config.mode,
        database: { status: up ? "up" : "down", engine: database.kind },
        ai: {
          openai: config.openai.apiKey ? "configured" : "offline",
          anthropic: config.anthropic.apiKey ? "configured" : "offline",
        },
        payments: config.stripe ? "stripe" : config.demoCheckout ? "demo" : "off",
        mail: mailer.kind,
        time: new Date().toISOString(),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
