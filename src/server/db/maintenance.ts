import { sql } from "drizzle-orm";
import { describeFault, type Logger } from "../lib/logger";
import type { Database } from "./client";

/** PostgreSQL's autovacuum defaults: a table is analyzed / vacuumed past this many changed rows. */
const ANALYZE_THRESHOLD = { base: 50, share: 0.1 } as const;
const VACUUM_THRESHOLD = { base: 50, share: 0.2 } as const;

export interface TableWork {
  table: string;
  /** Dead rows to reclaim (rows updated or deleted since the last vacuum). */
  vacuum: boolean;
}

/**
 * The tables that need work, by autovacuum's rule: rows changed since the last analyze beyond
 * 50 + 10% of the table, dead rows beyond 50 + 20%. Read from the engine's own counters
 * (`pg_stat_user_tables`, which it brings up to date about once a second).
 */
export async function tablesNeedingWork(database: Database): Promise<TableWork[]> {
  const result = (await database.db.execute(sql`
    select "table", vacuum from (
      select s.relname as "table",
        s.n_dead_tup > ${VACUUM_THRESHOLD.base} + ${VACUUM_THRESHOLD.share} * greatest(c.reltuples, 0) as vacuum,
        s.n_mod_since_analyze > ${ANALYZE_THRESHOLD.base} + ${ANALYZE_THRESHOLD.share} * greatest(c.reltuples, 0) as stale
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
    ) t
    where vacuum or stale
    order by "table"`)) as unknown as { rows: TableWork[] };
  return result.rows;
}

/** One pass: each table that needs it is vacuumed (and analyzed) or analyzed, one at a time. */
export async function maintainOnce(database: Database): Promise<TableWork[]> {
  const work = await tablesNeedingWork(database);
  for (const { table, vacuum } of work) {
    await database.db.execute(sql.raw(`${vacuum ? "vacuum (analyze)" : "analyze"} "${table.replaceAll('"', '""')}"`));
  }
  return work;
}

/**
 * The embedded engine runs without PostgreSQL's autovacuum: its planner statistics would never
 * be refreshed (large lists would be sorted instead of read from their indexes) and the rows that
 * every message's update of its case leaves behind would never be reclaimed. Every minute, the
 * tables that changed enough are analyzed, and vacuumed when they hold enough dead rows, as
 * autovacuum does on a PostgreSQL server. A table that did not change costs nothing: analyzing
 * everything took 115–330 ms of the engine's one thread every minute with 10,000 cases.
 */
export function startMaintenance(database: Database, logger: Logger, intervalMs = 60_000): () => void {
  if (database.kind !== "pglite") return () => {};
  let running = false;
  const maintain = async () => {
    if (running) return;
    running = true;
    try {
      await maintainOnce(database);
    } catch (error) {
      logger.warn({ fault: describeFault(error) }, "database maintenance failed");
    } finally {
      running = false;
    }
  };
  void maintain();
  const timer = setInterval(() => void maintain(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
