import { DEFAULT_PREFERENCES } from "@shared/constants";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { prepared, type RunPrepared } from "../../db/prepared";
import { loginAttempts, session, subscriptions, user, userProfiles } from "../../db/schema";

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
      createdAt: user.createdAt,
      profile: userProfiles,
      subscriptionStatus: subscriptions.status,
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
  id: string;
  email: string;
  name: string;
  role: string;
  banned: boolean | null;
  createdAt: Date | string;
  hasProfile: boolean;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  address: string | null;
  profession: string | null;
  preferences: ProfileRow["preferences"] | null;
  lastSignInAt: Date | string | null;
  subscriptionStatus: string | null;
}

const sessionLookup = prepared<SessionLookupRow>(
  "session_with_user",
  `select s.id as "sessionId", s.expires_at as "expiresAt",
     u.id, u.email, u.name, u.role, u.banned, u.created_at as "createdAt",
     p.id is not null as "hasProfile", p.first_name as "firstName", p.last_name as "lastName",
     p.phone, p.address, p.profession, p.preferences, p.last_sign_in_at as "lastSignInAt",
     sub.status as "subscriptionStatus"
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
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    banned: row.banned,
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
    subscriptionStatus: row.subscriptionStatus,
  };
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function setUserRole(db: DbOrTx, userId: string, role: "user" | "admin"): Promise<void> {
  await db.update(user).set({ role }).where(eq(user.id, userId));
}

export async function touchLastSignIn(db: DbOrTx, userId: string): Promise<void> {
  await db.update(userProfiles).set({ lastSignInAt: sql`now()` }).where(eq(userProfiles.id, userId));
}

export async function setSessionExpiry(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(session).set({ expiresAt }).where(eq(session.id, sessionId));
}

// ---------------------------------------------------------------- lockout

export async function findLoginAttempt(db: DbOrTx, email: string) {
  const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).limit(1);
  return rows[0] ?? null;
}

/**
 * Count one failed sign-in atomically. A count older than the lockout window, or one whose lock
 * has run out, starts again at 1. Returns the new count.
 */
export async function recordFailedLogin(db: DbOrTx, email: string, windowMinutes: number): Promise<number> {
  const stale = sql`(${loginAttempts.lockedUntil} is not null and ${loginAttempts.lockedUntil} <= now())
    or ${loginAttempts.lastFailedAt} < now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(loginAttempts)
    .values({ email, failedCount: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        failedCount: sql`case when ${stale} then 1 else ${loginAttempts.failedCount} + 1 end`,
        lockedUntil: sql`case when ${stale} then null else ${loginAttempts.lockedUntil} end`,
        lastFailedAt: sql`now()`,
      },
    })
    .returning({ failedCount: loginAttempts.failedCount });
  return rows[0]?.failedCount ?? 1;
}

export async function lockLogin(db: DbOrTx, email: string, minutes: number): Promise<Date> {
  const rows = await db
    .update(loginAttempts)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(and(eq(loginAttempts.email, email)))
    .returning({ lockedUntil: loginAttempts.lockedUntil });
  return rows[0]?.lockedUntil ?? new Date(Date.now() + minutes * 60_000);
}

export async function clearLoginAttempts(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
