import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { HealthService } from "./health.service";

export function createHealthRoutes(health: HealthService) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const body = await health.check();
    return c.json(body, body.status === "ok" ? 200 : 503);
  });
}
