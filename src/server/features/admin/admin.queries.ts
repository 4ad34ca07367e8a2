import type { AdminStats, AuditLogView } from "@shared/schemas/admin";
import { and, avg, count, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { newestLogRows } from "../../db/log-rows";
import { appLogs, auditLogs, cases, documents, user } from "../../db/schema";

/** How long an AI call took, from its log row (ms). */
const latencyMs = sql`(${appLogs.metadata}->>'latencyMs')::numeric`;

/**
 * An answered AI query: an `ai` row that timed a provider call and succeeded. Failed calls (warn)
 * and comparison choices (no latency) are not queries answered.
 */
const answeredAiQuery = and(eq(appLogs.category, "ai"), eq(appLogs.level, "info"), isNotNull(latencyMs));

export async function countStats(db: DbOrTx, since: { monthStart: Date; dayAgo: Date }): Promise<AdminStats> {
  const [users, casesRow, docs, ai] = await Promise.all([
    db
      .select({
        total: count(),
        newThisMonth: sql<number>`count(*) filter (where ${user.createdAt} >= ${since.monthStart})`.mapWith(Number),
      })
      .from(user),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${cases.status} = 'active')`.mapWith(Number),
      })
      .from(cases),
    db
      .select({
        total: count(),
        generated: sql<number>`count(*) filter (where ${documents.type} = 'generated')`.mapWith(Number),
      })
      .from(documents),
    db
      .select({ queries: count(), avgLatencyMs: avg(latencyMs).mapWith(Number) })
      .from(appLogs)
      .where(and(answeredAiQuery, gte(appLogs.createdAt, since.dayAgo))),
  ]);
  return {
    users: { total: users[0]?.total ?? 0, new_this_month: users[0]?.newThisMonth ?? 0 },
    cases: { active: casesRow[0]?.active ?? 0, total: casesRow[0]?.total ?? 0 },
    documents: { total: docs[0]?.total ?? 0, generated: docs[0]?.generated ?? 0 },
    ai: {
      queries_today: ai[0]?.queries ?? 0,
      average_response_time: ai[0]?.avgLatencyMs ? Math.round(ai[0].avgLatencyMs / 100) / 10 : 0,
    },
  };
}

/** The application log rows the Recent Activity shows: registrations, AI, documents, cases, payments. */
const activityAppRows = or(
  inArray(appLogs.category, ["ai", "document", "payment"]),
  and(eq(appLogs.category, "auth"), eq(appLogs.message, "User registered")),
  and(eq(appLogs.category, "case"), inArray(appLogs.message, ["Case created", "Attorney referral requested"])),
);

/**
 * The newest `limit` entries of the activity feed: the newest activity rows of each log (two
 * limited queries on their time indexes), merged newest first.
 */
export async function listActivity(db: DbOrTx, limit: number) {
  const [app, audit] = await Promise.all([
    newestLogRows(db, appLogs, activityAppRows, limit),
    newestLogRows(db, auditLogs, undefined, limit),
  ]);
  const merged: ActivityRow[] = [
    ...app.map(({ row, ...author }) => ({ source: "app" as const, ...row, ...author })),
    ...audit.map(({ row, ...author }) => ({ source: "audit" as const, ...row, ...author })),
  ];
  return merged.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
}

export interface AuthorFields {
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface AppActivityRow extends AuthorFields {
  source: "app";
  id: number;
  category: string;
  level: string;
  message: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditActivityRow
  extends AuthorFields,
    Pick<AuditLogView, "id" | "action" | "tableName" | "recordId" | "oldValues" | "newValues"> {
  source: "audit";
  createdAt: Date;
}

export type ActivityRow = AppActivityRow | AuditActivityRow;

/** A day (UTC) as YYYY-MM-DD. */
const utcDay = (column: typeof appLogs.createdAt | typeof user.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
/** The Monday (UTC) of a time's week, as YYYY-MM-DD. */
const utcWeek = (column: typeof user.createdAt) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/**
 * The overview's charts, grouped in SQL: accounts created per week since `weeksFrom`, and AI
 * queries answered with their average time per day since `daysFrom` (days and weeks in UTC).
 */
export async function chartSeries(db: DbOrTx, range: { daysFrom: Date; weeksFrom: Date }) {
  const day = utcDay(appLogs.createdAt);
  const week = utcWeek(user.createdAt);
  const [members, ai] = await Promise.all([
    db.select({ week, count: count() }).from(user).where(gte(user.createdAt, range.weeksFrom)).groupBy(week),
    db
      .select({ day, count: count(), avgMs: avg(latencyMs).mapWith(Number) })
      .from(appLogs)
      .where(and(answeredAiQuery, gte(appLogs.createdAt, range.daysFrom)))
      .groupBy(day),
  ]);
  return { members, ai };
}
