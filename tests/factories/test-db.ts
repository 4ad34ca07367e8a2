import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { getTableName, sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";
import { schema } from "../../src/server/db/schema";
import { JOBS_SCHEMA } from "../../src/server/lib/jobs";

/**
 * The database of one test file: an in-memory PGlite started from the migrated snapshot, or, on
 * the PostgreSQL server at `serverUrl` (DATABASE_URL), a fresh database of its own (created here,
 * dropped at the end).
 */
export async function openTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<{
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}> {
  if (!serverUrl) {
    const snapshot = readFileSync(inject("pgliteSnapshot"));
    const database = await openDatabase({ loadDataDir: new Blob([snapshot]) });
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `lawguide_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Empty every table (between tests). */
export async function truncateAll(database: Database): Promise<void> {
  const names = Object.values(schema)
    .map((table) => `"${getTableName(table)}"`)
    .join(", ");
  await database.db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  // The job queue's jobs (its queues stay): no test sees another's mail.
  await database.db.execute(sql.raw(`truncate table ${JOBS_SCHEMA}.job`));
}
