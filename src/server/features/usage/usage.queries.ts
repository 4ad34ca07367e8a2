import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { prepared, type RunPrepared } from "../../db/prepared";
import { rateCounters, usageCounters } from "../../db/schema";

/**
 * Count `amount` on a fixed-window counter and return the count in the current window and when
 * that window started. A window older than `windowSeconds` starts again.
 */
export async function hitRateCounter(
  db: DbOrTx,
  input: { key: string; windowSeconds: number; amount: number },
): Promise<{ count: number; windowStart: Date }> {
  const expired = sql`${rateCounters.windowStart} <= now() - make_interval(secs => ${input.windowSeconds}::int)`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key: input.key, windowStart: sql`now()`, count: input.amount })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${expired} then ${input.amount}::int else ${rateCounters.count} + ${input.amount}::int end`,
        windowStart: sql`case when ${expired} then now() else ${rateCounters.windowStart} end`,
      },
    })
    .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
  return row ?? { count: input.amount, windowStart: new Date() };
}

/**
 * SQL that counts `calls` AI calls (a parameter) on the one-minute window under `key` (a
 * parameter), returning `count` and `window_start`: a window older than a minute starts again.
 * With `from`, one row is counted per row of that CTE, and none when `key` is null: the accept
 * statement counts a message's call only when it stored the message and an answer will follow.
 */
export function aiCallHitSql(key: string, calls: string, from?: string): string {
  const values = from
    ? `select ${key}::text, now(), ${calls}::int from ${from} where ${key}::text is not null`
    : `values (${key}::text, now(), ${calls}::int)`;
  return `insert into rate_counters (key, window_start, count) ${values}
     on conflict (key) do update set
       count = case when rate_counters.window_start <= now() - interval '60 seconds'
         then ${calls}::int else rate_counters.count + ${calls}::int end,
       window_start = case when rate_counters.window_start <= now() - interval '60 seconds'
         then now() else rate_counters.window_start end
     returning count, window_start`;
}

/** SQL for the tokens the providers reported for member `user` on `day` (both parameters). */
export function aiTokensTodaySql(user: string, day: string): string {
  return `coalesce((select count from usage_counters
       where user_id = ${user}::text and metric = 'ai_tokens' and period = ${day}::text), 0)`;
}

/** What a member has used of the AI allowance, as counted by the call just made. */
export interface AiAllowanceUsed {
  calls: number;
  windowStart: Date;
  tokens: number;
}

/** The row of `aiCallHitSql` and `aiTokensTodaySql` as counted; `calls` when nothing came back. */
export function aiAllowanceUsed(
  row:
    | { calls: number | string | null; window_start: Date | string | null; tokens: number | string | null }
    | undefined,
  calls: number,
): AiAllowanceUsed {
  return {
    calls: Number(row?.calls ?? calls),
    windowStart: row?.window_start ? new Date(row.window_start) : new Date(),
    tokens: Number(row?.tokens ?? 0),
  };
}

const aiAllowanceStatement = prepared<{ calls: number; window_start: Date | string; tokens: number | string }>(
  "ai_allowance",
  `with hit as (${aiCallHitSql("$1", "$2")})
   select hit.count as calls, hit.window_start, ${aiTokensTodaySql("$3", "$4")} as tokens
   from hit`,
);

/**
 * One statement before a member's AI call: count the call on the member's one-minute window and
 * read the tokens the providers reported for the member today.
 */
export async function hitAiAllowance(
  run: RunPrepared,
  input: { key: string; calls: number; userId: string; day: string },
): Promise<AiAllowanceUsed> {
  const [row] = await run(aiAllowanceStatement, [input.key, input.calls, input.userId, input.day]);
  return aiAllowanceUsed(row, input.calls);
}

/** Add to a member's counter of a metric for a period (tokens a day, uploads a month). */
export async function addUsage(
  db: DbOrTx,
  input: { userId: string; metric: string; period: string; amount: number },
): Promise<void> {
  await db
    .insert(usageCounters)
    .values({ userId: input.userId, metric: input.metric, period: input.period, count: input.amount })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.metric, usageCounters.period],
      set: { count: sql`${usageCounters.count} + ${input.amount}::int` },
    });
}

/** Forget windows that ended more than a day ago (they would start again anyway). */
export async function deleteOldRateCounters(db: DbOrTx): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, sql`now() - interval '1 day'`));
}
