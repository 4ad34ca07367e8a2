import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { DEFAULT_ADMIN } from "../src/server/config";
import { call, ROOT, signInOverHttp } from "../tests/factories/server-process";

export interface Figure {
  group: string;
  name: string;
  value: number;
  unit: string;
  note?: string;
}

export const figures: Figure[] = [];

export function record(group: string, name: string, value: number, unit: string, note?: string) {
  figures.push({ group, name, value: Math.round(value * 100) / 100, unit, ...(note ? { note } : {}) });
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Load a URL with autocannon; returns requests per second and latency percentiles (ms). */
export async function load(
  url: string,
  options: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
) {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.duration ?? 5,
    headers: options.headers ?? {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Run one statement on the PostgreSQL server at `serverUrl`, on a connection of its own. */
async function onPostgresServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Run `measure` on a fresh database `name` of the PostgreSQL server at `serverUrl`, created for it
 * and dropped after. Answers false, without running it, when no server takes the database there.
 */
export async function onFreshPostgres(
  serverUrl: string,
  name: string,
  measure: (databaseUrl: string) => Promise<void>,
): Promise<boolean> {
  try {
    await onPostgresServer(serverUrl, `create database "${name}"`);
  } catch {
    return false;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await measure(url.toString());
  } finally {
    await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  return true;
}

/** What a server started for a benchmark needs to run on the PostgreSQL database at `databaseUrl`. */
export function postgresServerEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    ADMIN_PASSWORD: "admin-password",
    // Its members take Premium through the demo checkout.
    DEMO_CHECKOUT: "true",
  };
}

/** Resident memory of a process (Linux), in MB. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

export function printAndSave() {
  const width = Math.max(...figures.map((f) => `${f.group} · ${f.name}`.length)) + 2;
  console.log("");
  console.log(`${"figure".padEnd(width)}${"value".padStart(12)}  unit`);
  console.log("-".repeat(width + 24));
  for (const f of figures) {
    console.log(
      `${`${f.group} · ${f.name}`.padEnd(width)}${String(f.value).padStart(12)}  ${f.unit}${f.note ? `  (${f.note})` : ""}`,
    );
  }
  const file = path.resolve(import.meta.dirname, "results.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, figures }, null, 2));
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

/**
 * Send `body` to `url` and time the response: `first` is the milliseconds until the first chunk
 * containing `marker`, `end` until the response has ended (the stream read to its close).
 */
export function streamTimes(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  marker: string,
): Promise<{ first: number; end: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let seen = "";
        let first = Number.NaN;
        res.on("data", (chunk: Buffer) => {
          if (!Number.isNaN(first)) return;
          seen += chunk.toString("utf8");
          if (seen.includes(marker)) first = performance.now() - started;
        });
        res.on("end", () => {
          if (Number.isNaN(first)) reject(new Error(`no ${marker} in ${url}: ${seen.slice(0, 300)}`));
          else resolve({ first, end: performance.now() - started });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Run `task` for 0..count-1, `concurrency` at a time; the results in order. */
export async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/**
 * The fake OpenAI and Anthropic servers in a process of their own (bench/fake-providers.ts), as a
 * real provider is: what they do is not slowed by the clients this process runs, nor theirs.
 */
export function startFakeProviders(): Promise<{ child: ChildProcess; openai: string; anthropic: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/fake-providers.ts"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the fake providers exited (${code})`)));
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve({ child, ...JSON.parse(line) });
    });
  });
}

/** Set the fakes' pace over HTTP: every answer streams a word per `tokenDelayMs`; `text` instead of their own short answer. */
export async function setTokenDelay(baseURL: string, tokenDelayMs: number, text?: string) {
  const response = await fetch(`${new URL(baseURL).origin}/__control/mode`, {
    method: "POST",
    body: JSON.stringify({ kind: "ok", tokenDelayMs, ...(text === undefined ? {} : { text }) }),
  });
  if (response.status !== 204) throw new Error(`fake mode not set: ${response.status}`);
}

/**
 * A signed-in member's request at `base`: a GET, or with `body` a POST of it as JSON. The answer's
 * JSON, or an error naming the route and the status.
 */
export async function api<T>(base: string, cookie: string, route: string, body?: unknown): Promise<T> {
  const response = await call(base, route, cookie, body);
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new member at `base` who takes Premium through the demo checkout; their cookie. */
export async function premiumMember(base: string, email: string): Promise<string> {
  const cookie = await signInOverHttp(base, { email, password: "bench-password", firstName: "Bench" });
  const checkout = await api<{ url: string }>(base, cookie, "/api/billing/checkout", { planId: "premium" });
  const sessionId = checkout.url.split("/").pop() ?? "";
  await api(base, cookie, `/api/billing/demo/${sessionId}/pay`, {
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/39",
    cvc: "123",
  });
  return cookie;
}

/**
 * As the administrator, raise the AI limits to their highest settings (600 calls a minute, ten
 * million tokens a day for Premium): a bench asks hundreds of questions a minute as one member.
 */
export async function raiseAiLimits(base: string): Promise<void> {
  const admin = await signInOverHttp(base, DEFAULT_ADMIN);
  const limits = { aiCallsPerMinute: 600, premiumDailyTokenCap: 10_000_000 };
  const raised = await call(base, "/api/admin/settings/ai", admin, limits, "PUT");
  if (!raised.ok) throw new Error(`AI limits not raised: ${raised.status}`);
}
