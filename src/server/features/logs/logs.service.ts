import type { LogCategory, LogLevel } from "@shared/constants";
import { storableText } from "@shared/schemas/text";
import type { DbOrTx } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import { describeFault, type Logger } from "../../lib/logger";
import {
  type AppLogFilter,
  type AuditLogFilter,
  insertAppLog,
  insertAuditLog,
  listAppLogs,
  listAuditLogs,
  type NewAppLog,
  type NewAuditLog,
} from "./logs.queries";

export type { AppLogFilter, AuditLogFilter };

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
    listApp: (filter: AppLogFilter) => listAppLogs(db, filter),
    listAudit: (filter: AuditLogFilter) => listAuditLogs(db, filter),
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
