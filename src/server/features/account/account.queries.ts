import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
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

/** A live session and its member, in one query (session, user, profile, subscription). */
export async function findSessionWithUser(db: DbOrTx, token: string) {
  const rows = await db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      banned: user.banned,
      createdAt: user.createdAt,
      profile: userProfiles,
      subscriptionStatus: subscriptions.status,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(and(eq(session.token, token), sql`${session.expiresAt} > now()`))
    .limit(1);
  return rows[0] ?? null;
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
