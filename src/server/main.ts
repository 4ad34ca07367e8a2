import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { runningLine, runPrimary } from "./cluster";
import { type Config, ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError, lockDataDir } from "./db/lock";
import { createLogger, redactText } from "./lib/logger";

/** After SIGTERM, answers still being sent get this long before their connections are closed. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The rest of the server, loaded while the database opens: the two take most of a start. */
async function loadServer() {
  const [{ createApp }, { createServices }, { seed }, { startMaintenance }, { scheduleHousekeeping }] =
    await Promise.all([
      import("./app"),
      import("./services"),
      import("./seed"),
      import("./db/maintenance"),
      import("./housekeeping"),
    ]);
  return { createApp, createServices, seed, startMaintenance, scheduleHousekeeping };
}

/** Set for the short-lived process that makes a new embedded database (see `openMigrated`). */
const PREPARE_ONLY = "LAWGUIDE_PREPARE_NEW_DATABASE";

/**
 * The database, migrated. A new embedded database is made, migrated and seeded by a process of
 * its own that then exits, and this one opens it as a restart would: the engine that creates a
 * database (initdb, the migrations, the first accounts) keeps the memory it grew to, and a first
 * `npm start` idled at ~720 MB with one engine, ~290 MB with a second one in the same process,
 * ~220 MB like a restart this way (decision 017).
 */
async function openMigrated(config: Config) {
  const options = {
    databaseUrl: config.databaseUrl,
    pgliteDir: config.mode === "embedded" ? path.join(config.dataDir, "pgdata") : undefined,
  };
  if (options.pgliteDir !== undefined && !existsSync(path.join(options.pgliteDir, "PG_VERSION"))) {
    const child = spawn(process.execPath, [...process.execArgv, import.meta.filename], {
      env: { ...process.env, [PREPARE_ONLY]: "1" },
      stdio: "inherit",
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`the new database in ${options.pgliteDir} could not be made (exit code ${code})`);
  }
  const database = await openDatabase(options);
  await database.migrate();
  return database;
}

/** Make, migrate and seed a new embedded database, then end (the server proper opens it after). */
async function prepareNewDatabase(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ pgliteDir: path.join(config.dataDir, "pgdata") });
  await database.migrate();
  const { createServices, seed } = await loadServer();
  const services = createServices(config, database, logger);
  await seed(services);
  // The job queue's tables are made here too, so the server proper only checks them.
  await services.jobs.start({ work: false });
  await services.jobs.stop();
  await services.documents.close();
  services.mailer.close();
  await database.close();
}

/** Start LawGuide: configuration, database (locked, migrated, seeded), then the HTTP server. */
/**
 * The oldest Node.js release line still maintained (security fixes). LawGuide is built and tested on
 * Node 24, which `npm install` brings; an older one still runs it, with a warning at start.
 */
export const MAINTAINED_NODE_MAJOR = 22;

/** The warning for a Node.js past its end of life, or null on a maintained one. */
export function nodeWarning(version = process.versions.node): string | null {
  const major = Number(version.split(".")[0]);
  if (major >= MAINTAINED_NODE_MAJOR) return null;
  return `Node.js ${version} is past its end of life and gets no security fixes; run LawGuide on Node.js 24 (npm start uses the one npm install brought, node_modules/.bin/node)`;
}

export async function start(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const outdated = nodeWarning();
  if (outdated) logger.warn({ node: process.versions.node }, outdated);
  const lock = config.mode === "embedded" ? lockDataDir(config.dataDir) : null;
  const [database, { createApp, createServices, seed, startMaintenance, scheduleHousekeeping }] = await Promise.all([
    openMigrated(config),
    loadServer(),
  ]);
  const services = createServices(config, database, logger);
  await seed(services);
  const houseKeepNow = scheduleHousekeeping(
    services.jobs,
    {
      forgetStaleLoginAttempts: () => services.accounts.lockout.forgetStale(),
      forgetOldRateWindows: () => services.usage.forgetOldWindows(),
      remindEndingTrials: () => services.billing.remindEndingTrials(),
      forgetAbandonedUploads: () => services.uploads.forgetAbandoned(),
      markStalledReadings: () => services.fileReading.markStalled(),
      forgetOldMailRecords: () => services.mailer.forgetOldRecords(),
    },
    logger,
  );
  await services.jobs.start();
  await houseKeepNow();
  const app = createApp(services);
  const stopMaintenance = startMaintenance(database, logger);

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
      payments: config.stripe ? "stripe" : config.demoCheckout ? "demo" : "off",
    },
    "started",
  );
  if (config.mode === "configured" && config.demoCheckout) {
    logger.warn(
      { payments: "demo" },
      "DEMO_CHECKOUT is on: the demo checkout's test cards give members real plans and templates; turn it off (or set Stripe's variables) before real members use this server",
    );
  } else if (!config.stripe && !config.demoCheckout) {
    logger.info(
      { payments: "off" },
      "payments are off: no Stripe variables and DEMO_CHECKOUT is not set, so plans and templates cannot be bought",
    );
  }
  // One plain line whatever the log level: where to open LawGuide (the primary says it for a cluster).
  if (cluster.isPrimary) process.stdout.write(`${runningLine(config, port)}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopMaintenance();
    // Stop accepting; answers already being written get a bounded time to finish.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const grace = setTimeout(() => (server as HttpServer).closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(grace);
    // A mail being sent gets a few seconds; one cut short is sent again by the next process.
    await services.jobs.stop(5_000);
    await services.fileReading.close();
    await services.documents.close();
    services.mailer.close();
    await database.close();
    lock?.release();
  };
  return { app, services, server, port, stop };
}

/** Run as the process's main program: start, log fatal start-up errors plainly, stop on signals. */
export function runFromCli(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    failedToStart(error);
    return;
  }
  if (process.env[PREPARE_ONLY] === "1") {
    prepareNewDatabase(config).then(() => process.exit(0), failedToStart);
    return;
  }
  // WEB_CONCURRENCY above 1: this process only keeps that many workers running.
  if (cluster.isPrimary && config.webConcurrency > 1) {
    runPrimary(config, createLogger(config.logLevel));
    return;
  }
  start().then((running) => {
    const shutdown = (signal: string) => {
      running.services.logger.info({ signal }, "shutting down");
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once("SIGINT", () => shutdown("SIGINT"));
    process.once("SIGTERM", () => shutdown("SIGTERM"));
  }, failedToStart);
}

function failedToStart(error: unknown): void {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`LawGuide could not start.\n${error.message}`);
  } else {
    console.error(
      "LawGuide could not start:",
      error instanceof Error ? redactText(error.stack ?? error.message) : error,
    );
  }
  process.exit(1);
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : "";
if (entry.replace(/\.[cm]?[jt]s$/, "") === import.meta.filename.replace(/\.[cm]?[jt]s$/, "")) runFromCli();
