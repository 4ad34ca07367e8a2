import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inParallel, percentile } from "../../bench/lib";
import { buildServer, SERVER_OUT } from "../../scripts/server-build.mjs";
import {
  call,
  ROOT,
  type RunningServer,
  signInOverHttp,
  startServer,
  stopGracefully,
} from "../factories/server-process";
import { type ParsedEvent, readEvents } from "../factories/sse";
import { openTestDatabase } from "../factories/test-db";
import { waitUntil } from "../factories/wait";
import { type FakeProviderServer, startFakeOpenAI } from "../fakes/ai-fakes";

/**
 * The compiled server under load, on the embedded engine and, with DATABASE_URL, on PostgreSQL:
 * 50 connections for 30 s on a member's case list, and 50 members sending messages for 30 s (the
 * answers from a fake OpenAI), with not one error or refusal. The figures (p50/p99, throughput)
 * are reported, one line per scenario and in test-results/load.json, and never asserted.
 */

const CONNECTIONS = 50;
const SECONDS = 30;
/** Cases the listing member has (the list answers the first page). */
const SEEDED_CASES = 36;
/** Messages a member sends in a case before opening the next (the Free plan allows 10 a case). */
const MESSAGES_PER_CASE = 8;
const ADMIN = { email: "admin@example.com", password: "load-admin-password" };
const REPORT = path.join(ROOT, "test-results", "load.json");

interface Figures {
  engine: string;
  scenario: string;
  connections: number;
  seconds: number;
  /** Requests (list) or messages answered to their `done` event. */
  completed: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
  unit: "req/s" | "messages/s";
}

const figures: Figures[] = [];
let openai: FakeProviderServer;
const dirs: string[] = [];

beforeAll(async () => {
  await buildServer();
  openai = await startFakeOpenAI();
}, 300_000);

afterAll(async () => {
  await openai?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Keep the figures: one line printed, and every scenario so far in test-results/load.json. */
function report(f: Figures) {
  const tenth = (n: number) => Math.round(n * 10) / 10;
  figures.push({ ...f, p50Ms: tenth(f.p50Ms), p99Ms: tenth(f.p99Ms), perSecond: tenth(f.perSecond) });
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(
    REPORT,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: availableParallelism(), figures }, null, 2)}\n`,
  );
  console.log(
    `load · ${f.engine} · ${f.scenario}: ${f.perSecond.toFixed(1)} ${f.unit}, p50 ${f.p50Ms.toFixed(1)} ms, ` +
      `p99 ${f.p99Ms.toFixed(1)} ms, ${f.errors} errors (${f.completed} in ${f.seconds} s, ${f.connections} connections)`,
  );
}

async function newCase(base: string, cookie: string, title: string): Promise<string> {
  const created = await call(base, "/api/cases", cookie, { title });
  if (created.status !== 201) throw new Error(`POST /api/cases answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { case: { id: string } }).case.id;
}

/** 50 connections for 30 s on `GET /api/cases` as a member with a few dozen cases. */
async function casesList(engine: string, base: string) {
  const cookie = await signInOverHttp(base, { email: "lister@example.com", password: "lister-pass-1", firstName: "L" });
  await inParallel(SEEDED_CASES, 4, (i) => newCase(base, cookie, `Seeded case ${i}`));
  const result = await autocannon({
    url: `${base}/api/cases`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  report({
    engine,
    scenario: "GET /api/cases",
    connections: CONNECTIONS,
    seconds: SECONDS,
    completed: result.requests.total,
    errors,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    perSecond: result.requests.average,
    unit: "req/s",
  });
  expect(result.requests.total, "requests answered").toBeGreaterThan(0);
  expect(
    { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx },
    JSON.stringify(result.statusCodeStats),
  ).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
}

/**
 * 50 members each sending messages one after another for 30 s, each stream read to its end; a
 * new case every few messages. Every stream must end with `done` and an answer from the provider.
 */
async function sendingMessages(engine: string, base: string) {
  const members = await inParallel(CONNECTIONS, 5, (i) =>
    signInOverHttp(base, { email: `sender${i}@example.com`, password: "sender-pass-1", firstName: "S" }),
  );
  const times: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const member = async (cookie: string, m: number) => {
    let caseId = "";
    for (let n = 0; performance.now() < until; n++) {
      try {
        if (n % MESSAGES_PER_CASE === 0) caseId = await newCase(base, cookie, `Member ${m} case ${n}`);
        const t0 = performance.now();
        const sent = await call(base, `/api/cases/${caseId}/messages`, cookie, {
          content: `Question ${n}: my landlord has kept my deposit for two months. What can I do?`,
        });
        if (sent.status !== 200) {
          failures.push(`member ${m} message ${n}: ${sent.status} ${await sent.text()}`);
          continue;
        }
        const events: ParsedEvent[] = [];
        await readEvents(sent, (event) => {
          events.push(event);
          if (event.event === "done") times.push(performance.now() - t0);
        });
        const last = events.at(-1);
        const answer = last?.data?.message as { aiProvider?: string; kind?: string } | undefined;
        if (last?.event !== "done" || answer?.aiProvider !== "openai" || answer.kind === "apology")
          failures.push(`member ${m} message ${n}: the stream ended with ${JSON.stringify(last)}`);
      } catch (error) {
        failures.push(`member ${m} message ${n}: ${String(error)}`);
      }
    }
  };
  await Promise.all(members.map(member));
  const elapsed = (performance.now() - started) / 1000;
  report({
    engine,
    scenario: "POST /api/cases/:id/messages to done",
    connections: CONNECTIONS,
    seconds: SECONDS,
    completed: times.length,
    errors: failures.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    perSecond: times.length / elapsed,
    unit: "messages/s",
  });
  expect(failures.slice(0, 10), `${failures.length} messages failed`).toEqual([]);
  expect(times.length, "messages answered").toBeGreaterThan(0);
}

/** Start the compiled server with `env`, put the AI limits out of the way, and run both scenarios. */
async function underLoad(engine: string, env: Record<string, string>) {
  const server: RunningServer = await startServer(
    {
      ...env,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      SIGNUP_LIMIT_PER_HOUR: "100000",
      OPENAI_API_KEY: "sk-load-openai",
      OPENAI_BASE_URL: openai.url,
      LOG_LEVEL: "warn",
    },
    { compiled: path.join(SERVER_OUT, "main.js") },
  );
  const base = server.url;
  try {
    // A member may start 20 AI calls a minute and spend 10,000 tokens a day by default: what is
    // measured here is the server, so the limits go up to where only a fault would refuse.
    const admin = await signInOverHttp(base, ADMIN);
    const ai = { aiCallsPerMinute: 600, freeDailyTokenCap: 10_000_000 };
    const patched = await call(base, "/api/admin/settings", admin, { ai }, "PATCH");
    expect(patched.status, await patched.text()).toBe(200);
    await waitUntil(
      async () => {
        const now = await call(base, "/api/admin/settings", admin);
        return ((await now.json()) as { settings: { ai: typeof ai } }).settings.ai.aiCallsPerMinute === 600;
      },
      { what: "the AI limits in force", timeout: 5_000, interval: 100 },
    );
    await casesList(engine, base);
    await sendingMessages(engine, base);
  } finally {
    await stopGracefully(server);
  }
}

describe("load: 50 connections for 30 s on the cases list and on sending messages (fake provider): 0 errors, p50/p99 reported", () => {
  it("on the embedded engine", { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-load-"));
    dirs.push(dataDir);
    // DATABASE_URL, when the suite has one, is not this engine's.
    await underLoad("embedded", { DATA_DIR: dataDir, DATABASE_URL: "" });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL", { timeout: 240_000 }, async () => {
    const test = await openTestDatabase();
    try {
      await underLoad("PostgreSQL", {
        DATABASE_URL: test.url as string,
        AUTH_SECRET: "a-secret-for-the-load-test-process-only",
      });
    } finally {
      await test.drop();
    }
  });
});
