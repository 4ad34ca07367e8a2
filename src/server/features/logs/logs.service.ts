import type { LogCategory, LogLevel } from "@shared/constants";
import type { AppLogView, AuditLogView, LogPage, LogUser } from "@shared/schemas/admin";
import { encodeListCursor, LIST_CURSOR_MESSAGE, type ListCursor, storableText } from "@shared/schemas/text";
import type { DbOrTx } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import { invalidInput } from "../../lib/errors";
import { describeFault, type Logger } from "../../lib/logger";
import {
  type AppLogFilter,
  type AppLogListRow,
  type AuditLogFilter,
  type AuditLogListRow,
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
      return page(await listAppLogs(db, pageFilter(query)), query.limit, appLogView);
    },
    /** A page of the audit trail, newest first. */
    async listAudit(query: AuditLogQuery): Promise<LogPage<AuditLogView>> {
      return page(await listAuditLogs(db, pageFilter(query)), query.limit, auditLogView);
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

/** A list query as the queries take it: the cursor decoded, and one row more than the page to tell whether more follow. */
function pageFilter<Q extends { cursor?: ListCursor | undefined; limit: number }>(query: Q) {
  return { ...query, cursor: fromListCursor(query.cursor), limit: query.limit + 1 };
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

function appLogView(r: AppLogListRow): AppLogView {
  const { id, level, category, message, metadata } = r.row;
  return { id, level, category, message, metadata, ...actorView(r) };
}

function auditLogView(r: AuditLogListRow): AuditLogView {
  const { id, action, tableName, recordId, oldValues, newValues } = r.row;
  return {
    id,
    action,
    tableName,
    recordId,
    oldValues: oldValues ?? null,
    newValues: newValues ?? null,
    ...actorView(r),
  };
}

/** Who did it, from where and when: the part every log view has. */
function actorView(r: AppLogListRow | AuditLogListRow) {
  const { userId, ipAddress, userAgent, createdAt } = r.row;
  return { userId, user: authorOf(r), ipAddress, userAgent, createdAt: createdAt.toISOString() };
}

function authorOf(r: AppLogListRow | AuditLogListRow): LogUser | null {
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

/**
 * An audit row's old and new values of a change: the fields (of the values a record's audit rows
 * record) whose value differs, each before and after.
 */
export function changedValues(before: Record<string, unknown>, after: Record<string, unknown>) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      oldValues[key] = before[key];
      newValues[key] = after[key];
    }
  }
  return { oldValues, newValues };
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
