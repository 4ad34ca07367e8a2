/**
 * npm run backup [-- <file>]: write a restorable copy of the embedded database (DATA_DIR/pgdata)
 * as a .tar.gz. The embedded database allows one process at a time, so stop LawGuide first.
 * Restore with: npm run restore -- <file>
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { runDataDirCommand, withDataDirLocked } from "./data-dir-command";

async function main() {
  const config = loadConfig();
  if (config.mode !== "embedded") {
    console.error("DATABASE_URL is set: back up the PostgreSQL server with pg_dump instead.");
    process.exit(1);
  }
  await withDataDirLocked(config.dataDir, async () => {
    const database = await openDatabase({ pgliteDir: path.join(config.dataDir, "pgdata") });
    const dump = await database.pglite?.dumpDataDir("gzip");
    await database.close();
    if (!dump) throw new Error("the embedded database could not be read");
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.resolve(process.argv[2] ?? path.join("backups", `lawguide-${stamp}.tar.gz`));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`Backup written to ${file}`);
  });
}

runDataDirCommand(main, { notDone: "Backup not made", failed: "Backup failed" });
