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

const aiAllowanceStatement = prepared<{ calls: number; window_start: Date | string; tokens: number | string }>(
  "ai_allowance",
  `with hit as (
     insert into rate_counters (key, window_start, count) values ($1::text, now(), $2::int)
     on conflict (key) do update set
       count = case when rate_counters.window_start <= now() - interval '60 seconds'
         then $2::int else rate_counters.count + $2::int end,
       window_start = case when rate_counters.window_start <= now() - interval '60 seconds'
         then now() else rate_counters.window_start end
     returning count, window_start
   )
   select hit.count as calls, hit.window_start,
     coalesce((select count from usage_counters
       where user_id = $3::text and metric = 'ai_tokens' and period = $4::text), 0) as tokens
   from hit`,
);

/**
 * One statement before a member's AI call: count the call on the member's one-minute window and
 * read the tokens the providers reported for the member today.
 */
export async function hitAiAllowance(
  run: RunPrepared,
  input: { key: string; calls: number; userId: string; day: string },
): Promise<{ calls: number; windowStart: Date; tokens: number }> {
  const [row] = await run(aiAllowanceStatement, [input.key, input.calls, input.userId, input.day]);
  return {
    calls: Number(row?.calls ?? input.calls),
    windowStart: row ? new Date(row.window_start) : new Date(),
    tokens: Number(row?.tokens ?? 0),
  };
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
