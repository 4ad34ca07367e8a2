import { type Database, type DbOrTx, queryIn } from "../db/client";
import { describeFault, type Logger } from "./logger";

/**
 * Completions announced through the database (PostgreSQL's NOTIFY, on either engine): a process
 * that finishes a piece of work sends its id on a channel, and any process waiting for that id
 * wakes at once, whichever process did the work. A waiter first looks whether the work is done
 * already (it may have finished before the wait began); while the process cannot follow the
 * channel (a lost connection, being reopened) it looks again every FALLBACK_MS.
 */
const FALLBACK_MS = 1_000;
/** How long the first wait waits for the channel to be followed. */
const FIRST_LIVE_MS = 2_000;

export interface Signals {
  /** Announce that `id` is done (with `tx`: when that transaction commits). */
  send(id: string, tx?: DbOrTx): Promise<void>;
  /**
   * Wait until `done()` says so (checked now, then each time `id` is announced), for at most
   * `timeoutMs` or until `signal` aborts. Resolves with `done()`'s last answer.
   */
  wait<T>(
    id: string,
    done: () => Promise<T | null>,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<T | null>;
}

export function createSignals(database: Database, channel: string, logger: Logger): Signals {
  const waiters = new Map<string, Set<() => void>>();
  let following: Promise<void> | null = null;
  let live = false;

  const wake = (id: string) => {
    for (const waiter of waiters.get(id) ?? []) waiter();
  };

  /** Start following the channel (once per process). */
  function follow(): Promise<void> {
    following ??= (async () => {
      if (database.listen) {
        await database.listen(channel, wake);
        live = true;
      } else if (database.follow) {
        // Resolved once the connection listens (or after FIRST_LIVE_MS without: waiters then look
        // every second until it does).
        let first: () => void = () => {};
        const listening = new Promise<void>((resolve) => {
          first = resolve;
          setTimeout(resolve, FIRST_LIVE_MS).unref();
        });
        database.follow(channel, {
          onPayload: wake,
          onLive: (now, error) => {
            live = now;
            first();
            if (!now)
              logger.warn({ channel, fault: describeFault(error) }, "not following completions; looking every second");
            // Back after a gap: whatever was announced meanwhile is looked for by every waiter.
            if (now) for (const id of waiters.keys()) wake(id);
          },
        });
        await listening;
      }
    })();
    return following;
  }

  return {
    async send(id, tx) {
      const notify = "select pg_notify($1, $2)";
      await (tx ? queryIn(tx, notify, [channel, id]) : database.query(notify, [channel, id]));
    },

    async wait(id, done, { timeoutMs, signal }) {
      await follow().catch((error: unknown) => {
        logger.warn({ channel, fault: describeFault(error) }, "cannot follow completions; looking every second");
      });
      let nudge: (() => void) | null = null;
      // Set by an announcement that comes while `done()` is being asked: look again at once.
      let woken = false;
      const waiter = () => {
        woken = true;
        nudge?.();
      };
      const set = waiters.get(id) ?? new Set();
      set.add(waiter);
      waiters.set(id, set);
      const deadline = Date.now() + timeoutMs;
      try {
        for (;;) {
          woken = false;
          const result = await done();
          if (result !== null || Date.now() >= deadline || signal?.aborted) return result;
          if (woken) continue;
          await new Promise<void>((resolve) => {
            const left = Math.max(0, deadline - Date.now());
            const timer = setTimeout(resolve, live ? left : Math.min(left, FALLBACK_MS));
            const finish = () => {
              clearTimeout(timer);
              signal?.removeEventListener("abort", finish);
              nudge = null;
              resolve();
            };
            nudge = finish;
            signal?.addEventListener("abort", finish, { once: true });
          });
        }
      } finally {
        set.delete(waiter);
        if (set.size === 0) waiters.delete(id);
      }
    },
  };
}
