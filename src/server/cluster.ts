import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";
import type { Logger } from "./lib/logger";

/** A replacement for a worker that keeps dying waits longer each time, up to this. */
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers still running this long after SIGTERM are killed. */
const STOP_TIMEOUT_MS = 20_000;

/** The line `npm start` prints once the server answers. */
export function runningLine(config: Config, port: number): string {
  const processes = config.webConcurrency > 1 ? `${config.webConcurrency} workers, ` : "";
  return `LawGuide is running at ${config.publicUrl} (port ${port}, ${processes}${config.mode} mode)`;
}

/**
 * WEB_CONCURRENCY=N: keep N worker processes serving one port (Node's cluster hands connections
 * round robin). Everything shared lives in PostgreSQL, so any worker can answer any request. The
 * first worker starts alone (it applies the migrations and the seed); the others follow once it
 * listens. A worker that dies is replaced; SIGTERM stops them all gracefully.
 */
export function runPrimary(config: Config, logger: Logger): void {
  let stopping = false;
  let everListened = false;
  let failuresInARow = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once("listening", (address) => {
      failuresInARow = 0;
      if (everListened) return;
      everListened = true;
      for (let i = 1; i < config.webConcurrency; i++) fork();
      process.stdout.write(`${runningLine(config, address.port)}\n`);
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // The first worker could not start (it has said why): the others would fail the same way.
    if (!everListened) process.exit(code || 1);
    failuresInARow += 1;
    const delay = Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** (failuresInARow - 1));
    logger.error({ worker: worker.process.pid, code, signal, restartInMs: delay }, "worker stopped; replacing it");
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down workers");
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  fork();
}
