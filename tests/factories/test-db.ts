import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { getTableName, sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";
import { lawFacts, schema } from "../../src/server/db/schema";
import { resetLawFacts } from "../../src/server/features/law-library/law-library.queries";
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
  // A copy of the run's migrated template (global-setup.ts) when there is one: no migration here.
  const template = templateOf(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await createDatabase(admin, name, template);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  if (!template) await database.migrate();
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

/** The migrated template of this run, when the server is the one it was made on. */
function templateOf(serverUrl: string): string | null {
  let name = "";
  try {
    name = inject("pgTemplate");
  } catch {
    return null; // outside a Vitest run that made one
  }
  return name && serverUrl === process.env.DATABASE_URL ? name : null;
}

/**
 * Create `name`, copied from `template` when there is one. PostgreSQL refuses a copy while anyone
 * is connected to the template, as another copy's start may briefly be: it is tried again.
 */
async function createDatabase(admin: pg.Client, name: string, template: string | null) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
      return;
    } catch (error) {
      const busy = /is being accessed by other users/.test(String((error as Error).message));
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

/** Empty every table (between tests). */
export async function truncateAll(database: Database): Promise<void> {
  const names = Object.values(schema)
    .filter((table) => table !== lawFacts)
    .map((table) => `"${getTableName(table)}"`)
    .join(", ");
  await database.db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  // The law library is seeded once per file (357 facts): each test gets it back as released.
  await resetLawFacts(database.db);
  // The job queue's jobs (its queues stay): no test sees another's mail.
  await database.db.execute(sql.raw(`truncate table ${JOBS_SCHEMA}.job`));
}
