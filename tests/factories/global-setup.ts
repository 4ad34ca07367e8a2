import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (dumpDataDir), so each test file starts without initdb. */
    pgliteSnapshot: string;
    /**
     * On the PostgreSQL server (DATABASE_URL): a migrated, empty database each test file's own is
     * copied from (CREATE DATABASE ... TEMPLATE), instead of migrating each one; "" without one.
     */
    pgTemplate: string;
  }
}

/** Build one migrated embedded database and hand its snapshot to every test file. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-vitest-"));
  const file = path.join(dir, "migrated.tar.gz");
  const [database, template] = await Promise.all([openDatabase({}), migratedTemplate(process.env.DATABASE_URL)]);
  await database.migrate();
  const dump = await database.pglite?.dumpDataDir("gzip");
  if (!dump) throw new Error("no embedded database to snapshot");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", file);
  project.provide("pgTemplate", template?.name ?? "");
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}

/**
 * On the PostgreSQL server at `serverUrl`: a database migrated once, that test files copy theirs
 * from. Nobody stays connected to it (a copy needs its template free).
 */
async function migratedTemplate(serverUrl: string | undefined) {
  if (!serverUrl) return null;
  const name = `lawguide_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  return { name, drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`) };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
