// Sum every suite's results in test-results/ into one line: "N passed, N failed". Above it, one
// line per failed test (suite, file, title, the first line of its error), so the end of a CI log
// says what failed without scrolling back through it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "test-results");
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are removed
const plain = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "");
const firstLine = (text) =>
  plain(text)
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 300) ?? "";

/** Failed tests and files that failed to load, from a Vitest JSON report. */
function vitestFailures(label, report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const assertions = file.assertionResults ?? [];
    for (const a of assertions.filter((x) => x.status === "failed")) {
      lines.push(`${label}: ${name} › ${a.fullName ?? a.title} — ${firstLine(a.failureMessages?.[0])}`);
    }
    if (file.status === "failed" && assertions.length === 0)
      lines.push(`${label}: ${name} — ${firstLine(file.message)}`);
  }
  return lines;
}

/**
 * Where a failed journey stood: each error's line in the spec with what it was waiting for (a
 * timeout names the step it cut short), how long the journey ran, and the page it was on (the
 * 'page at failure' annotation the fixtures add).
 */
function playwrightDetails(test, result) {
  const details = [];
  for (const error of result?.errors ?? []) {
    if (!error.location) continue;
    const text = plain(error.message).split("\n");
    const waiting = text
      .filter((line) => line.trim().startsWith("- "))
      .at(-1)
      ?.trim();
    const at = `${path.relative(root, error.location.file)}:${error.location.line}`;
    details.push(`    at ${at}: ${firstLine(error.message)}${waiting ? ` (${waiting.slice(2, 200)})` : ""}`);
  }
  if (result?.duration !== undefined) details.push(`    ran ${(result.duration / 1000).toFixed(1)} s`);
  for (const note of result?.annotations ?? test?.annotations ?? []) {
    if (note.type === "page at failure") details.push(`    page at failure: ${note.description}`);
  }
  return details;
}

/** Unexpected results and global errors, from a Playwright JSON report. */
function playwrightFailures(report) {
  const lines = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const last = test.results?.[test.results.length - 1];
        const where = `${spec.file}:${spec.line}`;
        lines.push(
          `e2e: ${where} › ${[...titles.slice(1), spec.title].join(" › ")} — ${firstLine(last?.error?.message)}`,
        );
        lines.push(...playwrightDetails(test, last));
      }
    }
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  for (const error of report?.errors ?? []) lines.push(`e2e: ${firstLine(error.message)}`);
  return lines;
}

let passed = 0;
let failed = 0;
const failures = [];
const summary = readJson(path.join(out, "summary.json"));
if (summary) {
  for (const suite of summary) {
    passed += suite.passed;
    failed += suite.failed;
    if (suite.failed > 0 && (suite.name === "lint" || suite.name === "typecheck" || suite.name === "install")) {
      failures.push(`${suite.name}: failed (its output is above)`);
    }
  }
} else {
  failed += 1;
  failures.push("npm test: no results were written");
}
failures.push(...vitestFailures("vitest", readJson(path.join(out, "vitest.json"))));
failures.push(...playwrightFailures(readJson(path.join(out, "playwright.json"))));

/**
 * What a Vitest run failed on outside its tests (`tests/run-errors-reporter.ts`): unhandled errors
 * and failed hooks make Vitest exit 1 while every test passed. Each run with any counts once.
 */
function runErrors(label, reportFile) {
  const errors = readJson(reportFile.replace(/\.json$/, ".errors.json"));
  const lines = [];
  for (const error of errors?.unhandled ?? []) lines.push(`${label}: unhandled error — ${firstLine(error.message)}`);
  for (const hook of errors?.hooks ?? []) {
    lines.push(
      `${label}: ${hook.file}${hook.suite ? ` › ${hook.suite}` : ""} (hook or file) — ${firstLine(hook.message)}`,
    );
  }
  return lines;
}

const vitestRunErrors = runErrors("vitest", path.join(out, "vitest.json"));
// npm test counted a failed Vitest exit already when no test failed (`scripts/test.mjs`).
failures.push(...vitestRunErrors);

// CI's runs on PostgreSQL: the server suite again, and the scale suite.
for (const [file, label] of [
  ["vitest-postgres.json", "vitest on PostgreSQL"],
  ["vitest-scale.json", "scale suite"],
]) {
  const report = readJson(path.join(out, file));
  if (!report) continue;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  failed += (report.testResults ?? []).filter(
    (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
  ).length;
  failures.push(...vitestFailures(label, report));
  const outside = runErrors(label, path.join(out, file));
  failures.push(...outside);
  if (outside.length > 0 && (report.numFailedTests ?? 0) === 0) failed += 1;
}

// A step that exited with an error while no test of its failed (.ci/run writes the exit codes).
const exits = existsSync(path.join(out, "exit-codes.txt"))
  ? readFileSync(path.join(out, "exit-codes.txt"), "utf8")
  : "";
for (const line of exits.split("\n").filter(Boolean)) {
  const [step, code] = line.split(" ");
  if (code !== "0" && failed === 0) {
    failed += 1;
    failures.push(`${step}: exited ${code} with no failed test (its output is above)`);
  }
}

// Each step's time: npm test's own steps inside its line, CI's steps around it.
const ciTimes = existsSync(path.join(out, "step-times.txt"))
  ? readFileSync(path.join(out, "step-times.txt"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split(" "))
  : [];
const testSteps = readJson(path.join(out, "steps.json")) ?? [];
if (ciTimes.length > 0 || testSteps.length > 0) {
  const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
  console.log("\nSteps:");
  for (const [step, seconds] of ciTimes) {
    console.log(`  ${step.padEnd(24)} ${minutes(Number(seconds)).padStart(13)}`);
    if (step === "npm-test") {
      for (const inner of testSteps) console.log(`    ${inner.name.padEnd(22)} ${minutes(inner.seconds).padStart(13)}`);
    }
  }
  if (ciTimes.length === 0)
    for (const inner of testSteps) console.log(`  ${inner.name.padEnd(24)} ${minutes(inner.seconds).padStart(13)}`);
  const total = ciTimes.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
  if (total > 0) console.log(`  ${"total".padEnd(24)} ${minutes(total).padStart(13)}`);
}

if (failures.length > 0) {
  console.log("\nFailed:");
  for (const line of failures) console.log(`  ${line}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
