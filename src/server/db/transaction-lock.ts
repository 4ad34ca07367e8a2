import { sql } from "drizzle-orm";
import type { Tx } from "./client";

/**
 * Hold the lock named `name` until the transaction ends (a transaction-scoped advisory lock, on
 * PostgreSQL and the embedded engine alike). For a count that bounds an insert, or a seed that
 * adds rows only to an empty table: two requests, or two processes starting at once, are then
 * made one after the other, and the second sees what the first wrote.
 */
export async function lockForTransaction(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}
