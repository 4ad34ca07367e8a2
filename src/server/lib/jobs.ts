import PgBoss from "pg-boss";
import { type Database, type DbOrTx, queryIn } from "../db/client";
import { describeFault, type Logger } from "./logger";

/** The schema pg-boss keeps its queues and jobs in, beside LawGuide's own tables. */
export const JOBS_SCHEMA = "pgboss";

/** Thrown by a job that trying again cannot help (a mail server refusing the address): it fails for good now. */
export class PermanentJobError extends Error {}

/** A kind of background work: how it is retried, and what does it. */
export interface JobKind<T extends object> {
  /** Runs after the first failure: `retryLimit` more tries, each `retryDelaySeconds` × 2ⁿ apart (with jitter). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A try still running after this long (its process died) is counted as failed and tried again. */
  expireInSeconds: number;
  /** Also run on this schedule (cron, UTC): one job per slot, whichever process takes it. */
  cron?: string;
  /** Does the work; throwing fails this try. */
  handle(data: T, job: { id: string }): Promise<void>;
}

export interface JobState {
  id: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  data: Record<string, unknown>;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  completedOn: Date | null;
  /** What the last failed try threw (pg-boss keeps the error as the job's output). */
  lastError: string | null;
}

export interface JobQueueOptions {
  /** Seconds between looks for new jobs of a queue when nothing nudged it (default 2). */
  pollingIntervalSeconds?: number;
}

/**
 * Background jobs kept in the database with pg-boss (decision 019): every server process shares
 * one queue, jobs survive restarts and crashes, and a try that fails is retried later with a
 * growing delay. A failed job is kept (failed jobs for 30 days) for administrators to see and retry.
 */
export function createJobQueue(database: Database, logger: Logger, options: JobQueueOptions = {}) {
  let boss: PgBoss | null = null;
  const kinds = new Map<string, JobKind<object>>();
  const workers = new Map<string, string>();
  let state: "new" | "started" | "stopped" = "new";

  /** Wake this process's worker for a queue (it otherwise looks at its next poll). */
  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker) boss?.notifyWorker(worker);
  };

  /**
   * pg-boss's statements. After `stop`, a job that outlived its time to finish may still report
   * its end once the database has been closed: that write cannot be kept (the job stays active and
   * runs again once it expires, as after a crash), and it must not end the process as an unhandled
   * rejection inside pg-boss. pg-boss reads a missing result as "no job changed".
   */
  async function executeSql(text: string, values?: unknown[]): Promise<{ rows: never[] }> {
    try {
      return (await database.query(text, values)) as { rows: never[] };
    } catch (error) {
      if (state !== "stopped") throw error;
      logger.warn(
        { fault: describeFault(error) },
        "job queue: a late job's end was not stored (the queue had stopped)",
      );
      return null as unknown as { rows: never[] };
    }
  }

  const queueOptions = (name: string, kind: JobKind<object>) => ({
    name,
    retryLimit: kind.retryLimit,
    retryDelay: kind.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: kind.expireInSeconds,
    retentionMinutes: 7 * 24 * 60,
  });

  return {
    /** Declare a kind of job; before `start`. */
    define<T extends object>(name: string, kind: JobKind<T>): void {
      kinds.set(name, kind as unknown as JobKind<object>);
    },

    /**
     * Install or upgrade the queue's tables, create the queues, and (unless `work` is false) run
     * this process's workers. Jobs may be sent once this resolves.
     */
    async start({ work = true }: { work?: boolean } = {}): Promise<void> {
      const scheduled = [...kinds.values()].some((kind) => kind.cron);
      boss = new PgBoss({
        db: { executeSql: (text, values) => executeSql(text, values) },
        schema: JOBS_SCHEMA,
        // Timers only where something runs on a schedule, and only in a process that works.
        schedule: work && scheduled,
        supervise: work,
        maintenanceIntervalSeconds: 30,
        archiveCompletedAfterSeconds: 7 * 86_400,
        archiveFailedAfterSeconds: 30 * 86_400,
        deleteAfterDays: 30,
      });
      boss.on("error", (error) => logger.warn({ fault: describeFault(error) }, "job queue: maintenance failed"));
      await boss.start();
      state = "started";
      const started = boss;
      for (const [name, kind] of kinds) {
        await started.createQueue(name, queueOptions(name, kind));
        await started.updateQueue(name, queueOptions(name, kind));
        if (kind.cron) await started.schedule(name, kind.cron, {}, { tz: "UTC" });
        if (!work) continue;
        const id = await started.work<object>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await kind.handle(job.data, { id: job.id });
              } catch (error) {
                const permanent = error instanceof PermanentJobError;
                if (permanent) {
                  // No tries left: pg-boss keeps it as failed, for an administrator to retry.
                  await database.query(
                    `update ${JOBS_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`,
                    [name, job.id],
                  );
                }
                logger.warn(
                  { job: name, jobId: job.id, fault: describeFault(error) },
                  permanent ? "job failed for good" : "job failed; it will be retried",
                );
                throw error;
              }
            }
          },
        );
        workers.set(name, id);
      }
    },

    /** This process stops taking jobs of `name` (the others go on); those it runs are finished. */
    async stopWorking(name: string): Promise<void> {
      await boss?.offWork(name);
      workers.delete(name);
    },

    /**
     * Queue a job; this process's worker is woken at once (others find it at their next look).
     * With `tx`, the job is written by that transaction, so it exists if and only if the change
     * around it commits: `nudge` the queue once it has (until then a worker would find nothing).
     */
    async send(name: string, data: object, tx?: DbOrTx, options: { startAfter?: Date } = {}): Promise<string> {
      if (state !== "started" || !boss) throw new Error(`job queue not started: cannot send a ${name} job`);
      const id = await boss.send(name, data, {
        ...(tx ? { db: { executeSql: (text: string, values?: unknown[]) => queryIn(tx, text, values) } } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (!id) throw new Error(`the ${name} job was not queued`);
      if (!tx && !options.startAfter) wake(name);
      return id;
    },

    /** Cancel jobs not yet run (a reminder whose date was removed); unknown or finished ones are left. */
    async cancel(name: string, ids: readonly string[]): Promise<void> {
      if (!boss || ids.length === 0) return;
      await boss.cancel(name, [...ids]);
    },

    /** Try a failed job again now. */
    async retry(name: string, id: string): Promise<void> {
      if (!boss) throw new Error("job queue not started");
      await boss.retry(name, id);
      wake(name);
    },

    /** The newest jobs of a queue, or only those in `states`. */
    async list(name: string, limit: number, states?: JobState["state"][]): Promise<JobState[]> {
      const { rows } = await database.query(
        `select id, state, data, retry_count, retry_limit, created_on, start_after, completed_on, output
           from ${JOBS_SCHEMA}.job
          where name = $1 and ($3::text[] is null or state::text = any($3::text[]))
          order by created_on desc
          limit $2`,
        [name, limit, states ?? null],
      );
      return (rows as JobRow[]).map(toJobState);
    },

    /** One job of a queue, or null. */
    async get(name: string, id: string): Promise<JobState | null> {
      const { rows } = await database.query(
        `select id, state, data, retry_count, retry_limit, created_on, start_after, completed_on, output
           from ${JOBS_SCHEMA}.job where name = $1 and id = $2`,
        [name, id],
      );
      const row = (rows as JobRow[])[0];
      return row ? toJobState(row) : null;
    },

    /** Jobs of a queue in one state. */
    async count(name: string, jobState: JobState["state"]): Promise<number> {
      const { rows } = await database.query(
        `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 and state = $2::${JOBS_SCHEMA}.job_state`,
        [name, jobState],
      );
      return (rows as Array<{ n: number }>)[0]?.n ?? 0;
    },

    /** Jobs of a queue still to run now: queued, due for another try, or running. */
    async pending(name: string): Promise<number> {
      const { rows } = await database.query(
        `select count(*)::int as n from ${JOBS_SCHEMA}.job
          where name = $1 and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        [name],
      );
      return (rows as Array<{ n: number }>)[0]?.n ?? 0;
    },

    /** Wake this process's worker for a queue (after jobs were added or retried elsewhere). */
    nudge: (name: string): void => wake(name),

    /** Stop taking jobs; a job being run gets up to `timeoutMs` to finish. */
    async stop(timeoutMs = 10_000): Promise<void> {
      if (state !== "started" || !boss) return;
      state = "stopped";
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

interface JobRow {
  id: string;
  state: JobState["state"];
  data: Record<string, unknown> | null;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  start_after: Date | string;
  completed_on: Date | string | null;
  output: unknown;
}

function toJobState(row: JobRow): JobState {
  const lastError = row.state === "completed" ? null : errorMessage(row.output);
  return {
    id: row.id,
    state: row.state,
    data: row.data ?? {},
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdOn: new Date(row.created_on),
    startAfter: new Date(row.start_after),
    completedOn: row.completed_on ? new Date(row.completed_on) : null,
    lastError,
  };
}

/** A failed try's output: a serialised error, `{ value: { message } }` (timeout) or `{ value: text }` (shutdown). */
function errorMessage(output: unknown): string | null {
  if (typeof output === "string") return output;
  if (!output || typeof output !== "object") return null;
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === "string") return message;
  return value === undefined ? null : errorMessage(value);
}
