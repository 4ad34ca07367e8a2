import { createRequire } from "node:module";
import type { Health } from "@shared/health";
import { Hono } from "hono";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/env";
import type { Mailer } from "../mail/mail.service";

const packageJson = createRequire(import.meta.url)("../../../../package.json") as { version: string };
export const APP_VERSION = packageJson.version;

export function createHealthRoutes(config: Config, database: Database, mailer: Mailer) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const up = await database.ping();
    const body: Health = {
      status: up ? "ok" : "degraded",
      version: APP_VERSION,
      mode: config.mode,
      database: { status: up ? "up" : "down", engine: database.kind },
      ai: {
        openai: config.openai.apiKey ? "configured" : "offline",
        anthropic: config.anthropic.apiKey ? "configured" : "offline",
      },
      payments: config.stripe.secretKey ? "stripe" : "demo",
      mail: mailer.kind,
      time: new Date().toISOString(),
    };
    return c.json(body, up ? 200 : 503);
  });
}
