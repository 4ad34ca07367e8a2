import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * An exclusive lock on DATA_DIR. The embedded engine has no lock of its own, and two processes
 * writing one directory silently lose confirmed rows, so a second process is refused.
 *
 * The lock is a file created with O_EXCL holding the owner's pid. A lock left behind by a process
 * that no longer runs (kill -9, power loss) is taken over.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another LawGuide process (pid ${ownerPid}). ` +
        "Stop that process first, or give this one its own DATA_DIR. For several processes, use PostgreSQL (DATABASE_URL). " +
        `If you are sure no process uses it, delete ${path.join(dir, ".lock")}.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, ".lock");
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const current = readLock(file);
          if (current?.pid === process.pid) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLock(file);
      if (owner && owner.pid !== process.pid && owner.host === hostname() && isLiveNodeProcess(owner.pid)) {
        throw new DataDirLockedError(dir, owner.pid);
      }
      if (owner && owner.host !== hostname()) {
        throw new DataDirLockedError(dir, owner.pid);
      }
      // Stale lock (its process is gone) or unreadable: take it over.
      try {
        unlinkSync(file);
      } catch {
        // another process removed it first; try again
      }
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}

function readLock(file: string): LockInfo | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockInfo>;
    if (typeof parsed.pid !== "number") return null;
    return { pid: parsed.pid, host: parsed.host ?? hostname(), startedAt: parsed.startedAt ?? "" };
  } catch {
    return null;
  }
}

function isLiveNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // The pid is alive; on Linux make sure it is still a Node process and not a reused pid.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return /node|tsx/.test(cmdline);
  } catch {
    return true;
  }
}
