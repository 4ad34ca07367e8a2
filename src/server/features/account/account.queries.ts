import { DEFAULT_PREFERENCES } from "@shared/constants";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { prepared, type RunPrepared } from "../../db/prepared";
import { loginAttempts, session, subscriptions, user, userProfiles, verification } from "../../db/schema";

export type ProfileRow = typeof userProfiles.$inferSelect;
export type NewProfile = typeof userProfiles.$inferInsert;

export async function insertProfileIfMissing(db: DbOrTx, row: NewProfile): Promise<void> {
  await db.insert(userProfiles).values(row).onConflictDoNothing({ target: userProfiles.id });
}

export async function findUserWithProfile(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      profile: userProfiles,
      subscription: {
        plan: subscriptions.plan,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        graceUntil: subscriptions.graceUntil,
      },
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

interface SessionLookupRow {
  sessionId: string;
  expiresAt: Date | string;
  renewedAt: Date | string;
  id: string;
  email: string;
  name: string;
  role: string;
  banned: boolean | null;
  twoFactorEnabled: boolean;
  createdAt: Date | string;
  hasProfile: boolean;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  address: string | null;
  profession: string | null;
  preferences: ProfileRow["preferences"] | null;
  lastSignInAt: Date | string | null;
  subscriptionPlan: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean | null;
  graceUntil: Date | string | null;
}

const sessionLookup = prepared<SessionLookupRow>(
  "session_with_user",
  `select s.id as "sessionId", s.expires_at as "expiresAt", s.updated_at as "renewedAt",
     u.id, u.email, u.name, u.role, u.banned, u.two_factor_enabled as "twoFactorEnabled", u.created_at as "createdAt",
     p.id is not null as "hasProfile", p.first_name as "firstName", p.last_name as "lastName",
     p.phone, p.address, p.profession, p.preferences, p.last_sign_in_at as "lastSignInAt",
     sub.plan as "subscriptionPlan", sub.status as "subscriptionStatus",
     sub.current_period_end as "currentPeriodEnd", sub.cancel_at_period_end as "cancelAtPeriodEnd",
     sub.grace_until as "graceUntil"
   from session s
   join "user" u on u.id = s.user_id
   left join user_profiles p on p.id = u.id
   left join subscriptions sub on sub.user_id = u.id
   where s.token = $1::text and s.expires_at > now()
   limit 1`,
);

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A live session and its member, in one prepared query (session, user, profile, subscription). */
export async function findSessionWithUser(run: RunPrepared, token: string) {
  const [row] = await run(sessionLookup, [token]);
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    expiresAt: toDate(row.expiresAt),
    renewedAt: toDate(row.renewedAt),
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    banned: row.banned,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: toDate(row.createdAt),
    profile: row.hasProfile
      ? {
          firstName: row.firstName ?? "",
          lastName: row.lastName ?? "",
          phone: row.phone ?? "",
          address: row.address ?? "",
          profession: row.profession ?? "",
          preferences: row.preferences ?? DEFAULT_PREFERENCES,
          lastSignInAt: row.lastSignInAt === null ? null : toDate(row.lastSignInAt),
        }
      : null,
    subscription:
      row.subscriptionStatus === null
        ? null
        : {
            plan: row.subscriptionPlan ?? "premium",
            status: row.subscriptionStatus,
            currentPeriodEnd: row.currentPeriodEnd === null ? null : toDate(row.currentPeriodEnd),
            cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
            graceUntil: row.graceUntil === null ? null : toDate(row.graceUntil),
          },
  };
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function touchLastSignIn(db: DbOrTx, userId: string): Promise<void> {
  await db.update(userProfiles).set({ lastSignInAt: sql`now()` }).where(eq(userProfiles.id, userId));
}

export async function setSessionExpiry(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(session).set({ expiresAt }).where(eq(session.id, sessionId));
}

// ---------------------------------------------------------------- lockout

/** The client key of the per-account row (guesses from every address together). */
export const ANY_CLIENT = "*";

/** The account's row and this address's row, when they exist. */
export async function findLoginAttempts(db: DbOrTx, email: string, client: string) {
  return db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), inArray(loginAttempts.client, [client, ANY_CLIENT])));
}

/** A lock in force on the row now. */
const lockedNow = sql`(${loginAttempts.lockedUntil} is not null and ${loginAttempts.lockedUntil} > now())`;

/**
 * Count one password (or code) check for this account and address before it is made, and lock the
 * pair for `lockMinutes` once `maxAttempts` checks have come within `lockMinutes` of each other. A
 * count whose last check is older than that, or whose lock has run out, starts again at 1. One
 * statement that takes the row's lock: checks sent at once are counted one after the other, on
 * either engine and from every process, and none is counted while the pair is locked (null then).
 */
async function reservePairAttempt(
  db: DbOrTx,
  input: { email: string; client: string; maxAttempts: number; lockMinutes: number },
) {
  const stale = sql`(${loginAttempts.lockedUntil} is not null and ${loginAttempts.lockedUntil} <= now())
    or ${loginAttempts.lastFailedAt} is null
    or ${loginAttempts.lastFailedAt} < now() - make_interval(mins => ${input.lockMinutes})`;
  const next = sql`case when ${stale} then 1 else ${loginAttempts.failedCount} + 1 end`;
  const [row] = await db
    .insert(loginAttempts)
    .values({
      email: input.email,
      client: input.client,
      failedCount: 1,
      lastFailedAt: sql`now()`,
      lockedUntil: sql`case when 1 >= ${input.maxAttempts}::int then now() + make_interval(mins => ${input.lockMinutes}) end`,
    })
    .onConflictDoUpdate({
      target: [loginAttempts.email, loginAttempts.client],
      set: {
        failedCount: next,
        lockedUntil: sql`case when ${next} >= ${input.maxAttempts}::int then now() + make_interval(mins => ${input.lockMinutes}) end`,
        lastFailedAt: sql`now()`,
      },
      setWhere: sql`not ${lockedNow}`,
    })
    .returning({
      failedCount: loginAttempts.failedCount,
      lockedUntil: loginAttempts.lockedUntil,
      lastSuccessAt: loginAttempts.lastSuccessAt,
    });
  return row ?? null;
}

/**
 * Count one check on the account from any address, within a window of `windowMinutes`. From
 * `ceiling` checks on, every further one pauses the account's sign-in for a delay that doubles each
 * time (1 s, 2 s, 4 s, ...) up to `maxDelaySeconds`. Nothing is counted while a pause is in force,
 * unless `evenIfPaused` (an address the owner signed in from, which the pause does not hold): null
 * then.
 */
async function reserveAccountAttempt(
  db: DbOrTx,
  input: { email: string; ceiling: number; windowMinutes: number; maxDelaySeconds: number; evenIfPaused: boolean },
) {
  const stale = sql`${loginAttempts.lastFailedAt} is null or ${loginAttempts.lastFailedAt} < now() - make_interval(mins => ${input.windowMinutes})`;
  const next = sql`case when ${stale} then 1 else ${loginAttempts.failedCount} + 1 end`;
  const delay = (count: SQL) =>
    sql`case when ${count} >= ${input.ceiling}::int
      then now() + make_interval(secs => least(${input.maxDelaySeconds}::int, power(2, least(${count} - ${input.ceiling}::int, 20))))
      end`;
  const [row] = await db
    .insert(loginAttempts)
    .values({
      email: input.email,
      client: ANY_CLIENT,
      failedCount: 1,
      lastFailedAt: sql`now()`,
      lockedUntil: delay(sql`1`),
    })
    .onConflictDoUpdate({
      target: [loginAttempts.email, loginAttempts.client],
      set: { failedCount: next, lockedUntil: delay(next), lastFailedAt: sql`now()` },
      ...(input.evenIfPaused ? {} : { setWhere: sql`not ${lockedNow}` }),
    })
    .returning({ failedCount: loginAttempts.failedCount, lockedUntil: loginAttempts.lockedUntil });
  return row ?? null;
}

/**
 * Reserve one check for this account and address: the address's count and the account's, in one
 * transaction. False, with nothing counted, while the address is locked or the account paused (an
 * address the owner signed in from within `knownForMs` is not held by the account's pause).
 */
export async function reserveLoginCheck(
  db: Db,
  input: {
    email: string;
    client: string;
    maxAttempts: number;
    lockMinutes: number;
    accountCeiling: number;
    accountWindowMinutes: number;
    knownForMs: number;
  },
): Promise<boolean> {
  const refused = new Error("refused");
  try {
    await db.transaction(async (tx) => {
      const pair = await reservePairAttempt(tx, input);
      if (!pair) throw refused;
      const known = Boolean(pair.lastSuccessAt && Date.now() - pair.lastSuccessAt.getTime() < input.knownForMs);
      const account = await reserveAccountAttempt(tx, {
        email: input.email,
        ceiling: input.accountCeiling,
        windowMinutes: input.accountWindowMinutes,
        maxDelaySeconds: input.lockMinutes * 60,
        evenIfPaused: known,
      });
      if (!account) throw refused;
    });
    return true;
  } catch (error) {
    if (error === refused) return false;
    throw error;
  }
}

/**
 * Give back a check counted by the reservations above that judged nothing (the right password
 * before its code, a request refused for another reason): the count goes down by one, and a lock
 * that only this check's count had started is lifted.
 */
export async function releaseAttempt(db: DbOrTx, input: { email: string; client: string; lockFrom: number }) {
  const next = sql`greatest(${loginAttempts.failedCount} - 1, 0)`;
  await db
    .update(loginAttempts)
    .set({
      failedCount: next,
      lockedUntil: sql`case when ${next} >= ${input.lockFrom}::int then ${loginAttempts.lockedUntil} end`,
    })
    .where(and(eq(loginAttempts.email, input.email), eq(loginAttempts.client, input.client)));
}

/** A successful sign-in from this address: its failures are forgotten and the address is known. */
export async function recordLoginSuccess(db: DbOrTx, email: string, client: string): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ email, client, failedCount: 0, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({
      target: [loginAttempts.email, loginAttempts.client],
      set: { failedCount: 0, lockedUntil: null, lastFailedAt: null, lastSuccessAt: sql`now()` },
    });
}

/** Lift every lock and forget every failure of an account (password reset, administrator). */
export async function clearLoginFailures(db: DbOrTx, email: string): Promise<number> {
  const rows = await db
    .update(loginAttempts)
    .set({ failedCount: 0, lockedUntil: null, lastFailedAt: null })
    .where(
      and(
        eq(loginAttempts.email, email),
        sql`(${loginAttempts.failedCount} > 0 or ${loginAttempts.lockedUntil} is not null)`,
      ),
    )
    .returning({ client: loginAttempts.client });
  return rows.length;
}

/**
 * Forget rows that no longer matter: no lock in force, no failure within the last day, and no
 * successful sign-in within `knownForDays` (an address the owner used stays known that long).
 */
export async function deleteStaleLoginAttempts(db: DbOrTx, knownForDays: number): Promise<number> {
  const rows = await db
    .delete(loginAttempts)
    .where(
      sql`(${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} < now())
        and (${loginAttempts.lastFailedAt} is null or ${loginAttempts.lastFailedAt} < now() - interval '1 day')
        and (${loginAttempts.lastSuccessAt} is null or ${loginAttempts.lastSuccessAt} < now() - make_interval(days => ${knownForDays}::int))`,
    )
    .returning({ email: loginAttempts.email });
  return rows.length;
}

/** What better-auth writes before a password-reset token in the `verification` table. */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/**
 * End a member's password-reset links, all but the one named `keep` (a `verification` row's
 * identifier), in one statement. Returns how many were ended.
 */
export async function deleteResetTokens(db: DbOrTx, userId: string, keep: string | null): Promise<number> {
  const rows = await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        sql`starts_with(${verification.identifier}, ${RESET_IDENTIFIER_PREFIX})`,
        ...(keep === null ? [] : [sql`${verification.identifier} <> ${keep}`]),
      ),
    )
    .returning({ id: verification.id });
  return rows.length;
}
