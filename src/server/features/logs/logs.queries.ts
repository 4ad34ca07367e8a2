import { and, desc, eq, gte, ilike, lte, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { containsPattern } from "../../db/like";
import { prepared, type RunPrepared } from "../../db/prepared";
import { appLogs, auditLogs } from "../../db/schema";

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

export interface AppLogFilter {
  level?: string | undefined;
  category?: string | undefined;
  userId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
}

export function listAppLogs(db: DbOrTx, filter: AppLogFilter) {
  const where: SQL[] = [];
  if (filter.level) where.push(eq(appLogs.level, filter.level));
  if (filter.category) where.push(eq(appLogs.category, filter.category));
  if (filter.userId) where.push(eq(appLogs.userId, filter.userId));
  if (filter.from) where.push(gte(appLogs.createdAt, filter.from));
  if (filter.to) where.push(lte(appLogs.createdAt, filter.to));
  return db
    .select()
    .from(appLogs)
    .where(and(...where))
    .orderBy(desc(appLogs.createdAt), desc(appLogs.id))
    .limit(filter.limit);
}

export interface AuditLogFilter {
  userId?: string | undefined;
  action?: string | undefined;
  tableName?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
}

export function listAuditLogs(db: DbOrTx, filter: AuditLogFilter) {
  const where: SQL[] = [];
  if (filter.userId) where.push(eq(auditLogs.userId, filter.userId));
  if (filter.action) where.push(ilike(auditLogs.action, containsPattern(filter.action)));
  if (filter.tableName) where.push(eq(auditLogs.tableName, filter.tableName));
  if (filter.from) where.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) where.push(lte(auditLogs.createdAt, filter.to));
  return db
    .select()
    .from(auditLogs)
    .where(and(...where))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(filter.limit);
}
