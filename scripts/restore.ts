/**
 * npm run restore -- <file> [--force]: load a backup made by `npm run backup` into DATA_DIR.
 * An existing embedded database is kept unless --force is given (it is then moved aside).
 */
import { existsSync, readdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { loadConfig } from "../src/server/config";
import { runDataDirCommand, withDataDirLocked } from "./data-dir-command";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) {
    console.error("Usage: npm run restore -- <backup.tar.gz> [--force]");
    process.exit(1);
  }
  const config = loadConfig();
  await withDataDirLocked(config.dataDir, async () => {
    const target = path.join(config.dataDir, "pgdata");
    if (existsSync(target) && readdirSync(target).length > 0) {
      if (!force) {
        console.error(
          `${target} already holds a database. Add --force to replace it (it is moved aside, not deleted).`,
        );
        process.exit(1);
      }
      const aside = `${target}.before-restore-${Date.now()}`;
      renameSync(target, aside);
      console.log(`The current database was moved to ${aside}`);
    }
    const db = await PGlite.create({
      dataDir: target,
      loadDataDir: new Blob([readFileSync(path.resolve(file))]),
      extensions: { pg_trgm },
    });
    await db.query("select 1");
    await db.close();
    console.log(`Restored ${file} into ${target}`);
  });
}

runDataDirCommand(main, { notDone: "Restore not done", failed: "Restore failed" });
