import type { AdminStats } from "@shared/schemas/admin";
import { and, avg, count, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { appLogs, cases, documents, user } from "../../db/schema";

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
      .select({
        queries: count(),
        avgLatencyMs: avg(sql`(${appLogs.metadata}->>'latencyMs')::numeric`).mapWith(Number),
      })
      .from(appLogs)
      .where(and(eq(appLogs.category, "ai"), gte(appLogs.createdAt, since.dayAgo))),
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
