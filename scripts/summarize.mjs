// Sum every suite's results in test-results/ into one line: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const out = path.resolve(import.meta.dirname, "..", "test-results");
let passed = 0;
let failed = 0;
const summary = path.join(out, "summary.json");
if (existsSync(summary)) {
  for (const suite of JSON.parse(readFileSync(summary, "utf8"))) {
    passed += suite.passed;
    failed += suite.failed;
  }
} else {
  failed += 1;
}
const postgres = path.join(out, "vitest-postgres.json");
if (existsSync(postgres)) {
  const report = JSON.parse(readFileSync(postgres, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  failed += (report.testResults ?? []).filter(
    (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
  ).length;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
