import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT } from "../factories/people";
import { leakedSecrets } from "../factories/secrets";
import { cookieOf } from "../factories/server-process";
import { parseSse } from "../factories/sse";
import { waitUntil } from "../factories/wait";
import { type FakeProviderServer, startFakeOpenAI } from "../fakes/ai-fakes";
import { type Cluster, SCALE_ADMIN, SCALE_AUTH_SECRET, startCluster, upstreamPort } from "./behind-nginx";

/**
 * LawGuide as it is deployed on more than one machine: two processes on one PostgreSQL database,
 * nginx in front of them (round robin, no stickiness, deploy/lawguide-proxy.conf). Everything a
 * member or an administrator does must hold whichever process answers.
 */
const AUTH_PER_MINUTE = 20;
const OPENAI_KEY = "sk-scale-openai-key-0123456789";
const PASSWORD = "scale-pass-123";
/** Every session cookie handed out, to look for in the logs at the end. */
const cookies: string[] = [];
let cluster: Cluster;
let openai: FakeProviderServer;

const publicUrl = () => cluster.nginx.url;
const [first, second] = [() => cluster.processes[0]?.url as string, () => cluster.processes[1]?.url as string];
let counter = 0;
const uniqueEmail = (what: string) => `${what}-${Date.now()}-${++counter}@example.com`;

/**
 * A request to `base` (nginx, or one process directly, as if from another machine behind the
 * same proxy) as a browser on the public address sends it.
 */
function request(
  base: string,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string; forwardedFor?: string } = {},
) {
  const headers: Record<string, string> = { origin: publicUrl() };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (init.forwardedFor) headers["x-forwarded-for"] = init.forwardedFor;
  return fetch(`${base}${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function signUp(base = publicUrl()) {
  const account = { email: uniqueEmail("member"), password: PASSWORD, firstName: "Rae" };
  const response = await request(base, "/api/auth/sign-up/email", { json: { ...account, ...CONSENT } });
  expect(response.status, await response.clone().text()).toBe(200);
  cookies.push(cookieOf(response));
  return { ...account, cookie: cookieOf(response) };
}

async function signInAdmin(base: string) {
  const response = await request(base, "/api/auth/sign-in/email", { json: SCALE_ADMIN });
  expect(response.status, await response.clone().text()).toBe(200);
  cookies.push(cookieOf(response));
  return cookieOf(response);
}

async function emailOfSession(base: string, cookie: string) {
  const response = await request(base, "/api/auth/get-session", { cookie });
  return {
    port: upstreamPort(response),
    email: ((await response.json()) as { user?: { email: string } })?.user?.email,
  };
}

describe.runIf(Boolean(process.env.DATABASE_URL))("two LawGuide processes behind nginx on one PostgreSQL", () => {
  beforeAll(async () => {
    openai = await startFakeOpenAI();
    cluster = await startCluster(2, {
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: openai.url,
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_PER_MINUTE),
      SIGNUP_LIMIT_PER_HOUR: "1000",
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await openai?.close();
  });

  it("sends requests to both processes in turn, and a session made on one is honoured by the other", async () => {
    const member = await signUp(first());
    expect((await emailOfSession(second(), member.cookie)).email).toBe(member.email);

    const answered = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const { port, email } = await emailOfSession(publicUrl(), member.cookie);
      expect(email).toBe(member.email);
      answered.add(port);
    }
    expect([...answered].sort()).toEqual(cluster.processes.map((p) => p.port).sort());

    // Signing out through one process ends the session on the other at once.
    expect((await request(second(), "/api/auth/sign-out", { json: {}, cookie: member.cookie })).status).toBe(200);
    expect((await emailOfSession(first(), member.cookie)).email).toBeUndefined();
  });

  it("counts wrong passwords across both processes: the lockout holds on each", async () => {
    const member = await signUp();
    const ports = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const wrong = await request(publicUrl(), "/api/auth/sign-in/email", {
        json: { email: member.email, password: "not-the-password" },
      });
      expect(wrong.status).toBe(401);
      ports.add(upstreamPort(wrong));
    }
    expect(ports.size).toBe(2);
    // nginx tells both processes the same client address; straight to either, it is refused too.
    for (const base of [publicUrl(), first(), second()]) {
      const right = await request(base, "/api/auth/sign-in/email", {
        json: { email: member.email, password: member.password },
      });
      expect(right.status).toBe(429);
      expect(right.headers.get("retry-after")).toBeTruthy();
    }
  });

  it("checks at most maxLoginAttempts of 25 wrong passwords sent at once to both processes", async () => {
    const member = await signUp();
    // An address of its own, as the proxy writes it, half the requests to each process.
    const address = "198.51.100.41";
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        request(i % 2 === 0 ? first() : second(), "/api/auth/sign-in/email", {
          json: { email: member.email, password: `not-the-password-${i}` },
          forwardedFor: address,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The settings' maxLoginAttempts (5): every other request was refused before its password was checked.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    const right = await request(first(), "/api/auth/sign-in/email", {
      json: { email: member.email, password: member.password },
      forwardedFor: address,
    });
    expect(right.status).toBe(429);
  });

  it("counts sign-in attempts per address per minute across both processes", async () => {
    // An address of its own, written as the proxy would, so the other tests' attempts do not count.
    const address = "198.51.100.23";
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_PER_MINUTE; i++) {
      const response = await request(i % 2 === 0 ? first() : second(), "/api/auth/sign-in/email", {
        json: { email: uniqueEmail("nobody"), password: "guess-guess" },
        forwardedFor: address,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, AUTH_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Through nginx the address it appends is the one counted, not one the client wrote.
    const spoofed = await request(publicUrl(), "/api/auth/sign-in/email", {
      json: { email: uniqueEmail("nobody"), password: "guess-guess" },
      forwardedFor: "203.0.113.9",
    });
    expect(spoofed.status).toBe(401);
  });

  it("puts an administrator's setting changed through one process in force on the other within a second", async () => {
    const member = await signUp();
    const admin = await signInAdmin(first());
    expect((await request(second(), "/api/cases", { cookie: member.cookie })).status).toBe(200);

    const changed = await request(first(), "/api/admin/settings/general", {
      method: "PUT",
      json: { maintenanceMode: true },
      cookie: admin,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const t0 = performance.now();
    await waitUntil(async () => (await request(second(), "/api/cases", { cookie: member.cookie })).status === 503, {
      what: "maintenance mode on the other process",
      timeout: 5_000,
      interval: 25,
    });
    const tookMs = performance.now() - t0;
    // Each process keeps the settings for 1 s; the poll and a request add a few milliseconds.
    expect(tookMs).toBeLessThan(1_250);

    const off = await request(second(), "/api/admin/settings/general", {
      method: "PUT",
      json: { maintenanceMode: false },
      cookie: admin,
    });
    expect(off.status).toBe(200);
    await waitUntil(async () => (await request(first(), "/api/cases", { cookie: member.cookie })).status === 200, {
      what: "maintenance mode off on the first process",
      timeout: 5_000,
      interval: 25,
    });
  });

  it("streams an answer through nginx as it is written, and Stop sent to the other process ends it", async () => {
    openai.setMode({ kind: "ok", tokenDelayMs: 60, text: Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ") });
    try {
      const member = await signUp();
      const created = await request(publicUrl(), "/api/cases", {
        json: { title: "Deposit kept" },
        cookie: member.cookie,
      });
      expect(created.status).toBe(201);
      const caseId = ((await created.json()) as { case: { id: string } }).case.id;

      const sent = await request(publicUrl(), `/api/cases/${caseId}/messages`, {
        json: { content: "My landlord kept my deposit. What can I do?" },
        cookie: member.cookie,
      });
      expect(sent.status).toBe(200);
      expect(sent.headers.get("content-type")).toContain("text/event-stream");
      const writer = upstreamPort(sent);
      const other = cluster.processes.find((p) => p.port !== writer);
      if (!other || !sent.body) throw new Error("no other process, or no stream");

      // Pieces arrive while the provider is still writing: nginx does not hold them back.
      const reader = sent.body.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const deltaSeen = async () => {
        while (!parseSse(text).some((e) => e.event === "delta")) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before any text:\n${text}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      await deltaSeen();
      const firstDeltas = parseSse(text).filter((e) => e.event === "delta").length;
      expect(firstDeltas).toBeLessThan(50);

      const stop = await request(other.url, `/api/cases/${caseId}/stop`, { json: {}, cookie: member.cookie });
      expect(stop.status).toBe(200);
      const t0 = performance.now();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const endedMs = performance.now() - t0;
      const events = parseSse(text);
      const stopped = events.find((e) => e.event === "stopped");
      expect(stopped?.data.message).toMatchObject({ state: "stopped" });
      // The writer looks for a Stop pressed elsewhere every 400 ms; the whole answer would take 24 s.
      expect(endedMs).toBeLessThan(2_000);

      const history = await request(other.url, `/api/cases/${caseId}/messages`, { cookie: member.cookie });
      const { items } = (await history.json()) as { items: Array<{ isUser: boolean; state: string }> };
      expect(items.map((m) => [m.isUser, m.state])).toEqual([
        [true, "complete"],
        [false, "stopped"],
      ]);
    } finally {
      openai.reset();
    }
  });

  it("keeps serving when one process is killed with kill -9 mid-traffic, and loses no confirmed write", {
    timeout: 120_000,
  }, async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => signUp()));
    const victim = cluster.processes[0];
    if (!victim) throw new Error("no process");
    const confirmed: string[] = [];
    const failures: Array<{ status: number; at: number; method: string }> = [];
    const reads: number[] = [];
    const start = performance.now();
    const killAt = 1_500;
    const runFor = 6_000;
    let killedAt = Number.POSITIVE_INFINITY;

    const loop = async (member: (typeof writers)[number], w: number) => {
      for (let n = 0; performance.now() - start < runFor; n++) {
        const at = performance.now();
        const response = await request(publicUrl(), "/api/cases", {
          json: { title: `Writer ${w} case ${n}` },
          cookie: member.cookie,
        }).catch(() => null);
        if (response?.status === 201) confirmed.push(((await response.json()) as { case: { id: string } }).case.id);
        else failures.push({ status: response?.status ?? 0, at, method: "POST" });
        const list = await request(publicUrl(), "/api/cases?limit=5", { cookie: member.cookie }).catch(() => null);
        await list?.arrayBuffer();
        reads.push(list?.status ?? 0);
        if (list?.status !== 200) failures.push({ status: list?.status ?? 0, at, method: "GET" });
      }
    };
    const killer = (async () => {
      await new Promise((r) => setTimeout(r, killAt));
      victim.process.kill("SIGKILL");
      killedAt = performance.now();
      await victim.exited;
    })();
    await Promise.all([...writers.map(loop), killer]);

    // Only a write that was on its way into the killed process when it died may fail (502: nginx
    // does not send a POST twice); reads are tried again on the other process; and once nginx has
    // seen the process go, nothing fails.
    expect(failures.filter((f) => f.method === "GET")).toEqual([]);
    for (const f of failures) {
      expect(f.status).toBe(502);
      expect(f.at).toBeLessThan(killedAt + 1_000);
    }
    expect(reads.length).toBeGreaterThan(20);
    expect(confirmed.length).toBeGreaterThan(20);

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>("select id from cases where id = any($1::uuid[])", [confirmed]);
      expect(rows.length).toBe(confirmed.length);
    } finally {
      await db.end();
    }
    // The survivor answers for both, through nginx.
    for (let i = 0; i < 4; i++) {
      const health = await fetch(`${publicUrl()}/api/health`);
      expect(health.status).toBe(200);
      expect(upstreamPort(health)).toBe(cluster.processes[1]?.port);
    }
  });

  it("leaves no key, password, cookie or token in either process's log", () => {
    // A cookie's value, and the session token inside it (before its signature).
    const sessionValues = cookies
      .flatMap((c) => c.split("; ").map((pair) => pair.slice(pair.indexOf("=") + 1)))
      .flatMap((value) => [value, decodeURIComponent(value).split(".")[0] ?? ""]);
    const known = [OPENAI_KEY, PASSWORD, SCALE_ADMIN.password, SCALE_AUTH_SECRET, ...sessionValues];
    for (const server of cluster.processes) expect(leakedSecrets(server.output(), known)).toEqual([]);
  });
});
