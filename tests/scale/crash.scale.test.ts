import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, SERVER_OUT } from "../../scripts/server-build.mjs";
import {
  call,
  freePort,
  killHard,
  type RunningServer,
  signInOverHttp,
  startServer,
  stopGracefully,
} from "../factories/server-process";
import { readEvents } from "../factories/sse";
import { openTestDatabase } from "../factories/test-db";
import { waitUntil } from "../factories/wait";
import { type FakeProviderServer, startFakeOpenAI } from "../fakes/ai-fakes";

/**
 * kill -9 in the middle of writes, 20 times on each engine (the embedded one always, PostgreSQL
 * with DATABASE_URL): members create cases and send messages while the compiled server is killed
 * at a random moment; it restarts on the same data every time, and every write it confirmed (a
 * case answered 201, a message whose `message` event arrived, an answer whose `done` event
 * arrived) is there after the restart.
 */

const ROUNDS = 20;
const MEMBERS = 6;
/** Messages sent in a case before the writer opens the next one (the Free plan allows 10). */
const MESSAGES_PER_CASE = 3;
const ADMIN = { email: "admin@example.com", password: "crash-admin-password" };

interface Member {
  email: string;
  cookie: string;
}

/** A write the server confirmed: a case, or a message in one. */
interface Confirmed {
  kind: "case" | "message" | "answer";
  id: string;
  caseId: string;
  member: Member;
  round: number;
}

/** An answer the server gave while it was running that no healthy server gives. */
interface Unexpected {
  round: number;
  what: string;
  status: number;
  body: string;
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One member writing until `killed()`: a case, then messages in it read to the end of their
 * answer, then the next case. Stops at the first request the dying server does not answer.
 */
async function writer(
  base: string,
  member: Member,
  round: number,
  killed: () => boolean,
  confirmed: Confirmed[],
  unexpected: Unexpected[],
) {
  const note = (kind: Confirmed["kind"], id: string, caseId: string) =>
    confirmed.push({ kind, id, caseId, member, round });
  try {
    for (let n = 0; !killed(); n++) {
      const created = await call(base, "/api/cases", member.cookie, { title: `Round ${round} case ${n}` });
      if (created.status !== 201) {
        unexpected.push({ round, what: "POST /api/cases", status: created.status, body: await created.text() });
        return;
      }
      const caseId = ((await created.json()) as { case: { id: string } }).case.id;
      note("case", caseId, caseId);
      for (let m = 0; m < MESSAGES_PER_CASE && !killed(); m++) {
        const sent = await call(base, `/api/cases/${caseId}/messages`, member.cookie, {
          content: `Round ${round}, question ${m}: my landlord kept the deposit. What are my options?`,
        });
        if (sent.status !== 200) {
          unexpected.push({ round, what: "POST messages", status: sent.status, body: await sent.text() });
          return;
        }
        let done = false;
        await readEvents(sent, (event) => {
          if (event.event === "message") note("message", event.data.message.id, caseId);
          if (event.event === "done") {
            note("answer", event.data.message.id, caseId);
            if (event.data.followUp) note("answer", event.data.followUp.id, caseId);
            done = true;
          }
          if (event.event === "error")
            unexpected.push({ round, what: "stream", status: 200, body: event.data.message });
        });
        // The stream was cut: the server is gone.
        if (!done) return;
      }
    }
  } catch {
    // The connection was refused or reset: the server was killed.
  }
}

/** Every confirmed write that the server at `base` does not show its member. */
async function missingOverHttp(base: string, writes: Confirmed[]): Promise<string[]> {
  const missing: string[] = [];
  const byCase = new Map<string, Confirmed[]>();
  for (const write of writes) byCase.set(write.caseId, [...(byCase.get(write.caseId) ?? []), write]);
  for (const [caseId, inCase] of byCase) {
    const { member } = inCase[0] as Confirmed;
    const detail = await call(base, `/api/cases/${caseId}`, member.cookie);
    if (detail.status !== 200) {
      missing.push(`case ${caseId} of ${member.email} (round ${inCase[0]?.round}): GET answered ${detail.status}`);
      continue;
    }
    await detail.arrayBuffer();
    const messages = inCase.filter((w) => w.kind !== "case");
    if (messages.length === 0) continue;
    const page = await call(base, `/api/cases/${caseId}/messages?limit=100`, member.cookie);
    const { items } = (await page.json()) as { items: Array<{ id: string }> };
    const shown = new Set(items.map((m) => m.id));
    for (const m of messages)
      if (!shown.has(m.id)) missing.push(`${m.kind} ${m.id} in case ${caseId} of ${member.email} (round ${m.round})`);
  }
  return missing;
}

/** Every confirmed write that is not in the PostgreSQL database at `url`. */
async function missingInPostgres(url: string, writes: Confirmed[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cases = writes.filter((w) => w.kind === "case").map((w) => w.id);
    const messages = writes.filter((w) => w.kind !== "case").map((w) => w.id);
    const found = new Set<string>();
    for (const { rows } of [
      await client.query<{ id: string }>("select id from cases where id = any($1::uuid[])", [cases]),
      await client.query<{ id: string }>("select id from case_messages where id = any($1::uuid[])", [messages]),
    ])
      for (const row of rows) found.add(row.id);
    return writes.filter((w) => !found.has(w.id)).map((w) => `${w.kind} ${w.id} (round ${w.round})`);
  } finally {
    await client.end();
  }
}

/**
 * Start the compiled server with `env` (on data that outlives it), then 20 rounds of writes ended
 * by kill -9 and a restart. `postgresUrl` adds a look straight into the database.
 */
async function killDuringWrites(env: Record<string, string>, postgresUrl?: string) {
  const port = await freePort();
  const serverEnv = {
    ...env,
    PORT: String(port),
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    SIGNUP_LIMIT_PER_HOUR: "100000",
    OPENAI_API_KEY: "sk-crash-openai",
    OPENAI_BASE_URL: openai.url,
    LOG_LEVEL: "warn",
  };
  const compiled = { compiled: path.join(SERVER_OUT, "main.js") };
  let server: RunningServer = await startServer(serverEnv, compiled);
  const base = server.url;
  try {
    // The limits on AI calls per member are not what is tested: out of the way.
    const admin = await signInOverHttp(base, ADMIN);
    const patch = await fetch(`${base}/api/admin/settings`, {
      method: "PATCH",
      headers: { origin: base, cookie: admin, "content-type": "application/json" },
      body: JSON.stringify({ ai: { aiCallsPerMinute: 600, freeDailyTokenCap: 10_000_000 } }),
    });
    expect(patch.status, await patch.text()).toBe(200);
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const email = `writer${i}-${Date.now()}@example.com`;
      members.push({ email, cookie: await signInOverHttp(base, { email, password: "writer-pass-1", firstName: "W" }) });
    }

    const all: Confirmed[] = [];
    const perRound: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const confirmed: Confirmed[] = [];
      const unexpected: Unexpected[] = [];
      let killed = false;
      const writers = members.map((m) => writer(base, m, round, () => killed, confirmed, unexpected));
      // A random moment 150–1,200 ms in (anywhere from a case being created to an answer being
      // stored), once at least one write has been confirmed.
      const killAfter = 150 + Math.floor(Math.random() * 1_050);
      await sleep(killAfter);
      await waitUntil(() => confirmed.length > 0 || unexpected.length > 0, {
        what: `a confirmed write in round ${round}`,
        timeout: 30_000,
      });
      killed = true;
      await killHard(server);
      await Promise.all(writers);
      expect(unexpected, `round ${round}: answers refused while the server ran`).toEqual([]);
      expect(confirmed.length, `round ${round}: writes confirmed before kill -9 at ${killAfter} ms`).toBeGreaterThan(0);

      server = await startServer(serverEnv, compiled);
      const health = await fetch(`${base}/api/health`);
      expect(health.status, `round ${round}: health after the restart`).toBe(200);
      await health.arrayBuffer();
      all.push(...confirmed);
      perRound.push(confirmed.length);
      const missing = await missingOverHttp(base, confirmed);
      expect(missing, `round ${round}: confirmed writes missing after kill -9 at ${killAfter} ms`).toEqual([]);
      if (postgresUrl) expect(await missingInPostgres(postgresUrl, all), `round ${round}: in PostgreSQL`).toEqual([]);
    }

    // After the last restart, every write of every round is still there.
    expect(await missingOverHttp(base, all), "confirmed writes missing at the end").toEqual([]);
    const total = (kind: Confirmed["kind"]) => all.filter((w) => w.kind === kind).length;
    console.log(
      `kill -9 × ${ROUNDS} (${postgresUrl ? "PostgreSQL" : "embedded"}): ${all.length} confirmed writes, all kept ` +
        `(${total("case")} cases, ${total("message")} messages, ${total("answer")} answers; per round ${perRound.join(" ")})`,
    );
  } finally {
    if (server.process.exitCode === null && server.process.signalCode === null) await stopGracefully(server);
  }
}

describe("kill -9 during writes, 20 times on each engine: every confirmed write is there after the restart", () => {
  it("on the embedded engine", { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-crash-"));
    dirs.push(dataDir);
    // DATABASE_URL, when the suite has one, is not this engine's.
    await killDuringWrites({ DATA_DIR: dataDir, DATABASE_URL: "" });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL", { timeout: 300_000 }, async () => {
    const test = await openTestDatabase();
    const url = test.url as string;
    try {
      await killDuringWrites({ DATABASE_URL: url, AUTH_SECRET: "a-secret-every-restart-of-this-test-shares" }, url);
    } finally {
      await test.drop();
    }
  });
});
