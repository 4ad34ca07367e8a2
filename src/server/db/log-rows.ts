import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { type appLogs, type auditLogs, user, userProfiles } from "./schema";

export type AppLogRow = typeof appLogs.$inferSelect;
export type AuditLogRow = typeof auditLogs.$inferSelect;

/** A log row as the admin screens read it: with its author and its time as PostgreSQL writes it. */
export interface AuthoredLogRow<Row> {
  row: Row;
  /** The row's time to the microsecond, for a list's cursor. */
  cursorTs: string;
  userName: string | null;
  userEmail: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** Who wrote a log row: the account and its profile's name. */
const author = {
  userName: user.name,
  userEmail: user.email,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
};

/**
 * The newest `limit` rows of a log that `where` keeps (newest first, ties by id), each with who
 * wrote it: the account and its profile's name.
 */
export function newestLogRows(
  db: DbOrTx,
  log: typeof appLogs,
  where: SQL | undefined,
  limit: number,
): Promise<AuthoredLogRow<AppLogRow>[]>;
export function newestLogRows(
  db: DbOrTx,
  log: typeof auditLogs,
  where: SQL | undefined,
  limit: number,
): Promise<AuthoredLogRow<AuditLogRow>[]>;
export function newestLogRows(
  db: DbOrTx,
  log: typeof appLogs | typeof auditLogs,
  where: SQL | undefined,
  limit: number,
): Promise<AuthoredLogRow<AppLogRow | AuditLogRow>[]> {
  return db
    .select({ row: log, cursorTs: sql<string>`${log.createdAt}::text`, ...author })
    .from(log)
    .leftJoin(user, eq(user.id, log.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, log.userId))
    .where(where)
    .orderBy(desc(log.createdAt), desc(log.id))
    .limit(limit);
}
