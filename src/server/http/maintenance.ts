import { ERROR_CODES } from "@shared/api-error";
import { maintenanceText } from "@shared/messages";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "./env";

/** What the maintenance guard needs, handed over at construction (http/ imports no feature). */
export interface MaintenanceDeps {
  settings: { get(): Promise<{ general: { maintenanceMode: boolean; siteName: string; supportEmail: string } }> };
  /** The signed-in member of the request, or null (the session guards' `currentUser`). */
  currentUser(c: Context<AppEnv>): Promise<{ isAdmin: boolean } | null>;
}

/** How long a refused client is asked to wait before trying again (Retry-After, seconds). */
export const MAINTENANCE_RETRY_AFTER_S = 300;

/**
 * API paths that keep working for everyone during maintenance: the health check, the public
 * settings (which tell the browser to show the maintenance page), who is signed in, signing in
 * and out and a forgotten password (so an administrator can get in), Stripe's webhook (payments
 * are still recorded), and the admin API (its own guards refuse anyone but administrators).
 */
const OPEN_PATHS = [
  /^\/api\/health(\/|$)/,
  /^\/api\/settings\/public$/,
  /^\/api\/me$/,
  /^\/api\/auth\/(sign-in\/email|sign-out|get-session|request-password-reset|reset-password)$/,
  /^\/api\/billing\/webhook$/,
  /^\/api\/admin(\/|$)/,
];

/**
 * Maintenance mode (admin setting `general.maintenanceMode`): while it is on, every other API
 * request from a visitor or a member is answered 503 with a clear text and Retry-After;
 * administrators' requests go through. Mounted on /api/* before the routes.
 */
export function maintenanceGuard(deps: MaintenanceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Settings that cannot be read (the database is down) block nothing: the health check must say so.
    const general = await deps.settings.get().then(
      (s) => s.general,
      () => null,
    );
    if (!general?.maintenanceMode) return next();
    const path = c.req.path;
    if (OPEN_PATHS.some((open) => open.test(path))) return next();
    const user = await deps.currentUser(c);
    if (user?.isAdmin) return next();
    throw new ApiError(503, ERROR_CODES.maintenance, maintenanceText(general), undefined, {
      "Retry-After": String(MAINTENANCE_RETRY_AFTER_S),
    });
  };
}
