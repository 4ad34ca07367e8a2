import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError, lockDataDir } from "./db/lock";
import { startMaintenance } from "./db/maintenance";
import { startHousekeeping } from "./housekeeping";
import { createLogger, redactText } from "./lib/logger";
import { seed } from "./seed";
import { createServices } from "./services";

/** Start LawGuide: configuration, database (locked, migrated, seeded), then the HTTP server. */
export async function start(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const lock = config.mode === "embedded" ? lockDataDir(config.dataDir) : null;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.mode === "embedded" ? path.join(config.dataDir, "pgdata") : undefined,
  });
  await database.migrate();
  const services = createServices(config, database, logger);
  await seed(services);
  const app = createApp(services);
  const stopMaintenance = startMaintenance(database, logger);
  // Files received by other processes, or left unread when a process stopped, are read here too.
  services.readingQueue.start();
  const stopHousekeeping = startHousekeeping(
    {
      forgetStaleLoginAttempts: () => services.accounts.lockout.forgetStale(),
      forgetOldRateWindows: () => services.usage.forgetOldWindows(),
      remindEndingTrials: () => services.billing.remindEndingTrials(),
      forgetAbandonedUploads: () => services.uploads.forgetAbandoned(),
    },
    logger,
  );

  const server = serve({ fetch: app.fetch, port: config.port, ...(config.host ? { hostname: config.host } : {}) });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info(
    {
      port,
      mode: config.mode,
      database: config.databaseUrl ? redactText(config.databaseUrl) : path.join(config.dataDir, "pgdata"),
      mail: services.mailer.kind,
    },
    "started",
  );
  // One plain line whatever the log level: where to open LawGuide.
  process.stdout.write(`LawGuide is running at ${config.publicUrl} (port ${port}, ${config.mode} mode)\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopMaintenance();
    stopHousekeeping();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.readingQueue.close();
    await services.documents.close();
    services.mailer.close();
    await database.close();
    lock?.release();
  };
  return { app, services, server, port, stop };
}

/** Run as the process's main program: start, log fatal start-up errors plainly, stop on signals. */
export function runFromCli(): void {
  start().then(
    (running) => {
      const shutdown = (signal: string) => {
        running.services.logger.info({ signal }, "shutting down");
        running.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once("SIGINT", () => shutdown("SIGINT"));
      process.once("SIGTERM", () => shutdown("SIGTERM"));
    },
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof DataDirLockedError) {
        console.error(`LawGuide could not start.\n${error.message}`);
      } else {
        console.error(
          "LawGuide could not start:",
          error instanceof Error ? redactText(error.stack ?? error.message) : error,
        );
      }
      process.exit(1);
    },
  );
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : "";
if (entry.replace(/\.[cm]?[jt]s$/, "") === import.meta.filename.replace(/\.[cm]?[jt]s$/, "")) runFromCli();
