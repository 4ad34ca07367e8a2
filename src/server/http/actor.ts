import type { Context } from "hono";
import type { AppEnv } from "./env";

/** Who made this request, from where: what every log and audit row of a signed-in action carries. */
export function actorOf(c: Context<AppEnv>) {
  return {
    userId: c.get("sessionUser")?.id ?? null,
    ipAddress: c.get("clientIp"),
    userAgent: c.req.header("user-agent") ?? null,
  };
}
