import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { createSessionGuards } from "../../http/session";

export function createAccountRoutes(guards: ReturnType<typeof createSessionGuards>) {
  // A visitor gets { user: null } (200), so the browser logs no error on every public page.
  return new Hono<AppEnv>().get("/me", async (c) => c.json({ user: await guards.currentUser(c) }));
}
