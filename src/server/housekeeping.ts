import type { JobQueue } from "./lib/jobs";
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
  /** Files whose every reading try was lost with its process: said to be unreadable. */
  markStalledReadings(): Promise<unknown>;
  /** Records of mails sent, once no job could be tried again; unsubscribe links past expiry. */
  forgetOldMailRecords(): Promise<unknown>;
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

/** The queue that carries housekeeping. */
export const HOUSEKEEPING_QUEUE = "housekeeping";

/**
 * Every hour (and once when a process starts), as a job of the queue: the counters behind lockout
 * and rate limits, which grow with every address that ever knocked, lose the rows that can no
 * longer lock anyone or limit anything; demo trials about to end are told about; records kept for
 * mail and unsubscribe links are forgotten once they can no longer matter. The hourly job runs
 * once whichever process takes it; each step is one idempotent statement, or claims its rows
 * before acting on them, so runs at the same moment do no harm. Call before `jobs.start()`.
 */
export function scheduleHousekeeping(jobs: JobQueue, work: HousekeepingJobs, logger: Logger): () => Promise<void> {
  jobs.define(HOUSEKEEPING_QUEUE, {
    cron: "7 * * * *",
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    handle: () => houseKeepOnce(work, logger),
  });
  return async () => {
    await jobs.send(HOUSEKEEPING_QUEUE, {});
  };
}
