import { createRequire } from "node:module";
import type { Health } from "@shared/health";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../mail/mail.service";

const packageJson = createRequire(import.meta.url)("../../../../package.json") as { version: string };
export const APP_VERSION = packageJson.version;

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
        payments: config.stripe ? "stripe" : "demo",
        mail: mailer.kind,
        time: new Date().toISOString(),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
