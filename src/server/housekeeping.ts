import { describeFault, type Logger } from "./lib/logger";

/** What housekeeping tidies: each job forgets rows that no longer count for anything. */
export interface HousekeepingJobs {
  /** Sign-in failures and known addresses past their use (lockout). */
  forgetStaleLoginAttempts(): Promise<unknown>;
  /** Rate-limit windows that ended more than a day ago. */
  forgetOldRateWindows(): Promise<unknown>;
  /** Demo trials that end within two days: their members are told once. */
  remindEndingTrials(): Promise<unknown>;
  /** Uploads whose process stopped before the file arrived whole (rows and bytes). */
  forgetAbandonedUploads(): Promise<unknown>;
}

/** One pass of every job; a failing job is logged and does not stop the others. */
export async function houseKeepOnce(jobs: HousekeepingJobs, logger: Logger): Promise<void> {
  for (const [name, job] of Object.entries(jobs) as Array<[string, () => Promise<unknown>]>) {
    try {
      await job();
    } catch (error) {
      logger.warn({ job: name, fault: describeFault(error) }, "housekeeping job failed");
    }
  }
}

/**
 * Every hour (and once at start): the counters behind lockout and rate limits, which grow with
 * every address that ever knocked, lose the rows that can no longer lock anyone or limit
 * anything; demo trials about to end are told about. Several processes may run it at once: each
 * job is one idempotent statement, or claims its rows before acting on them.
 */
export function startHousekeeping(jobs: HousekeepingJobs, logger: Logger, intervalMs = 3_600_000): () => void {
  void houseKeepOnce(jobs, logger);
  const timer = setInterval(() => void houseKeepOnce(jobs, logger), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
