import { sql } from "drizzle-orm";
import type { Logger } from "../lib/logger";
import type { Database } from "./client";

/**
 * The embedded engine runs without PostgreSQL's autovacuum, so its planner statistics would
 * never be refreshed and large lists would be sorted instead of read from their indexes.
 * Analyze at start and then every minute (PostgreSQL servers do this themselves).
 */
export function startMaintenance(database: Database, logger: Logger, intervalMs = 60_000): () => void {
  if (database.kind !== "pglite") return () => {};
  let running = false;
  const analyze = async () => {
    if (running) return;
    running = true;
    try {
      await database.db.execute(sql`analyze`);
    } catch (error) {
      logger.warn({ err: error }, "analyze failed");
    } finally {
      running = false;
    }
  };
  void analyze();
  const timer = setInterval(() => void analyze(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
