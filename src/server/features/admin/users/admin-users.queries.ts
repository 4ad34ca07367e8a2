import type { AdminUserFilter } from "@shared/schemas/admin-users";
import { and, count, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { planInForce } from "../../../db/entitlement";
import { containsPattern } from "../../../db/like";
import { auditLogs, cases, loginAttempts, subscriptions, user, userProfiles } from "../../../db/schema";

/** Premium Solutions in force now, as `entitledPlan` decides it. */
const premiumNow = planInForce("premium");

/** First and last name combined, as the search matches them. */
const fullName = sql`(${userProfiles.firstName} || ' ' || ${userProfiles.lastName})`;

function filterCondition(filter: AdminUserFilter): SQL | undefined {
  switch (filter) {
    case "active":
      return isNotNull(userProfiles.lastSignInAt);
    // Found from the subscriptions (few rows, indexed by status), once, not checked member by member.
    case "premium":
      return sql`${user.id} = any(array(select ${subscriptions.userId} from ${subscriptions} where ${premiumNow}))`;
    case "free":
      return sql`not (${user.id} = any(array(select ${subscriptions.userId} from ${subscriptions} where ${premiumNow})))`;
    default:
      return undefined;
  }
}

/**
 * The search as PostgreSQL can plan it from the trigram indexes: the members whose e-mail
 * matches, and those whose full name matches, each found once in its own table
 * (`= any(array(...))`, an init plan), never checked row by row across the join.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    sql`${user.id} = any(array(select ${user.id} from ${user} where ${user.email} ilike ${pattern}))`,
    sql`${user.id} = any(array(select ${userProfiles.id} from ${userProfiles} where ${fullName} ilike ${pattern}))`,
  );
}

const rowColumns = {
  id: user.id,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
  phone: userProfiles.phone,
  profession: userProfiles.profession,
  lastSignInAt: userProfiles.lastSignInAt,
  subscription: {
    plan: subscriptions.plan,
    status: subscriptions.status,
    source: subscriptions.source,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
    cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    graceUntil: subscriptions.graceUntil,
  },
};

/** A member as the Users table shows them, before the plan rule and the per-page counts. */
export interface UserListRow {
  id: string;
  email: string;
  role: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  profession: string | null;
  lastSignInAt: Date | null;
  subscription: {
    plan: string;
    status: string;
    source: string;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
    graceUntil: Date | null;
  } | null;
  caseCount: number;
  locked: boolean;
}

/** The members of one page with each one's case count and whether sign-in is paused, read for those few only. */
async function withPageExtras(db: DbOrTx, rows: Omit<UserListRow, "caseCount" | "locked">[]): Promise<UserListRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const emails = rows.map((r) => r.email);
  const countRows = await db
    .select({ userId: cases.userId, n: count() })
    .from(cases)
    .where(inArray(cases.userId, ids))
    .groupBy(cases.userId);
  const lockRows = await db
    .selectDistinct({ email: loginAttempts.email })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.email, emails), sql`${loginAttempts.lockedUntil} > now()`));
  const counts = new Map(countRows.map((r) => [r.userId, r.n]));
  const locked = new Set(lockRows.map((r) => r.email));
  return rows.map((r) => ({ ...r, caseCount: counts.get(r.id) ?? 0, locked: locked.has(r.email) }));
}

/** Members as the Users table shows them, newest first, with each one's case count and sign-in lock. */
async function readUserRows(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<UserListRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(page.limit)
    .offset(page.offset);
  return withPageExtras(db, rows);
}

/**
 * One page of members, newest first, searched (e-mail, or first and last name combined,
 * case-insensitively) and filtered in SQL, with the total that match. Case counts are counted for
 * the page's members only.
 */
export async function listUsers(
  db: DbOrTx,
  input: { q: string; filter: AdminUserFilter; limit: number; offset: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const where = and(searchCondition(input.q), filterCondition(input.filter));
  const rows = await readUserRows(db, where, input);
  const [totalRow] = await db
    .select({ n: count() })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(where);
  return { rows, total: totalRow?.n ?? 0 };
}

/** One member as the Users table shows them; null when there is no such member. */
export async function findUserRow(db: DbOrTx, userId: string): Promise<UserListRow | null> {
  const [row] = await readUserRows(db, eq(user.id, userId), { limit: 1, offset: 0 });
  return row ?? null;
}

/** The four tiles: every member, those who signed in, Premium Solutions in force, administrators. */
export async function countUsers(db: DbOrTx) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${userProfiles.lastSignInAt} is not null)`.mapWith(Number),
      premium: sql<number>`count(*) filter (where coalesce(${premiumNow}, false))`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${user.role} = 'admin')`.mapWith(Number),
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id));
  return { total: row?.total ?? 0, active: row?.active ?? 0, premium: row?.premium ?? 0, admins: row?.admins ?? 0 };
}

/** Whether another account than `exceptId` already has this e-mail. */
export async function emailTaken(db: DbOrTx, email: string, exceptId: string | null = null): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(exceptId ? and(eq(user.email, email), ne(user.id, exceptId)) : eq(user.email, email))
    .limit(1);
  return rows.length > 0;
}

export interface ProfileFields {
  firstName: string;
  lastName: string;
  phone: string;
  profession: string;
}

const UNIQUE_VIOLATION = "23505";
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * A new account's profile as the administrator typed it, and the audit row of its creation,
 * together. The account itself was made by the account system (with its credential).
 */
export async function completeCreatedUser(
  db: Db,
  userId: string,
  profile: ProfileFields,
  preferences: typeof userProfiles.$inferInsert.preferences,
  audit: typeof auditLogs.$inferInsert,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values({ id: userId, ...profile, preferences })
      .onConflictDoUpdate({ target: userProfiles.id, set: { ...profile, updatedAt: sql`now()` } });
    await tx
      .update(user)
      .set({ name: `${profile.firstName} ${profile.lastName}`.trim(), updatedAt: sql`now()` })
      .where(eq(user.id, userId));
    await tx.insert(auditLogs).values(audit);
  });
}

/**
 * An administrator's edit and its audit row, together. `account` holds the e-mail, role and
 * display name when they change; `profile` the profile's fields that change. Returns false when
 * the e-mail was taken meanwhile (nothing is changed then).
 */
export async function updateUserWithAudit(
  db: Db,
  userId: string,
  changes: {
    account: Partial<{ email: string; role: string; name: string }>;
    profile: Partial<ProfileFields>;
  },
  audit: typeof auditLogs.$inferInsert,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(changes.account).length > 0) {
        await tx
          .update(user)
          // An administrator never waits for a verification link (they read the outbox).
          .set({
            ...changes.account,
            ...(changes.account.role === "admin" ? { emailVerified: true } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(user.id, userId));
      }
      if (Object.keys(changes.profile).length > 0) {
        await tx
          .update(userProfiles)
          .set({ ...changes.profile, updatedAt: sql`now()` })
          .where(eq(userProfiles.id, userId));
      }
      await tx.insert(auditLogs).values(audit);
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
