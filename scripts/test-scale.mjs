// npm run test:scale: the compiled server as it is deployed, under strain. On PostgreSQL
// (DATABASE_URL) two processes behind nginx from Debian's packages (installed when missing, as
// root); on both engines kill -9 during writes. Results go to test-results/vitest-scale.json and
// end on one line, "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ensureDebianPackage } from "./debian-package.mjs";
import { buildServer } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "test-results");
mkdirSync(out, { recursive: true });
const report = path.join(out, "vitest-scale.json");

if (process.env.DATABASE_URL) {
  if (
    !ensureDebianPackage({
      name: "nginx",
      paths: ["/usr/sbin/nginx"],
      why: "The scale suite runs LawGuide behind nginx",
    })
  )
    process.exit(1);
} else {
  console.log(
    "DATABASE_URL is not set: only the embedded engine's part runs (nginx and several processes need PostgreSQL).",
  );
}
await buildServer();
const tmp = path.join(root, ".tmp", "test-scale");
mkdirSync(tmp, { recursive: true });
const result = spawnSync(
  path.join(root, "node_modules", ".bin", "vitest"),
  ["run", "--project", "scale", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, VITEST_JSON: report, TMPDIR: tmp } },
);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  const broken = (r.testResults ?? []).filter(
    (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
  ).length;
  console.log(`${r.numPassedTests ?? 0} passed, ${(r.numFailedTests ?? 0) + broken} failed`);
}
process.exit(result.status ?? 1);
