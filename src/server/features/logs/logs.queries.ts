import { and, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { containsPattern } from "../../db/like";
import { prepared, type RunPrepared } from "../../db/prepared";
import { appLogs, auditLogs, user, userProfiles } from "../../db/schema";

export type NewAppLog = typeof appLogs.$inferInsert;
export type NewAuditLog = typeof auditLogs.$inferInsert;

const insertAppLogStatement = prepared<never>(
  "insert_app_log",
  `insert into app_logs (user_id, level, category, message, metadata, ip_address, user_agent)
   values ($1::text, $2::text, $3::text, $4::text, $5::jsonb, $6::text, $7::text)`,
);

/** One application log row (a prepared statement: every AI answer writes one). */
export async function insertAppLog(run: RunPrepared, row: NewAppLog): Promise<void> {
  await run(insertAppLogStatement, [
    row.userId ?? null,
    row.level,
    row.category,
    row.message,
    row.metadata ?? {},
    row.ipAddress ?? null,
    row.userAgent ?? null,
  ]);
}

export async function insertAuditLog(db: DbOrTx, row: NewAuditLog): Promise<void> {
  await db.insert(auditLogs).values(row);
}

/** A position in a log list: the row's time as PostgreSQL writes it, and its id. */
export interface LogCursor {
  ts: string;
  id: number;
}

export interface AppLogFilter {
  level?: string | undefined;
  category?: string | undefined;
  userId?: string | undefined;
  /** A member's id, or part of their e-mail address. */
  user?: string | undefined;
  /** Part of the message. */
  message?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: LogCursor | null | undefined;
  limit: number;
}

/** Rows whose member has this id, or an e-mail address containing it (case-insensitive). */
function byUser(db: DbOrTx, column: typeof appLogs.userId | typeof auditLogs.userId, search: string) {
  return inArray(
    column,
    db
      .select({ id: user.id })
      .from(user)
      .where(or(eq(user.id, search), ilike(user.email, containsPattern(search)))),
  );
}

/** Who wrote the row: joined from the account and its profile. */
const author = {
  userName: user.name,
  userEmail: user.email,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
};

/** Application log rows, newest first, from after `cursor`: filtered, ordered and limited in SQL. */
export function listAppLogs(db: DbOrTx, filter: AppLogFilter) {
  const where: (SQL | undefined)[] = [];
  if (filter.level) where.push(eq(appLogs.level, filter.level));
  if (filter.category) where.push(eq(appLogs.category, filter.category));
  if (filter.userId) where.push(eq(appLogs.userId, filter.userId));
  if (filter.user) where.push(byUser(db, appLogs.userId, filter.user));
  if (filter.message) where.push(ilike(appLogs.message, containsPattern(filter.message)));
  if (filter.from) where.push(gte(appLogs.createdAt, filter.from));
  if (filter.to) where.push(lte(appLogs.createdAt, filter.to));
  if (filter.cursor) {
    where.push(
      sql`(${appLogs.createdAt}, ${appLogs.id}) < (${filter.cursor.ts}::timestamptz, ${filter.cursor.id}::bigint)`,
    );
  }
  return db
    .select({ row: appLogs, cursorTs: sql<string>`${appLogs.createdAt}::text`, ...author })
    .from(appLogs)
    .leftJoin(user, eq(user.id, appLogs.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, appLogs.userId))
    .where(and(...where))
    .orderBy(desc(appLogs.createdAt), desc(appLogs.id))
    .limit(filter.limit);
}

export interface AuditLogFilter {
  userId?: string | undefined;
  /** A member's id, or part of their e-mail address. */
  user?: string | undefined;
  action?: string | undefined;
  tableName?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: LogCursor | null | undefined;
  limit: number;
}

/** Audit rows, newest first, from after `cursor`: filtered, ordered and limited in SQL. */
export function listAuditLogs(db: DbOrTx, filter: AuditLogFilter) {
  const where: (SQL | undefined)[] = [];
  if (filter.userId) where.push(eq(auditLogs.userId, filter.userId));
  if (filter.user) where.push(byUser(db, auditLogs.userId, filter.user));
  if (filter.action) where.push(ilike(auditLogs.action, containsPattern(filter.action)));
  if (filter.tableName) where.push(eq(auditLogs.tableName, filter.tableName));
  if (filter.from) where.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) where.push(lte(auditLogs.createdAt, filter.to));
  if (filter.cursor) {
    where.push(
      sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${filter.cursor.ts}::timestamptz, ${filter.cursor.id}::bigint)`,
    );
  }
  return db
    .select({ row: auditLogs, cursorTs: sql<string>`${auditLogs.createdAt}::text`, ...author })
    .from(auditLogs)
    .leftJoin(user, eq(user.id, auditLogs.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, auditLogs.userId))
    .where(and(...where))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(filter.limit);
}

export type AppLogListRow = Awaited<ReturnType<typeof listAppLogs>>[number];
export type AuditLogListRow = Awaited<ReturnType<typeof listAuditLogs>>[number];
