import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type FollowHandlers, followNotifications } from "./follow";
import { pgliteRunner, postgresRunner, type RunPrepared } from "./prepared";
import { schema } from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or an open transaction: queries accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Run a prepared statement (`./prepared.ts`): the hot paths' queries. */
  run: RunPrepared;
  /**
   * Run SQL text as is, with `$n` parameters when `values` has any (several statements when it
   * has none): for a library that brings its own SQL, such as the job queue.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Apply the committed migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded engine, when there is one (backups, test snapshots). */
  pglite?: PGlite;
  /**
   * Embedded engine only: call `onPayload` for every notification on `channel`, from before the
   * statement that sent it returns to its caller. Resolves once listening.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  /**
   * PostgreSQL only: follow the notifications on `channel` on a connection of its own, reopened
   * after a failure, until `close`. A notification arrives a moment after the transaction that
   * sent it committed, so this suits what may be a moment late (settings), never sessions.
   */
  follow?: (channel: string, handlers: FollowHandlers) => void;
}

/**
 * SQL text with `$n` parameters (a library's own, as `Database.query` takes it) run by one of
 * LawGuide's transactions, so that its change commits with theirs. Every `$n` in the text must be a
 * parameter; a missing value is SQL null.
 */
export async function queryIn(tx: DbOrTx, text: string, values: unknown[] = []): Promise<{ rows: never[] }> {
  const parts = text.split(/\$(\d+)/);
  const query = sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
  );
  const result = (await tx.execute(query)) as unknown as { rows: never[] };
  return { rows: result.rows };
}

/**
 * The embedded engine's own settings on top of PGlite's: PostgreSQL's default 128 MB of shared
 * buffers is most of an idle server's memory, and a one-process database whose files sit in the
 * operating system's cache needs far less (docs/decisions/017-compiled-server-and-memory.md).
 */
export const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "wal_buffers=512kB"];

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database, or undefined for an in-memory one. */
  pgliteDir?: string | undefined;
  /** Start the embedded engine from a dump made with dumpDataDir (tests). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const url = options.databaseUrl;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client's error (server restart) must not crash the process: the pool replaces it.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const followers: Array<ReturnType<typeof followNotifications>> = [];
    return {
      db,
      kind: "postgres",
      run: postgresRunner(pool),
      query: (text, values) => pool.query(text, values),
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      ping: () => ping(db),
      follow(channel, handlers) {
        followers.push(followNotifications(url, channel, handlers));
      },
      async close() {
        await Promise.all(followers.splice(0).map((follower) => follower.stop()));
        await pool.end();
      },
    };
  }
  const client = await PGlite.create({
    // Trigram indexes serve the admin searches ("contains", any case); PostgreSQL ships it too.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])],
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    run: pgliteRunner(client),
    query: async (text, values) =>
      values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    pglite: client,
    async listen(channel, onPayload) {
      await client.listen(channel, onPayload);
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
