/**
 * What `npm run backup` and `npm run restore` share: they work on DATA_DIR with the data folder
 * locked (LawGuide and the other command are kept out while they run), and a failure ends the
 * command with a sentence saying what was not done.
 */
import { ConfigError } from "../src/server/config";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";

/** Run `task` with `dataDir` locked, releasing the lock however it ends. */
export async function withDataDirLocked<T>(dataDir: string, task: () => Promise<T>): Promise<T> {
  const lock = lockDataDir(dataDir);
  try {
    return await task();
  } finally {
    lock.release();
  }
}

/**
 * Run a command's `main` and exit with status 1 if it fails: a locked data folder or a
 * configuration problem is told as `${notDone}.` with its own message, anything else as
 * `${failed}:` with the error.
 */
export function runDataDirCommand(main: () => Promise<void>, words: { notDone: string; failed: string }): void {
  main().catch((error: unknown) => {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(`${words.notDone}.\n${error.message}`);
    } else {
      console.error(`${words.failed}:`, error);
    }
    process.exit(1);
  });
}
