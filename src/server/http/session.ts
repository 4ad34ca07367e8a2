import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT, GENERIC_TEXT } from "@shared/messages";
import type { SessionUser } from "@shared/session";
import type { Context, MiddlewareHandler } from "hono";
import { createSessionTokenReader } from "../auth/session-cookie";
import { ApiError, unauthenticated } from "../lib/errors";
import type { AppEnv } from "./env";

/**
 * What the guards need, handed over at construction: http/ is a layer below the features and
 * imports none of them.
 */
export interface SessionDeps {
  accounts: {
    /** The member behind a session token, or null (unknown, expired, banned). */
    resolveSession(token: string): Promise<{
      sessionId: string;
      expiresAt: Date;
      renewedAt: Date;
      role: string;
      user: Readonly<SessionUser>;
    } | null>;
    /**
     * Push a session in use out to the full timeout from now (at most once every few minutes), or
     * pull it in to the current timeout when it lies further out (sliding sessions).
     */
    slideSession(sessionId: string, expiresAt: Date, timeoutHours: number): Promise<void>;
    /** End a session now. */
    endSession(sessionId: string): Promise<void>;
  };
  settings: { get(): Promise<{ security: { sessionTimeout: number; enableTwoFactor: boolean } }> };
  authSecret: string;
}

/**
 * Session guards. The signed session cookie is checked here and the session, its member, profile
 * and plan come back in one query (or from memory on the embedded engine, decision 006).
 * `requireUser` answers 401 without a valid session; `requireAdmin` 401 without one and 403 for
 * anyone who is not an administrator.
 *
 * Sessions slide here, not in better-auth (its refresh is off: decision 003). The cookie is
 * better-auth's, set when a session is made, and never set again here: with "Remember me" it
 * lasts 7 days from sign-in whatever the session's own expiry.
 */
export function createSessionGuards(deps: SessionDeps) {
  const readSessionToken = createSessionTokenReader(deps.authSecret);
  async function load(c: Context<AppEnv>): Promise<void> {
    if (c.get("authUser") !== undefined) return;
    const token = readSessionToken(c.req.header("cookie") ?? null);
    const resolved = token ? await deps.accounts.resolveSession(token) : null;
    if (!resolved) {
      c.set("authUser", null);
      return;
    }
    const { security } = await deps.settings.get();
    // A session lasts the current sessionTimeout from its last renewal, whatever timeout it was
    // given then: an administrator's shorter timeout ends idle sessions at once.
    if (Date.now() >= resolved.renewedAt.getTime() + security.sessionTimeout * 3_600_000) {
      await deps.accounts.endSession(resolved.sessionId);
      c.set("authUser", null);
      return;
    }
    c.set("authUser", {
      id: resolved.user.id,
      email: resolved.user.email,
      role: resolved.role,
      sessionId: resolved.sessionId,
    });
    c.set("sessionUser", resolved.user);
    // In use: its expiry moves to the full timeout from now (written at most every 5 minutes,
    // which renews it), or in to a timeout shortened since it was last renewed.
    await deps.accounts.slideSession(resolved.sessionId, resolved.expiresAt, security.sessionTimeout);
  }

  const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
    await load(c);
    if (!c.get("authUser")) throw unauthenticated();
    return next();
  };

  /**
   * The one rule for every surface that serves administrators (the API's `/api/admin/*`, the
   * outbox page): null when the request may go on, else the refusal: 401 without a session, 403
   * for anyone who is not an administrator, and 403 TWO_FACTOR_REQUIRED for an administrator
   * without two-factor sign-in while the administrators' switch offers it.
   */
  async function adminRefusal(c: Context<AppEnv>): Promise<ApiError | null> {
    await load(c);
    const authUser = c.get("authUser");
    if (!authUser) return unauthenticated();
    // Administrator rights come from the role alone, never from an e-mail address.
    if (authUser.role !== "admin") return new ApiError(403, ERROR_CODES.forbidden, GENERIC_TEXT.adminOnly);
    // While two-factor sign-in is offered, an administrator uses it before the dashboard opens.
    if (!c.get("sessionUser").twoFactorEnabled && (await deps.settings.get()).security.enableTwoFactor) {
      return new ApiError(403, ERROR_CODES.twoFactorRequired, AUTH_TEXT.twoFactorRequired);
    }
    return null;
  }

  const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
    const refusal = await adminRefusal(c);
    if (refusal) throw refusal;
    return next();
  };

  /** The signed-in member, or null for a visitor (never an error). */
  const currentUser = async (c: Context<AppEnv>) => {
    await load(c);
    return c.get("authUser") ? c.get("sessionUser") : null;
  };

  return { requireUser, requireAdmin, adminRefusal, currentUser };
}
