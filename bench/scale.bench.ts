import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { buildServer, SERVER_OUT } from "../scripts/server-build.mjs";
import { CONSENT } from "../tests/factories/people";
import { cookieOf, post, ROOT, startServer, stopGracefully } from "../tests/factories/server-process";
import { type Cluster, startCluster } from "../tests/scale/behind-nginx";
import { inParallel, load, percentile, record, rssMb, setTokenDelay, startFakeProviders, streamTimes } from "./lib";

const POSTGRES = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const LIMITS = { AUTH_RATE_LIMIT_PER_MINUTE: "100000", SIGNUP_LIMIT_PER_HOUR: "100000", LOG_LEVEL: "warn" };

/**
 * LawGuide against the floor and as it is deployed: the cases list beside a bare Hono JSON route
 * on the same machine; one and two processes behind nginx on PostgreSQL; two hundred answers
 * streaming at once through nginx, timed against the provider's own first word.
 */
export async function benchScale() {
  await buildServer();
  await casesListAgainstBareHono();
  const postgresAnswers = await import("pg")
    .then(async ({ default: pg }) => {
      const client = new pg.Client({ connectionString: POSTGRES });
      await client.connect();
      await client.end();
      return true;
    })
    .catch(() => false);
  if (!postgresAnswers) {
    console.log(`No PostgreSQL at ${POSTGRES}: the figures behind nginx are skipped.`);
    return;
  }
  await throughputBehindNginx();
  await streamsThroughNginx();
}

/** Only the answers streaming through nginx (`npm run bench -- streams`). */
export async function benchStreams() {
  await buildServer();
  await streamsThroughNginx();
}

/** A member with `cases` cases at `base` (directly or through nginx); their cookie. */
async function memberWithCases(base: string, email: string, cases: number): Promise<string> {
  const signedUp = await post(`${base}/api/auth/sign-up/email`, {
    email,
    password: "bench-pass-1",
    firstName: "B",
    ...CONSENT,
  });
  if (!signedUp.ok) throw new Error(`sign-up at ${base}: ${signedUp.status} ${await signedUp.text()}`);
  const cookie = cookieOf(signedUp);
  await inParallel(cases, 4, (i) => post(`${base}/api/cases`, { title: `Bench case ${i}` }, cookie));
  return cookie;
}

/** A Hono app that answers one small JSON, in a process of its own, as LawGuide runs in its own. */
async function startBareHono(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench", "bare-hono.ts")], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const [line] = await createInterface({ input: child.stdout as NodeJS.ReadableStream })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value as string]);
  return { url: `http://127.0.0.1:${Number(line)}/json`, stop: () => child.stdin?.end() };
}

async function casesListAgainstBareHono() {
  const group = "scale";
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-scale-"));
  const server = await startServer({ DATA_DIR: dataDir, ...LIMITS }, { compiled: path.join(SERVER_OUT, "main.js") });
  const bare = await startBareHono();
  try {
    const cookie = await memberWithCases(server.url, "list@example.com", 20);
    const options = { connections: 10, duration: 10, headers: { cookie } };
    await load(`${server.url}/api/cases`, { ...options, duration: 2 });
    await load(bare.url, { ...options, duration: 2 });
    // Alternate, so both meet the machine's drift alike.
    const ours: number[] = [];
    const floor: number[] = [];
    let rss = 0;
    for (let round = 0; round < 2; round++) {
      const measured = load(`${server.url}/api/cases`, options);
      await new Promise((r) => setTimeout(r, 5_000));
      rss = Math.max(rss, rssMb(server.process.pid ?? 0));
      ours.push((await measured).rps);
      floor.push((await load(bare.url, options)).rps);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    record(group, "cases list (20 cases, embedded), 10 connections", mean(ours), "req/s");
    record(group, "bare Hono JSON route, same machine, 10 connections", mean(floor), "req/s");
    record(group, "cases list ÷ bare Hono route", mean(ours) / mean(floor), "×", "target ≥ 0.33");
    record(group, "memory under the cases-list load (embedded)", rss, "MB RSS", "target ≤ 400 MB");
  } finally {
    bare.stop();
    await stopGracefully(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function throughputBehindNginx() {
  for (const count of [1, 2]) {
    const cluster = await startCluster(count, LIMITS, POSTGRES);
    try {
      const base = cluster.nginx.url;
      const cookie = await memberWithCases(base, `nginx-${count}@example.com`, 20);
      await load(`${base}/api/cases`, { connections: 50, duration: 3, headers: { cookie } });
      const result = await load(`${base}/api/cases`, { connections: 50, duration: 15, headers: { cookie } });
      const label = `${count} process${count > 1 ? "es" : ""}`;
      record("scale (nginx, PostgreSQL)", `cases list through nginx, ${label}, 50 connections`, result.rps, "req/s");
      record("scale (nginx, PostgreSQL)", `… p50 / p99, ${label}`, result.p50, "ms", `p99 ${result.p99} ms`);
      if (result.errors > 0) record("scale (nginx, PostgreSQL)", `… errors, ${label}`, result.errors, "requests");
    } finally {
      await cluster.stop();
    }
  }
}

/** Until the job queue of the database at `url` holds no job waiting or running (at most a minute). */
async function mailSent(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let waited = 0; waited < 60_000; waited += 250) {
      const { rows } = await client.query(
        "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}

/** Members asking at once; the fake provider writes about fifty words a second, as a brisk model. */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const TOKEN_DELAY_MS = 20;

/**
 * An answer of about three hundred words, as a model writes one to a member's legal question (the
 * system prompt asks for under about 350; the fakes' own is 65 words): six seconds at fifty words
 * a second.
 */
const TYPICAL_ANSWER = (() => {
  const sentences = [
    "Here is general information about your situation, not legal advice.",
    "Most states require a landlord to return a security deposit within a set number of days after the tenancy ends.",
    "The landlord may keep part of it only for unpaid rent or damage beyond normal wear and tear, and must usually list each deduction in writing.",
    "Start by collecting your lease, the move-in and move-out inspection reports, photographs, receipts and every message you exchanged.",
    "Write down the date you returned the keys and the forwarding address you gave.",
    "A short, polite demand letter that cites the deadline and asks for the balance by a specific date often settles the matter.",
    "If it does not, small claims court is designed for disputes of this size and does not require an attorney.",
    "Some states allow a tenant to recover two or three times the amount wrongfully withheld, plus court costs.",
  ];
  const paragraphs: string[] = [];
  for (let i = 0, words = 0; words < 300; i += 3) {
    const paragraph = [i, i + 1, i + 2].map((n) => sentences[n % sentences.length]).join(" ");
    paragraphs.push(paragraph);
    words += paragraph.split(" ").length;
  }
  return paragraphs.join("\n\n");
})();

async function streamsThroughNginx() {
  const group = "scale (nginx, PostgreSQL)";
  // The provider in a process of its own, as it is in life: in this one, which reads 200 streams,
  // it would answer late, and the wait would be counted as ours.
  const fakes = await startFakeProviders();
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster(
      2,
      { ...LIMITS, OPENAI_API_KEY: "sk-bench-openai", OPENAI_BASE_URL: fakes.openai },
      POSTGRES,
    );
    const base = cluster.nginx.url;
    // A member has a case for each load below (Free members' limit per case is ten messages).
    const loads = ["typical", "short"] as const;
    const members = await inParallel(STREAMS, 4, async (i) => {
      const signedUp = await post(`${base}/api/auth/sign-up/email`, {
        email: `stream-${i}@example.com`,
        password: "bench-pass-1",
        firstName: "S",
        ...CONSENT,
      });
      const cookie = cookieOf(signedUp);
      const cases: string[] = [];
      for (const load of loads) {
        const created = await post(`${base}/api/cases`, { title: `Streams ${i} ${load}` }, cookie);
        cases.push(((await created.json()) as { case: { id: string } }).case.id);
      }
      return { cookie, cases };
    });
    const viaNginx = (i: number, load: number, question: string) => {
      const member = members[i] as (typeof members)[number];
      return streamTimes(
        `${base}/api/cases/${member.cases[load]}/messages`,
        { content: question },
        { origin: base, cookie: member.cookie },
        "event: delta",
      );
    };
    const viaProvider = (question: string) =>
      streamTimes(
        `${fakes.openai}/chat/completions`,
        { model: "gpt-5-mini", stream: true, messages: [{ role: "user", content: question }] },
        { authorization: "Bearer x" },
        '"content"',
      );
    // Every member asks again as soon as an answer ends; they start spread over one answer's time,
    // and only the answers asked while all the others are open are counted. A member asks three
    // times; the questions asked per second over the round are reported beside the figures.
    const steady = async (ask: (i: number, n: number) => Promise<{ first: number; end: number }>) => {
      const firsts: number[] = [];
      const spread = (await ask(0, -1)).end / STREAMS;
      const started = performance.now();
      await Promise.all(
        members.map(async (_, i) => {
          await new Promise((r) => setTimeout(r, i * spread));
          for (let n = 0; n < 3; n++) {
            const { first } = await ask(i, n);
            if (n === 1) firsts.push(first);
          }
        }),
      );
      return { firsts, perSecond: (3 * STREAMS) / ((performance.now() - started) / 1000) };
    };
    // The welcome mails of those sign-ups go out first: their sending is not what is measured.
    await mailSent(cluster.databaseUrl);
    // Typical answers (the target's load), then the fakes' short ones: the same 200 streams, but
    // members asking five to six times as often, a storm of questions reported beside it.
    for (const [load, text] of [TYPICAL_ANSWER, undefined].entries()) {
      await setTokenDelay(fakes.openai, TOKEN_DELAY_MS, text);
      const label = load === 0 ? `${STREAMS} streams, ~300-word answers` : `${STREAMS} streams, 65-word answers`;
      if (load === 0) {
        // First, one answer at a time: the path's own cost, with nothing else running.
        const alone = { ours: [] as number[], direct: [] as number[] };
        for (let i = 0; i < 10; i++) {
          alone.ours.push((await viaNginx(i, load, `Alone ${i}`)).first);
          alone.direct.push((await viaProvider(`Alone ${i}`)).first);
        }
        record(
          group,
          "time our first word adds, one answer at a time, p50",
          percentile(alone.ours, 50) - percentile(alone.direct, 50),
          "ms",
        );
      }
      const ours = await steady((i, n) => viaNginx(i, load, `Through nginx ${i}-${n}`));
      const direct = await steady((i, n) => viaProvider(`Straight ${i}-${n}`));
      const overhead = (p: number) => percentile(ours.firsts, p) - percentile(direct.firsts, p);
      const targets = load === 0 ? ["target ≤ 10 ms", "target ≤ 50 ms"] : [];
      record(group, `${label}: questions a second`, ours.perSecond, "/s");
      record(group, `${label}: first word through nginx, p50`, percentile(ours.firsts, 50), "ms");
      record(group, `${label}: first word from the provider itself, p50`, percentile(direct.firsts, 50), "ms");
      record(group, `${label}: time our first word adds, p50`, overhead(50), "ms", targets[0]);
      record(group, `${label}: time our first word adds, p99`, overhead(99), "ms", targets[1]);
    }
  } finally {
    await cluster?.stop();
    fakes.child.kill("SIGTERM");
  }
}
