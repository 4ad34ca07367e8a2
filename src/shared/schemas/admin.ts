import { z } from "zod";
import { LOG_CATEGORIES, LOG_LEVELS } from "../constants";
import { listCursorSchema, queryDateSchema, text, userIdSchema } from "./text";

/** Query strings and parameters of the administrators' endpoints. */

/** Rows per page of the administrators' lists: members, cases, attorneys and referrals. */
export const ADMIN_PAGE_SIZE = 25;

const limit = z.coerce.number().int().min(1).max(500).default(100);
/** A table or action name to filter on: short, printable. */
const filterText = text({ max: 100 });
/** Whose rows: a member's id, or part of their e-mail address (case-insensitive). */
const userFilter = text({ max: 254 });

const DATE_ORDER_MESSAGE = "The start date must be before the end date.";
/** Also run when a date already failed (zod still refines the object): then there is nothing to compare. */
const datesInOrder = (q: { from?: unknown; to?: unknown }) =>
  !(q.from instanceof Date) || !(q.to instanceof Date) || q.from.getTime() <= q.to.getTime();

/** GET /api/admin/logs: application logs, newest first, a page at a time. */
export const appLogQuerySchema = z
  .object({
    level: z.enum(LOG_LEVELS).optional(),
    category: z.enum(LOG_CATEGORIES).optional(),
    userId: userIdSchema.optional(),
    user: userFilter.optional(),
    /** Part of the message (case-insensitive). */
    message: filterText.optional(),
    from: queryDateSchema.optional(),
    to: queryDateSchema.optional(),
    limit,
    cursor: listCursorSchema.optional(),
  })
  .refine(datesInOrder, { message: DATE_ORDER_MESSAGE, path: ["to"] });

/** GET /api/admin/audit-logs: the audit trail, newest first, a page at a time. */
export const auditLogQuerySchema = z
  .object({
    userId: userIdSchema.optional(),
    user: userFilter.optional(),
    /** Part of the action's name (case-insensitive). */
    action: filterText.optional(),
    /** The table's exact name. */
    table: filterText.optional(),
    from: queryDateSchema.optional(),
    to: queryDateSchema.optional(),
    limit,
    cursor: listCursorSchema.optional(),
  })
  .refine(datesInOrder, { message: DATE_ORDER_MESSAGE, path: ["to"] });

/** GET /api/admin/activity */
export const activityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(15) });

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** GET /api/admin/mail: the newest mails, or only those that failed for good. */
export const mailDeliveriesQuerySchema = z.object({
  failed: z.enum(["0", "1"]).default("0"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** POST /api/admin/mail/:id/retry */
export const mailIdParamSchema = z.object({ id: z.uuid({ error: "That mail does not exist." }) });

export const userIdParamSchema = z.object({ id: userIdSchema });

/** One mail of the outbox, as administrators read it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** GET /api/admin/stats (spec section 3 'Admin stats'). */
export interface AdminStats {
  users: { total: number; new_this_month: number };
  cases: { active: number; total: number };
  documents: { total: number; generated: number };
  ai: { queries_today: number; average_response_time: number };
}

/** Where a mail is: queued, being sent, sent, waiting for another try, failed for good, cancelled. */
export type MailDeliveryState = "queued" | "sending" | "sent" | "retrying" | "failed" | "cancelled";

/** One mail on its way, as administrators follow it (never its text: reset links stay in the outbox). */
export interface MailDeliveryView {
  id: string;
  to: string;
  subject: string;
  kind: "account" | "welcome" | "case-update" | "referral-notice" | "payment" | "key-date";
  state: MailDeliveryState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  queuedAt: string;
  nextTryAt: string | null;
  sentAt: string | null;
}

/** GET /api/admin/mail */
export interface MailDeliveryList {
  transport: "smtp" | "outbox";
  deliveries: MailDeliveryView[];
  /** Mails that failed for good, over the whole queue. */
  failedCount: number;
}

/** GET /api/admin/outbox */
export interface OutboxList {
  kind: "smtp" | "outbox";
  mails: OutboxMail[];
}

/** Who wrote a log row, as administrators see them. */
export interface LogUser {
  id: string;
  name: string;
  email: string;
}

/** One application log row (spec section 3 'Application log'). */
export interface AppLogView {
  id: number;
  level: string;
  category: string;
  message: string;
  metadata: Record<string, unknown>;
  userId: string | null;
  user: LogUser | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** One audit row (spec section 3 'Audit log'): who changed what, from which value to which. */
export interface AuditLogView {
  id: number;
  action: string;
  tableName: string | null;
  recordId: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  userId: string | null;
  user: LogUser | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** GET /api/admin/logs and /api/admin/audit-logs: a page, newest first; `nextCursor` reads on. */
export interface LogPage<T> {
  logs: T[];
  nextCursor: string | null;
}

export type ActivityKind = "registration" | "ai" | "document" | "referral" | "case" | "payment" | "admin";

/** One line of the overview's Recent Activity. */
export interface ActivityEntry {
  /** `app-<id>` or `audit-<id>`. */
  id: string;
  kind: ActivityKind;
  /** What happened, as a sentence. */
  text: string;
  /** Who did it (name and e-mail), when known. */
  who: { name: string; email: string } | null;
  /** A failure or warning (a failed AI call, a declined payment). */
  warning: boolean;
  at: string;
}

/** GET /api/admin/activity: the newest first. */
export interface ActivityFeed {
  entries: ActivityEntry[];
}

/** One bar or point of a chart: the first day of its period (YYYY-MM-DD, UTC) and its value. */
export interface ChartPoint {
  date: string;
  value: number | null;
}

/** GET /api/admin/charts: the last 30 days (UTC), oldest first. */
export interface AdminCharts {
  /** The first and last day covered (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Accounts created per week (weeks start on Monday; the first may begin before `from`). */
  newMembersPerWeek: ChartPoint[];
  /** AI queries answered per day (a failed call to a provider is not counted). */
  aiQueriesPerDay: ChartPoint[];
  /** Average seconds an AI answer took per day; null on a day without answers. */
  averageAnswerSecondsPerDay: ChartPoint[];
}
