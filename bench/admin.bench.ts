import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { createLogger } from "../src/server/lib/logger";
import { seed } from "../src/server/seed";
import { createServices } from "../src/server/services";
import { TestClient } from "../tests/factories/test-client";
import { onFreshPostgres, percentile, record } from "./lib";

const ROWS = 100_000;
const ADMIN = { email: "admin@example.com", password: "bench-admin-pass" };

/** 100,000 members (half of them signed in once) and 100,000 cases spread over them, in SQL. */
async function fill(database: Database) {
  await database.db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench-' || g, 'Member ' || g, 'member' || g || '@bench.example', true, 'user',
      now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`
    insert into user_profiles (id, first_name, last_name, preferences, last_sign_in_at)
    select 'bench-' || g,
      (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken'])[1 + g % 8],
      (array['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Allen','Thompson'])[1 + (g / 8) % 8] || g,
      '{"emailNotifications":true,"pushNotifications":false,"marketingEmails":false}'::jsonb,
      case when g % 2 = 0 then now() - (g || ' seconds')::interval end
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`
    insert into cases (user_id, title, description, status, complexity, created_at, updated_at)
    select 'bench-' || (1 + (g * 7919) % ${ROWS}),
      (array['Security deposit kept','Unpaid wages','Will for my family','LLC for a bakery','Noisy neighbour'])[1 + g % 5] || ' #' || g,
      'Case number ' || g || ' about a question a member asked.',
      (array['active','active','referred','archived'])[1 + g % 4],
      (array['simple','moderate','complex'])[1 + g % 3],
      now() - (g || ' minutes')::interval, now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`analyze`);
}

/** p50 and p95 of one request, repeated. */
async function time(client: TestClient, url: string, runs = 40): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    const response = await client.get(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 3) times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function benchOn(engine: string, database: Database, dataDir: string, databaseUrl?: string) {
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const services = createServices(config, database, createLogger("silent"));
  await seed(services);
  const started = performance.now();
  await fill(database);
  record(
    `admin (${engine})`,
    `fill ${ROWS.toLocaleString("en-US")} users and cases`,
    performance.now() - started,
    "ms",
  );
  const app = createApp(services);
  const client = new TestClient(app);
  const signedIn = await client.signIn(ADMIN.email, ADMIN.password);
  if (!signedIn.ok) throw new Error(`admin sign-in failed: ${signedIn.status}`);

  const figures: Array<[string, string]> = [
    ["users: first page", "/api/admin/users"],
    ["users: search by name", "/api/admin/users?q=grace%20hopper"],
    ["users: search by e-mail, rare", "/api/admin/users?q=member99991"],
    ["users: premium filter", "/api/admin/users?filter=premium"],
    ["users: active filter, page 40", "/api/admin/users?filter=active&page=40"],
    ["cases: first page", "/api/admin/cases"],
    ["cases: search by title", "/api/admin/cases?q=deposit"],
    ["cases: search, rare", "/api/admin/cases?q=%2399991"],
    ["cases: status + complexity", "/api/admin/cases?status=referred&complexity=complex"],
    ["cases: search by member name", "/api/admin/cases?q=ada%20lovelace7"],
  ];
  for (const [name, url] of figures) {
    const { p50, p95 } = await time(client, url);
    record(`admin (${engine})`, `${name} p50`, p50, "ms");
    record(`admin (${engine})`, `${name} p95`, p95, "ms", "page of 25, target ≤ 50 ms");
  }
  services.mailer.close();
}

/** Admin user and case search with 100,000 of each, on the embedded engine and on PostgreSQL. */
export async function benchAdmin() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-admin-"));
  try {
    const embedded = await openDatabase({ pgliteDir: path.join(dataDir, "pgdata") });
    try {
      await benchOn("embedded", embedded, dataDir);
    } finally {
      await embedded.close();
    }
    const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const ran = await onFreshPostgres(serverUrl, `lawguide_bench_admin_${process.pid}`, async (url) => {
      const server = await openDatabase({ databaseUrl: url, poolSize: 5 });
      try {
        await benchOn("PostgreSQL", server, dataDir, url);
      } finally {
        await server.close();
      }
    });
    if (!ran) record("admin (PostgreSQL)", "skipped", 0, "", `no server at ${new URL(serverUrl).host}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
