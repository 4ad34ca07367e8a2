import type { LogCategory, LogLevel } from "@shared/constants";
import type { DbOrTx } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import type { Logger } from "../../lib/logger";
import {
  type AppLogFilter,
  type AuditLogFilter,
  insertAppLog,
  insertAuditLog,
  listAppLogs,
  listAuditLogs,
} from "./logs.queries";

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
        await insertAppLog(run, {
          userId: entry.userId ?? null,
          level: entry.level ?? "info",
          category: entry.category,
          message: entry.message,
          metadata: entry.metadata ?? {},
          ipAddress: entry.ipAddress ?? null,
          userAgent: truncate(entry.userAgent),
        });
      } catch (error) {
        logger.warn(
          { err: error, entry: { category: entry.category, message: entry.message } },
          "app log write failed",
        );
      }
    },
    /** Audit rows are written in the caller's transaction when one is given, so they commit together. */
    async audit(entry: AuditEntry, tx: DbOrTx = db): Promise<void> {
      await insertAuditLog(tx, {
        userId: entry.userId ?? null,
        action: entry.action,
        tableName: entry.tableName ?? null,
        recordId: entry.recordId ?? null,
        oldValues: entry.oldValues ?? null,
        newValues: entry.newValues ?? null,
        ipAddress: entry.ipAddress ?? null,
        userAgent: truncate(entry.userAgent),
      });
    },
  };
}

export type LogService = ReturnType<typeof createLogService>;

function truncate(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.length > 512 ? value.slice(0, 512) : value;
}
