import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../../../tests/factories/test-db";
import type { Database } from "./client";
import { maintainOnce, type TableWork, tablesNeedingWork } from "./maintenance";

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function tableStats(database: Database, table: string) {
  const [row] = await rows<{ mod: number; dead: number; analyzed: boolean; vacuumed: boolean }>(
    database,
    sql`select n_mod_since_analyze::int as mod, n_dead_tup::int as dead,
          last_analyze is not null as analyzed, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = ${table}`,
  );
  if (!row) throw new Error(`no statistics for ${table}`);
  return row;
}

/**
 * The engine reports its counters about once a second: have it report everything counted so far
 * now (it does so as the statement that asks for it ends), instead of waiting for that second.
 */
async function reportCounters(database: Database): Promise<void> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
}

/** Wait until `table` shows up as work (at once: the counters are reported before each look). */
async function untilListed(database: Database, table: string): Promise<TableWork> {
  return vi.waitFor(
    async () => {
      await reportCounters(database);
      const found = (await tablesNeedingWork(database)).find((work) => work.table === table);
      if (!found) throw new Error(`${table} never needed work`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
}

async function insertCases(database: Database, count: number): Promise<string> {
  const userId = `maintenance-${count}-${Date.now()}`;
  await database.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values (${userId}, 'Maintenance', ${`${userId}@example.com`}, true, now(), now())`);
  await database.db.execute(sql`insert into cases (user_id, title, description)
    select ${userId}, 'Case ' || g, 'About my lease' from generate_series(1, ${count}) g`);
  return userId;
}

// The job runs on the embedded engine only (a PostgreSQL server has its own autovacuum).
describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded database maintenance", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    // Start from a settled database: whatever the migrations and seeds changed is done.
    await reportCounters(database);
    await maintainOnce(database);
  });
  afterAll(() => drop());

  it("does nothing to tables that have not changed", async () => {
    // Every change counted so far is reported: nothing is left to show up later.
    await reportCounters(database);
    expect(await maintainOnce(database)).toEqual([]);
  });

  it("analyzes a table once enough of it has changed, and then leaves it alone", async () => {
    await insertCases(database, 300);
    expect(await untilListed(database, "cases")).toEqual({ table: "cases", vacuum: false });
    const done = await maintainOnce(database);
    expect(done.map((work) => work.table)).toContain("cases");
    const after = await tableStats(database, "cases");
    expect(after.analyzed).toBe(true);
    expect(after.mod).toBe(0);
    expect((await tablesNeedingWork(database)).map((work) => work.table)).not.toContain("cases");
  });

  it("vacuums a table whose updates left enough dead rows, and reclaims them", async () => {
    const userId = await insertCases(database, 200);
    await reportCounters(database);
    await maintainOnce(database);
    // Every message updates its case: each update leaves the row's old version behind.
    for (let i = 0; i < 3; i++) {
      await database.db.execute(sql`update cases set message_count = message_count + 1 where user_id = ${userId}`);
    }
    expect(await untilListed(database, "cases")).toEqual({ table: "cases", vacuum: true });
    await maintainOnce(database);
    const after = await tableStats(database, "cases");
    expect(after.vacuumed).toBe(true);
    expect(after.dead).toBe(0);
    expect(after.mod).toBe(0);
  });

  it("keeps the latest messages of a long chat read from their index once it has grown", async () => {
    const userId = await insertCases(database, 20);
    const [long] = await rows<{ id: string }>(database, sql`select id from cases where user_id = ${userId} limit 1`);
    await database.db.execute(sql`insert into case_messages (case_id, content, is_user)
      select ${long?.id}::uuid, 'Message ' || g, g % 2 = 0 from generate_series(1, 5000) g`);
    await untilListed(database, "case_messages");
    await maintainOnce(database);
    const plan = await rows<{ "QUERY PLAN": string }>(
      database,
      sql`explain select is_user, content from case_messages
          where case_id = ${long?.id}::uuid and kind = 'chat' order by seq desc limit 5`,
    );
    expect(plan.map((line) => line["QUERY PLAN"]).join("\n")).toContain("Index Scan using case_messages_case_seq_idx");
  });
});
