import { DEFAULT_PREFERENCES, LOCKOUT_MINUTES } from "@shared/constants";
import { planForStatus } from "@shared/plans";
import type { Preferences, SessionUser } from "@shared/session";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import {
  clearLoginAttempts,
  findLoginAttempt,
  findSessionWithUser,
  findUserWithProfile,
  insertProfileIfMissing,
  lockLogin,
  type ProfileRow,
  recordFailedLogin,
  setSessionExpiry,
  touchLastSignIn,
} from "./account.queries";
import type { SessionCache } from "./session-cache";

export interface ProfileSeed {
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | undefined;
  profession?: string | undefined;
}

/** Split a display name into first and last name ('Ada Lovelace' → Ada / Lovelace). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

interface UserRow {
  id: string;
  email: string;
  role: string;
  createdAt: Date;
  profile: Pick<
    ProfileRow,
    "firstName" | "lastName" | "phone" | "address" | "profession" | "preferences" | "lastSignInAt"
  > | null;
  subscriptionStatus: string | null;
}

/** A signed-in member as every request sees it (frozen: a kept session is shared by requests). */
export interface ResolvedSession {
  readonly sessionId: string;
  readonly expiresAt: Date;
  readonly role: string;
  readonly user: Readonly<SessionUser>;
}

export function createAccountService(
  db: Db,
  run: RunPrepared,
  options: { builtInAdminEmail: string; sessionCache?: SessionCache<ResolvedSession> | null },
) {
  const sessionCache = options.sessionCache ?? null;

  function toSessionUser(row: UserRow): SessionUser {
    const profile = row.profile;
    return {
      id: row.id,
      email: row.email,
      phone: profile?.phone ?? "",
      firstName: profile?.firstName ?? "",
      lastName: profile?.lastName ?? "",
      address: profile?.address ?? "",
      profession: profile?.profession ?? "",
      createdAt: row.createdAt.toISOString(),
      lastActive: profile?.lastSignInAt?.toISOString() ?? null,
      isAdmin: row.role === "admin" || row.email === options.builtInAdminEmail,
      preferences: { ...DEFAULT_PREFERENCES, ...(profile?.preferences as Partial<Preferences> | undefined) },
      plan: planForStatus(row.subscriptionStatus),
    };
  }

  async function ensureProfile(userId: string, seed: ProfileSeed): Promise<void> {
    await insertProfileIfMissing(db, {
      id: userId,
      firstName: seed.firstName ?? "",
      lastName: seed.lastName ?? "",
      phone: seed.phone ?? "",
      profession: seed.profession ?? "",
      preferences: { ...DEFAULT_PREFERENCES },
    });
  }

  return {
    ensureProfile,

    /**
     * The session user of spec section 3. A missing profile row is created again with the default
     * preferences (spec section 4 'Profile loading').
     */
    async getSessionUser(userId: string): Promise<SessionUser | null> {
      let row = await findUserWithProfile(db, userId);
      if (!row) return null;
      if (!row.profile) {
        await ensureProfile(userId, splitName(row.name));
        row = await findUserWithProfile(db, userId);
        if (!row) return null;
      }
      return toSessionUser(row);
    },

    /**
     * The member behind a session token, in one query (or none, when this process keeps sessions
     * and has this one: `./session-cache.ts`); null when the session is unknown, expired, or its
     * member is banned. A missing profile row is created again.
     */
    async resolveSession(token: string): Promise<ResolvedSession | null> {
      const kept = sessionCache?.get(token);
      if (kept) return kept;
      const generation = sessionCache?.generation() ?? 0;
      let row = await findSessionWithUser(run, token);
      if (!row || row.banned) return null;
      if (!row.profile) {
        await ensureProfile(row.id, splitName(row.name));
        row = await findSessionWithUser(run, token);
        if (!row) return null;
      }
      const user = toSessionUser(row);
      Object.freeze(user.preferences);
      const resolved: ResolvedSession = Object.freeze({
        sessionId: row.sessionId,
        expiresAt: row.expiresAt,
        role: row.role,
        user: Object.freeze(user),
      });
      sessionCache?.set(token, { userId: row.id, expiresAt: row.expiresAt, value: resolved }, generation);
      return resolved;
    },

    recordSignIn: (userId: string) => touchLastSignIn(db, userId),

    /** Sliding session: push the expiry out again once less than half of the timeout is left. */
    async slideSession(sessionId: string, expiresAt: Date, timeoutHours: number): Promise<void> {
      const timeoutMs = timeoutHours * 3_600_000;
      if (expiresAt.getTime() - Date.now() < timeoutMs / 2) {
        await setSessionExpiry(db, sessionId, new Date(Date.now() + timeoutMs));
      }
    },

    lockout: {
      /** The time until which sign-in is refused for this address, if it is locked now. */
      async lockedUntil(email: string): Promise<Date | null> {
        const row = await findLoginAttempt(db, email);
        if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) return row.lockedUntil;
        return null;
      },
      /** Count a failure; lock the address when it reaches the limit. Returns whether it is now locked. */
      async recordFailure(email: string, maxAttempts: number): Promise<boolean> {
        const count = await recordFailedLogin(db, email, LOCKOUT_MINUTES);
        if (count >= maxAttempts) {
          await lockLogin(db, email, LOCKOUT_MINUTES);
          return true;
        }
        return false;
      },
      clear: (email: string) => clearLoginAttempts(db, email),
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
