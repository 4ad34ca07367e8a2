import { and, eq, gte, ilike, inArray, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { containsPattern } from "../../db/like";
import { newestLogRows } from "../../db/log-rows";
import { prepared, type RunPrepared } from "../../db/prepared";
import { appLogs, auditLogs, user } from "../../db/schema";

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

/** The filters both log lists have: the member, the time range and the page. */
interface LogListFilter {
  userId?: string | undefined;
  /** A member's id, or part of their e-mail address. */
  user?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: LogCursor | null | undefined;
  limit: number;
}

export interface AppLogFilter extends LogListFilter {
  level?: string | undefined;
  category?: string | undefined;
  /** Part of the message. */
  message?: string | undefined;
}

export interface AuditLogFilter extends LogListFilter {
  action?: string | undefined;
  tableName?: string | undefined;
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

/**
 * The conditions every log list has: the member, the time range and the position after the
 * filter's cursor.
 */
function listConditions(db: DbOrTx, log: typeof appLogs | typeof auditLogs, filter: LogListFilter) {
  return [
    filter.userId ? eq(log.userId, filter.userId) : undefined,
    filter.user ? byUser(db, log.userId, filter.user) : undefined,
    filter.from ? gte(log.createdAt, filter.from) : undefined,
    filter.to ? lte(log.createdAt, filter.to) : undefined,
    filter.cursor
      ? sql`(${log.createdAt}, ${log.id}) < (${filter.cursor.ts}::timestamptz, ${filter.cursor.id}::bigint)`
      : undefined,
  ];
}

/** Application log rows, newest first, from after `cursor`: filtered, ordered and limited in SQL. */
export function listAppLogs(db: DbOrTx, filter: AppLogFilter) {
  const where = and(
    filter.level ? eq(appLogs.level, filter.level) : undefined,
    filter.category ? eq(appLogs.category, filter.category) : undefined,
    filter.message ? ilike(appLogs.message, containsPattern(filter.message)) : undefined,
    ...listConditions(db, appLogs, filter),
  );
  return newestLogRows(db, appLogs, where, filter.limit);
}

/** Audit rows, newest first, from after `cursor`: filtered, ordered and limited in SQL. */
export function listAuditLogs(db: DbOrTx, filter: AuditLogFilter) {
  const where = and(
    filter.action ? ilike(auditLogs.action, containsPattern(filter.action)) : undefined,
    filter.tableName ? eq(auditLogs.tableName, filter.tableName) : undefined,
    ...listConditions(db, auditLogs, filter),
  );
  return newestLogRows(db, auditLogs, where, filter.limit);
}

export type AppLogListRow = Awaited<ReturnType<typeof listAppLogs>>[number];
export type AuditLogListRow = Awaited<ReturnType<typeof listAuditLogs>>[number];
