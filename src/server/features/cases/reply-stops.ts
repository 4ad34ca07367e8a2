import type { RunPrepared } from "../../db/prepared";
import { stopsRequested } from "./chat.queries";

const STOP_POLL_MS = 400;

/**
 * The replies this process is writing, so Stop takes effect at once here. Stop pressed where
 * another process serves the request (several on one PostgreSQL) is found by one poll for all
 * of them every STOP_POLL_MS: one statement however many replies are streaming.
 */
export function createReplyStops(run: RunPrepared) {
  const running = new Map<string, AbortController>();
  let poller: ReturnType<typeof setInterval> | null = null;
  let polling = false;

  async function pollStops() {
    if (polling || running.size === 0) return;
    polling = true;
    try {
      for (const caseId of await stopsRequested(run, [...running.keys()])) running.get(caseId)?.abort();
    } catch {
      // the next poll tries again
    } finally {
      polling = false;
    }
  }

  return {
    /** A reply of this case is being written here: `controller` is aborted when Stop is pressed. */
    watch(caseId: string, controller: AbortController) {
      running.set(caseId, controller);
      poller ??= setInterval(pollStops, STOP_POLL_MS);
    },
    unwatch(caseId: string) {
      running.delete(caseId);
      if (running.size === 0 && poller) {
        clearInterval(poller);
        poller = null;
      }
    },
    /** Stop pressed: end the reply at once if this process is writing it. */
    abortHere(caseId: string) {
      running.get(caseId)?.abort();
    },
  };
}

export type ReplyStops = ReturnType<typeof createReplyStops>;
