import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { downloadPdf, generateLongWill, healthDuring, signUpOverHttp } from "../tests/factories/render-load";
import { type RunningServer, startServer, stopGracefully } from "../tests/factories/server-process";
import { median, percentile, record } from "./lib";

const GROUP = "documents";

/**
 * PDF downloads of long wills (every answer as long as the form allows, ~250,000 characters)
 * against the real server in its own process: one render at a time (the first starts a worker),
 * a kept file, and the health check's answer times while ten are rendered at once by five members.
 */
export async function benchDocuments() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-documents-"));
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SIGNUP_LIMIT_PER_HOUR: "100000",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    });
    const base = server.url;
    const members: string[] = [];
    for (let i = 0; i < 5; i++) members.push(await signUpOverHttp(base, `documents-bench-${i}@example.com`));
    const [alone = ""] = members;

    const times: number[] = [];
    let keptId = "";
    for (let i = 0; i < 4; i++) {
      keptId = await generateLongWill(base, alone);
      const got = await downloadPdf(base, alone, keptId);
      if (got.status !== 200) throw new Error(`PDF download: ${got.status}`);
      times.push(got.ms);
    }
    const [first = Number.NaN, ...later] = times;
    record(GROUP, "long will as PDF, first (starts a worker)", first, "ms", "~250,000 characters");
    record(GROUP, "long will as PDF, later p50", median(later), "ms", `median of ${later.length}, one at a time`);
    const kept: number[] = [];
    for (let i = 0; i < 5; i++) kept.push((await downloadPdf(base, alone, keptId)).ms);
    record(GROUP, "the same PDF again (kept), p50", median(kept), "ms", `median of ${kept.length}`);

    const idle = await healthDuring(base, () => new Promise((resolve) => setTimeout(resolve, 2000)));
    record(GROUP, "GET /api/health, idle: p50", percentile(idle.healthMs, 50), "ms", "one every 20 ms for 2 s");

    const downloads: Array<{ cookie: string; id: string }> = [];
    for (const cookie of members) {
      for (let j = 0; j < 2; j++) downloads.push({ cookie, id: await generateLongWill(base, cookie) });
    }
    const started = performance.now();
    const { result, healthMs } = await healthDuring(base, () =>
      Promise.all(downloads.map(({ cookie, id }) => downloadPdf(base, cookie, id))),
    );
    const elapsed = performance.now() - started;
    const failed = result.filter((r) => r.status !== 200).length;
    if (failed) throw new Error(`${failed} of the ten PDF downloads failed`);
    record(GROUP, "ten long wills as PDF at once: all done", elapsed, "ms", "5 members × 2, different documents");
    record(GROUP, "GET /api/health during the ten: p50", percentile(healthMs, 50), "ms", `${healthMs.length} checks`);
    record(GROUP, "GET /api/health during the ten: p99", percentile(healthMs, 99), "ms", "target < 200 ms");
  } finally {
    if (server) await stopGracefully(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
