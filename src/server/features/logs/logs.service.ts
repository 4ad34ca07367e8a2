import type { LogCategory, LogLevel } from "@shared/constants";
import type { AppLogView, AuditLogView, LogPage, LogUser } from "@shared/schemas/admin";
import { encodeListCursor, LIST_CURSOR_MESSAGE, type ListCursor, storableText } from "@shared/schemas/text";
import type { DbOrTx } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import { invalidInput } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import {
  type AppLogFilter,
  type AuditLogFilter,
  insertAppLog,
  insertAuditLog,
  type LogCursor,
  listAppLogs,
  listAuditLogs,
  type NewAppLog,
  type NewAuditLog,
} from "./logs.queries";

/** A log list's filters, with the page position as the API receives it. */
export type AppLogQuery = Omit<AppLogFilter, "cursor"> & { cursor?: ListCursor | undefined };
export type AuditLogQuery = Omit<AuditLogFilter, "cursor"> & { cursor?: ListCursor | undefined };

/** Who did something, from where: attached to every log row. */
export interface Actor {
  userId?: string | null | undefined;
  ipAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
}

export interface AppLogEntry extends Actor {
  level?: LogLevel;
  category: LogCategory;
  message: string;
  metadata?: Record<string, unknown>;
}

export interface AuditEntry extends Actor {
  action: string;
  tableName?: string;
  recordId?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
}

/**
 * Application and audit logs in the database. A failure to log never fails the action being
 * logged: it is reported to the server log instead.
 */
export function createLogService(db: DbOrTx, run: RunPrepared, logger: Logger) {
  return {
    /** A page of application logs, newest first (keyset pagination: no row twice, none skipped). */
    async listApp(query: AppLogQuery): Promise<LogPage<AppLogView>> {
      const rows = await listAppLogs(db, { ...query, cursor: fromListCursor(query.cursor), limit: query.limit + 1 });
      return page(rows, query.limit, (r) => ({
        id: r.row.id,
        level: r.row.level,
        category: r.row.category,
        message: r.row.message,
        metadata: r.row.metadata,
        userId: r.row.userId,
        user: authorOf(r),
        ipAddress: r.row.ipAddress,
        userAgent: r.row.userAgent,
        createdAt: r.row.createdAt.toISOString(),
      }));
    },
    /** A page of the audit trail, newest first. */
    async listAudit(query: AuditLogQuery): Promise<LogPage<AuditLogView>> {
      const rows = await listAuditLogs(db, { ...query, cursor: fromListCursor(query.cursor), limit: query.limit + 1 });
      return page(rows, query.limit, (r) => ({
        id: r.row.id,
        action: r.row.action,
        tableName: r.row.tableName,
        recordId: r.row.recordId,
        oldValues: r.row.oldValues ?? null,
        newValues: r.row.newValues ?? null,
        userId: r.row.userId,
        user: authorOf(r),
        ipAddress: r.row.ipAddress,
        userAgent: r.row.userAgent,
        createdAt: r.row.createdAt.toISOString(),
      }));
    },
    async app(entry: AppLogEntry): Promise<void> {
      try {
        await insertAppLog(run, appRow(entry));
      } catch (error) {
        logger.warn(
          { fault: describeFault(error), entry: { category: entry.category, message: entry.message } },
          "app log write failed",
        );
      }
    },
    /** Write one audit row on its own. */
    audit: (entry: AuditEntry) => insertAuditLog(db, auditRow(entry)),
    /**
     * The row an audit entry becomes, for a feature's queries to write in the same transaction as
     * the change it records (so both commit, or neither).
     */
    auditRow,
    /** The row an application log entry becomes, for queries that write it with their change. */
    appRow,
  };
}

export type LogService = ReturnType<typeof createLogService>;

export type AuditRow = NewAuditLog;

/**
 * Log rows have numeric ids while the API's list cursor (`listCursorSchema`) carries a uuid: a
 * log id travels as the uuid whose last 16 hex digits are the id and the rest zeros.
 */
const LOG_ID_UUID = /^00000000-0000-0000-([0-9a-f]{4})-([0-9a-f]{12})$/i;

export function logIdAsUuid(id: number): string {
  const hex = id.toString(16).padStart(16, "0");
  return `00000000-0000-0000-${hex.slice(0, 4)}-${hex.slice(4)}`;
}

function fromListCursor(cursor: ListCursor | undefined): LogCursor | null {
  if (!cursor) return null;
  const m = LOG_ID_UUID.exec(cursor.id);
  const id = m ? Number.parseInt(`${m[1]}${m[2]}`, 16) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw invalidInput(LIST_CURSOR_MESSAGE, { cursor: LIST_CURSOR_MESSAGE });
  return { ts: cursor.ts, id };
}

/** The first `limit` rows as views, and the cursor after the last one when more follow. */
function page<R extends { row: { id: number }; cursorTs: string }, V>(
  rows: R[],
  limit: number,
  view: (row: R) => V,
): LogPage<V> {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    logs: kept.map(view),
    nextCursor:
      rows.length > limit && last ? encodeListCursor({ ts: last.cursorTs, id: logIdAsUuid(last.row.id) }) : null,
  };
}

function authorOf(r: {
  row: { userId: string | null };
  userName: string | null;
  userEmail: string | null;
  firstName: string | null;
  lastName: string | null;
}): LogUser | null {
  if (!r.row.userId || r.userEmail === null) return null;
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ").trim() || r.userName || r.userEmail;
  return { id: r.row.userId, name, email: r.userEmail };
}

function appRow(entry: AppLogEntry): NewAppLog {
  return {
    userId: entry.userId ?? null,
    level: entry.level ?? "info",
    category: entry.category,
    message: storable(entry.message),
    metadata: storable(entry.metadata ?? {}),
    ipAddress: entry.ipAddress ?? null,
    userAgent: truncate(entry.userAgent),
  };
}

function auditRow(entry: AuditEntry): NewAuditLog {
  return {
    userId: entry.userId ?? null,
    action: entry.action,
    tableName: entry.tableName ?? null,
    recordId: entry.recordId ?? null,
    oldValues: entry.oldValues ? storable(entry.oldValues) : null,
    newValues: entry.newValues ? storable(entry.newValues) : null,
    ipAddress: entry.ipAddress ?? null,
    userAgent: truncate(entry.userAgent),
  };
}

/**
 * A log entry is written whatever it holds: characters PostgreSQL's text and jsonb refuse (NUL,
 * unpaired surrogates) are replaced with U+FFFD, so a hostile value never loses the entry.
 */
function storable<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  }
  return value;
}

function truncate(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.length > 512 ? value.slice(0, 512) : value;
}
