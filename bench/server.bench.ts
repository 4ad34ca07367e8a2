import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer, SERVER_OUT } from "../scripts/server-build.mjs";
import { post, signInOverHttp, startServer, stopGracefully } from "../tests/factories/server-process";
import { load, percentile, record, rssMb } from "./lib";

/** The foundation: start-up, health, session look-up, sign-in, static files, memory. */
export async function benchServer() {
  // The server as `npm start` runs it: compiled, with its Node flags.
  await buildServer();
  const compiled = { compiled: path.join(SERVER_OUT, "main.js") };
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-"));
  try {
    let t0 = performance.now();
    let server = await startServer(
      {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_MINUTE: "100000",
        SIGNUP_LIMIT_PER_HOUR: "100000",
        LOG_LEVEL: "warn",
      },
      compiled,
    );
    record("server", "first start (new database, migrations, seed)", performance.now() - t0, "ms");
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    record("server", "memory idle after the first start (new database)", rssMb(server.process.pid ?? 0), "MB RSS");
    await stopGracefully(server);
    t0 = performance.now();
    server = await startServer(
      {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_MINUTE: "100000",
        SIGNUP_LIMIT_PER_HOUR: "100000",
        LOG_LEVEL: "warn",
      },
      compiled,
    );
    record("server", "restart (existing database)", performance.now() - t0, "ms");
    const pid = server.process.pid ?? 0;
    record("server", "memory after start", rssMb(pid), "MB RSS");
    // Idle: what the process holds once the start's garbage has had time to go.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    record("server", "memory idle (15 s after start)", rssMb(pid), "MB RSS", "target ≤ 250 MB embedded");

    const health = await load(`${server.url}/api/health`);
    record("server", "GET /api/health throughput", health.rps, "req/s", "10 connections, 5 s");
    record("server", "GET /api/health latency p50", health.p50, "ms");
    record("server", "GET /api/health latency p99", health.p99, "ms");

    const cookie = await signInOverHttp(server.url, {
      email: "bench@example.com",
      password: "bench-pass",
      firstName: "B",
    });
    const me = await load(`${server.url}/api/me`, { headers: { cookie } });
    record("server", "GET /api/me (signed in) throughput", me.rps, "req/s");
    record("server", "GET /api/me (signed in) latency p99", me.p99, "ms");

    const signIns: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await post(`${server.url}/api/auth/sign-in/email`, { email: "bench@example.com", password: "bench-pass" });
      signIns.push(performance.now() - start);
    }
    record("server", "sign-in latency p50", percentile(signIns, 50), "ms", "password hashing included");
    record("server", "sign-in latency p99", percentile(signIns, 99), "ms");

    const page = await load(`${server.url}/welcome`);
    record("server", "GET /welcome (HTML) throughput", page.rps, "req/s");
    record("server", "memory after load", rssMb(pid), "MB RSS");
    await stopGracefully(server);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
