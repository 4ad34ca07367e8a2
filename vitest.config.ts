import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import RunErrorsReporter from "./tests/run-errors-reporter";

const here = import.meta.dirname;
const alias = {
  "@shared": path.join(here, "src/shared"),
  "@server": path.join(here, "src/server"),
  "@client": path.join(here, "src/client"),
  "@tests": path.join(here, "tests"),
};

/**
 * Two suites: the server's integration tests (through the Hono app on an in-memory PGlite, or on
 * PostgreSQL when DATABASE_URL is set) with the shared engine's unit tests, and the client's
 * component tests in jsdom.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Each
    // server test file has its own database (PGlite, or a PostgreSQL database of its own), so
    // at least two run side by side safely; on 2 cores the suite takes about 6 minutes, not 10.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // With a JSON report (npm test, CI): the report, and beside it the errors no test owns.
    reporters: process.env.VITEST_JSON
      ? [
          "default",
          ["json", { outputFile: process.env.VITEST_JSON }],
          new RunErrorsReporter(process.env.VITEST_JSON.replace(/\.json$/, ".errors.json")),
        ]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "tests/server/**/*.test.ts"],
          globalSetup: ["tests/factories/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          // npm run test:scale: LawGuide's compiled processes behind nginx, under load and killed
          // mid-write. Long and heavy, so one file at a time and not part of `vitest run`'s default.
          name: "scale",
          environment: "node",
          include: ["tests/scale/**/*.scale.test.ts"],
          globalSetup: ["tests/factories/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.tsx", "src/client/**/*.test.ts"],
          setupFiles: ["tests/factories/client-setup.ts"],
        },
      },
    ],
  },
});
