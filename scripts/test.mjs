// npm test: lint, typecheck, the Vitest suites, then the browser journeys in Debian's Chromium
// against a fresh build. Every step runs even when an earlier one fails; results are written to
// test-results/ and summed on the last line as "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildClient } from "./client-build.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { buildServer } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const tmp = path.join(root, ".tmp", "test");
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const env = { ...process.env, TMPDIR: tmp, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const suites = [];
/** Each step's time in seconds, in order (the summary prints them). */
const steps = [];
async function timed(name, work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    steps.push({ name, seconds: Math.round((Date.now() - started) / 1000) });
  }
}
function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
}
function record(name, passed, failed) {
  suites.push({ name, passed, failed });
}

record(
  "lint",
  ...((await timed("lint", () => run("Lint and format (Biome)", bin("biome"), ["ci", "."]))) ? [1, 0] : [0, 1]),
);
record(
  "typecheck",
  ...((await timed("typecheck", () => run("Typecheck (tsc)", bin("tsc"), ["-p", "."]))) ? [1, 0] : [0, 1]),
);

const vitestJson = path.join(out, "vitest.json");
const vitestOk = await timed("vitest", () =>
  run(
    "Unit and server integration tests (Vitest)",
    bin("vitest"),
    ["run", "--project", "server", "--project", "client"],
    {
      VITEST_JSON: vitestJson,
    },
  ),
);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8"));
  const failedSuites = (report.testResults ?? []).filter(
    (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
  ).length;
  const failedTests = (report.numFailedTests ?? 0) + failedSuites;
  // Vitest failed with every test passed: an unhandled error or a failed hook (printed at the end
  // by summarize.mjs from the errors `tests/run-errors-reporter.ts` keeps).
  record("vitest", report.numPassedTests ?? 0, failedTests > 0 ? failedTests : vitestOk ? 0 : 1);
} else {
  record("vitest", 0, vitestOk ? 0 : 1);
}

const chromium = ensureChromium();
if (!chromium) {
  record("e2e", 0, 1);
} else {
  await timed("build", async () => {
    await buildClient({ force: true });
    // The journeys run against the compiled server, as `npm start` runs it.
    await buildServer({ force: true });
  });
  const playwrightJson = path.join(out, "playwright.json");
  const e2eOk = await timed("e2e", () =>
    run("Browser journeys (Playwright, Chromium)", bin("playwright"), ["test"], {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON: playwrightJson,
    }),
  );
  if (existsSync(playwrightJson)) {
    const stats = JSON.parse(readFileSync(playwrightJson, "utf8")).stats ?? {};
    const setupFailed = (JSON.parse(readFileSync(playwrightJson, "utf8")).errors ?? []).length;
    record("e2e", (stats.expected ?? 0) + (stats.flaky ?? 0), (stats.unexpected ?? 0) + setupFailed);
  } else {
    record("e2e", 0, e2eOk ? 0 : 1);
  }
}

writeFileSync(path.join(out, "summary.json"), JSON.stringify(suites, null, 2));
writeFileSync(path.join(out, "steps.json"), JSON.stringify(steps, null, 2));
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log("");
for (const s of suites) console.log(`  ${s.name.padEnd(10)} ${s.passed} passed, ${s.failed} failed`);
for (const s of steps) console.log(`  ${s.name.padEnd(10)} ${s.seconds} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
