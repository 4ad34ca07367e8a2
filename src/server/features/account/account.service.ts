import { DEFAULT_PREFERENCES, LOCKOUT_MINUTES } from "@shared/constants";
import { entitledPlan, type SubscriptionState } from "@shared/plans";
import { type Preferences, type SessionUser, splitName } from "@shared/session";
import type { SignInPause } from "../../auth/auth";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import type { MemberCache } from "../../lib/member-cache";
import {
  ANY_CLIENT,
  clearLoginFailures,
  deleteResetTokens,
  deleteStaleLoginAttempts,
  findLoginAttempts,
  findSessionWithUser,
  findUserWithProfile,
  insertProfileIfMissing,
  type ProfileRow,
  recordLoginSuccess,
  releaseAttempt,
  reserveLoginCheck,
  setSessionExpiry,
  touchLastSignIn,
} from "./account.queries";

export interface ProfileSeed {
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | undefined;
  profession?: string | undefined;
  /** A member who signed up agreed to the Terms and acknowledged the AI's limitations at this moment. */
  termsAcceptedAt?: Date | undefined;
}

/**
 * Lockout (DESIGN section 9): `maxLoginAttempts` wrong passwords from one address pause that
 * address's sign-in to the account for LOCKOUT_MINUTES; the owner elsewhere is not affected.
 * Guesses spread over many addresses meet a ceiling ten times higher per account and hour, past
 * which every further failure pauses the account for a delay that doubles up to LOCKOUT_MINUTES;
 * an address the owner signed in from in the last 30 days is not paused by it.
 */
const ACCOUNT_CEILING_FACTOR = 10;
const ACCOUNT_WINDOW_MINUTES = 60;
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;
/** How long a session in use goes without being pushed out again (see slideSession). */
const SLIDE_STEP_MS = 5 * 60_000;
/** The client key when the address is not known (never the case behind the real server). */
const UNKNOWN_CLIENT = "unknown";

interface UserRow {
  id: string;
  email: string;
  role: string;
  twoFactorEnabled: boolean;
  createdAt: Date;
  profile: Pick<
    ProfileRow,
    "firstName" | "lastName" | "phone" | "address" | "profession" | "preferences" | "lastSignInAt"
  > | null;
  subscription: SubscriptionState | null;
}

/** A signed-in member as every request sees it (frozen: a kept session is shared by requests). */
export interface ResolvedSession {
  readonly sessionId: string;
  readonly expiresAt: Date;
  /** When the session was made or last pushed out: it lasts the current sessionTimeout from then. */
  readonly renewedAt: Date;
  readonly role: string;
  readonly user: Readonly<SessionUser>;
}

export function createAccountService(
  db: Db,
  run: RunPrepared,
  options: { sessionCache?: MemberCache<ResolvedSession> | null } = {},
) {
  const sessionCache = options.sessionCache ?? null;

  /**
   * Whether sign-in to this account from this address is paused now, and for how long: the pair
   * is locked after too many failures from it, or the account after too many failures from
   * everywhere (unless the owner has signed in from this address before).
   */
  async function checkPause(email: string, client: string | null): Promise<SignInPause | null> {
    const address = client ?? UNKNOWN_CLIENT;
    const rows = await findLoginAttempts(db, email, address);
    const now = Date.now();
    const pair = rows.find((r) => r.client === address);
    const account = rows.find((r) => r.client === ANY_CLIENT);
    if (pair?.lockedUntil && pair.lockedUntil.getTime() > now) {
      return { scope: "address", until: pair.lockedUntil };
    }
    const knownAddress = pair?.lastSuccessAt && now - pair.lastSuccessAt.getTime() < KNOWN_ADDRESS_MS;
    if (account?.lockedUntil && account.lockedUntil.getTime() > now && !knownAddress) {
      return { scope: "account", until: account.lockedUntil };
    }
    return null;
  }

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
      isAdmin: row.role === "admin",
      twoFactorEnabled: row.twoFactorEnabled,
      preferences: { ...DEFAULT_PREFERENCES, ...(profile?.preferences as Partial<Preferences> | undefined) },
      plan: entitledPlan(row.subscription).plan,
    };
  }

  async function ensureProfile(userId: string, seed: ProfileSeed): Promise<void> {
    await insertProfileIfMissing(db, {
      id: userId,
      firstName: seed.firstName ?? "",
      lastName: seed.lastName ?? "",
      phone: seed.phone ?? "",
      profession: seed.profession ?? "",
      termsAcceptedAt: seed.termsAcceptedAt ?? null,
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
     * and has this one: `lib/member-cache.ts`); null when the session is unknown, expired, or its
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
        renewedAt: row.renewedAt,
        role: row.role,
        user: Object.freeze(user),
      });
      // A plan that ends by itself (a cancelled period, a grace period) ends the kept copy with it.
      const planUntil = entitledPlan(row.subscription).until;
      const keepUntil = planUntil && planUntil < row.expiresAt ? planUntil : row.expiresAt;
      sessionCache?.set(token, { userId: row.id, expiresAt: keepUntil, value: resolved }, generation);
      return resolved;
    },

    recordSignIn: (userId: string) => touchLastSignIn(db, userId),

    async hasSignedIn(userId: string): Promise<boolean> {
      return (await findUserWithProfile(db, userId))?.profile?.lastSignInAt != null;
    },

    /**
     * Sliding session: a session in use is pushed out to the full timeout again (at most once per
     * SLIDE_STEP_MS, so a member is signed out within minutes of the timeout without activity, not
     * after each request's write), and pulled in when it lies further out than the timeout (an
     * administrator shortened it).
     */
    async slideSession(sessionId: string, expiresAt: Date, timeoutHours: number): Promise<void> {
      const timeoutMs = timeoutHours * 3_600_000;
      const left = expiresAt.getTime() - Date.now();
      if (left < timeoutMs - SLIDE_STEP_MS || left > timeoutMs) {
        await setSessionExpiry(db, sessionId, new Date(Date.now() + timeoutMs));
      }
    },

    /** End a session now (it outlived the session timeout). */
    endSession: (sessionId: string) => setSessionExpiry(db, sessionId, new Date()),

    /**
     * End a member's password-reset links, all but `keep` (the identifier of the one being used):
     * once one link is used, no other works.
     */
    endResetLinks: (userId: string, keep: string | null = null) => deleteResetTokens(db, userId, keep),

    lockout: {
      /**
       * Whether sign-in to this account from this address is paused now, and for how long: the
       * pair is locked after too many failures from it, or the account after too many failures
       * from everywhere (unless the owner has signed in from this address before).
       */
      check: checkPause,

      /**
       * Count one password or code check before it is made (DESIGN section 9): null when it may be
       * made, or the pause in force, and then nothing is counted. A check found wrong stays
       * counted; `settle` gives back one found right or one that judged nothing. Reserved in the
       * database, so checks sent at once, from any process, never exceed `maxAttempts` per address.
       */
      async reserve(email: string, client: string | null, maxAttempts: number): Promise<SignInPause | null> {
        const reserved = await reserveLoginCheck(db, {
          email,
          client: client ?? UNKNOWN_CLIENT,
          maxAttempts,
          lockMinutes: LOCKOUT_MINUTES,
          accountCeiling: maxAttempts * ACCOUNT_CEILING_FACTOR,
          accountWindowMinutes: ACCOUNT_WINDOW_MINUTES,
          knownForMs: KNOWN_ADDRESS_MS,
        });
        if (reserved) return null;
        // Refused: the pause that holds this address (read after the transaction that saw it).
        return (await checkPause(email, client)) ?? { scope: "address", until: new Date(Date.now() + 1000) };
      },

      /**
       * How a reserved check ended: `wrong` keeps it counted (and returns the pause it started, if
       * any); `right` forgets this address's failures and gives the account's count back; `void`
       * (judged nothing: the right password before its code, a refusal for another reason) gives
       * both back.
       */
      async settle(
        email: string,
        client: string | null,
        outcome: "wrong" | "right" | "void",
        maxAttempts: number,
      ): Promise<SignInPause | null> {
        const address = client ?? UNKNOWN_CLIENT;
        if (outcome === "wrong") return checkPause(email, client);
        if (outcome === "right") await recordLoginSuccess(db, email, address);
        else await releaseAttempt(db, { email, client: address, lockFrom: maxAttempts });
        await releaseAttempt(db, { email, client: ANY_CLIENT, lockFrom: maxAttempts * ACCOUNT_CEILING_FACTOR });
        return null;
      },

      /** Lift every pause on the account (password reset, an administrator). Returns how many were lifted. */
      clear: (email: string) => clearLoginFailures(db, email),
      /** Forget failures and addresses that no longer count for anything (housekeeping). */
      forgetStale: () => deleteStaleLoginAttempts(db, KNOWN_ADDRESS_MS / 86_400_000),
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
