import pg from "pg";

export interface FollowHandlers {
  /** A notification on the channel, a moment after the transaction that sent it committed. */
  onPayload(payload: string): void;
  /**
   * Following (again): notifications from now on arrive; any sent while not following were missed.
   * `false`, with the reason, when the connection could not be opened or was lost: it is opened
   * again after a pause, and `true` follows once it listens.
   */
  onLive(live: boolean, error?: unknown): void;
}

/** Pauses before opening the connection again, the last one repeated. */
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];
/** A connection that answers no `select 1` for HEARTBEAT_TIMEOUT_MS is taken as lost. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * Follow PostgreSQL's notifications on `channel` on a connection of its own, outside the pool,
 * kept open: reopened after a failure, and checked every HEARTBEAT_MS so that a connection dropped
 * without a word is noticed. Ends with `stop`.
 */
export function followNotifications(connectionString: string, channel: string, handlers: FollowHandlers) {
  let stopped = false;
  let client: pg.Client | null = null;
  let state: "starting" | "live" | "lost" = "starting";
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  function lost(from: pg.Client, error: unknown) {
    if (from !== client || stopped) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    from.removeAllListeners("notification");
    from.end().catch(() => {});
    if (state !== "lost") {
      state = "lost";
      handlers.onLive(false, error);
    }
    const pause = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
    failures += 1;
    retry = setTimeout(open, pause);
    retry.unref();
  }

  async function open() {
    retry = null;
    if (stopped) return;
    const next = new pg.Client({ connectionString, keepAlive: true });
    client = next;
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("the connection that follows notifications ended")));
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (next !== client || stopped) return;
    failures = 0;
    state = "live";
    handlers.onLive(true);
    heartbeat = setInterval(() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("the connection that follows notifications stopped answering")),
          HEARTBEAT_TIMEOUT_MS,
        );
      });
      Promise.race([next.query("select 1"), late])
        .catch((error: unknown) => lost(next, error))
        .finally(() => clearTimeout(timer));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  void open();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
