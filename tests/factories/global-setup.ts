import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (dumpDataDir), so each test file starts without initdb. */
    pgliteSnapshot: string;
  }
}

/** Build one migrated embedded database and hand its snapshot to every test file. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-vitest-"));
  const file = path.join(dir, "migrated.tar.gz");
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.pglite?.dumpDataDir("gzip");
  if (!dump) throw new Error("no embedded database to snapshot");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
