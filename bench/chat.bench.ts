import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config";
import { buildServer } from "../scripts/server-build.mjs";
import { CONSENT } from "../tests/factories/people";
import { post, signInOverHttp, startServer, stopGracefully } from "../tests/factories/server-process";
import { type FakeProviderServer, startFakeAnthropic, startFakeOpenAI } from "../tests/fakes/ai-fakes";
import { LIGHTHOUSE_RUNS, lighthouseRun } from "./landing.bench";
import {
  api,
  inParallel,
  median,
  onFreshPostgres,
  percentile,
  postgresServerEnv,
  premiumMember,
  raiseAiLimits,
  record,
  streamTimes,
} from "./lib";

const signIn = (url: string, email: string, password: string) => signInOverHttp(url, { email, password });

async function timeGet(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  return performance.now() - started;
}

/** Time `small` and `large` `n` times each, alternately, so both meet the machine alike. */
async function alternately(
  n: number,
  small: () => Promise<number>,
  large: () => Promise<number>,
): Promise<{ small: number[]; large: number[] }> {
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < n; i++) {
    times.small.push(await small());
    times.large.push(await large());
  }
  return times;
}

async function withServer(
  run: (ctx: { base: string; anthropic: FakeProviderServer }) => Promise<void>,
  extraEnv: Record<string, string> = {},
  options: { compiled?: string } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-chat-"));
  const openai: FakeProviderServer = await startFakeOpenAI();
  const anthropic: FakeProviderServer = await startFakeAnthropic();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      SIGNUP_LIMIT_PER_HOUR: "100000",
      LOG_LEVEL: "warn",
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: openai.url,
      ANTHROPIC_API_KEY: "sk-ant-bench",
      ANTHROPIC_BASE_URL: anthropic.url,
      ...extraEnv,
    },
    options,
  );
  try {
    await run({ base: server.url, anthropic });
  } finally {
    await stopGracefully(server);
    await openai.close();
    await anthropic.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Time to the first streamed token through LawGuide, minus the provider's own, at 1 and 20
 * streams: on the embedded database, and on PostgreSQL when one answers on 127.0.0.1:5432.
 */
export async function benchStreaming() {
  await streamingOn("embedded", {});
  await onFreshPostgres(
    process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    `lawguide_bench_${Date.now()}`,
    (url) => streamingOn("PostgreSQL", postgresServerEnv(url)),
  );
}

/** Words per second of the fake provider while 20 streams are open (a brisk real model). */
const STEADY_TOKEN_DELAY_MS = 20;

function streamingOn(engine: string, env: Record<string, string>) {
  const group = `chat (${engine})`;
  return withServer(async ({ base, anthropic }) => {
    // Each part below asks a few hundred questions within a minute: as a Premium member of its own
    // (no limit of messages per case), under the highest AI limits.
    await raiseAiLimits(base);
    let cookie = "";
    let members = 0;
    const asNewMember = async () => {
      members += 1;
      cookie = await premiumMember(base, `streaming-${members}@example.com`);
    };
    // Each with a title: an untitled new case is the member's one empty case, given again.
    let made = 0;
    const newCases = (n: number) =>
      inParallel(n, 5, async () => {
        made += 1;
        const body = { title: `Streaming case ${made}` };
        return (await api<{ case: { id: string } }>(base, cookie, "/api/cases", body)).case.id;
      });
    const viaServer = (caseId: string, question: string) =>
      streamTimes(
        `${base}/api/cases/${caseId}/messages`,
        { content: question },
        { origin: base, cookie },
        "event: delta",
      );
    const viaProvider = (question: string) =>
      streamTimes(
        `${anthropic.url}/v1/messages`,
        {
          model: "claude-sonnet-5-5",
          max_tokens: 2000,
          stream: true,
          messages: [{ role: "user", content: question }],
        },
        { authorization: "Bearer x", "anthropic-version": "2023-06-01" },
        "content_block_delta",
      );
    const report = (label: string, ours: number[], direct: number[], targets: boolean) => {
      const overhead = (p: number) => percentile(ours, p) - percentile(direct, p);
      record(group, `first token via LawGuide, ${label}, p50`, percentile(ours, 50), "ms");
      record(group, `first token from the provider itself, ${label}, p50`, percentile(direct, 50), "ms");
      record(group, `streaming overhead p50, ${label}`, overhead(50), "ms", targets ? "target ≤ 5 ms" : undefined);
      record(group, `streaming overhead p99, ${label}`, overhead(99), "ms", targets ? "target ≤ 20 ms" : undefined);
    };

    // One stream at a time: the fake answers at once, so only LawGuide's own time is left.
    {
      await asNewMember();
      const [caseId = ""] = await newCases(1);
      const ours: number[] = [];
      const direct: number[] = [];
      // Warm up first (the first answers compile the code on the way), then measure.
      for (let round = 0; round < 20; round++) {
        await viaServer(caseId, `Warm-up question ${round}`);
        await viaProvider(`Warm-up question ${round}`);
      }
      for (let round = 0; round < 200; round++) {
        ours.push((await viaServer(caseId, `Bench question ${round}`)).first);
        direct.push((await viaProvider(`Bench question ${round}`)).first);
      }
      report("1 stream", ours, direct, false);
    }

    // Twenty streams open at once, as in steady use: each member asks again as soon as an answer
    // ends, the provider writes about fifty words a second, and members started at different
    // moments. Each new stream is timed while the nineteen others are being written. Rounds
    // through LawGuide and straight to the provider alternate, so both are timed at the same
    // moments of a machine whose speed drifts from one minute to the next.
    {
      anthropic.setMode({ kind: "ok", tokenDelayMs: STEADY_TOKEN_DELAY_MS });
      await asNewMember();
      const caseIds = await newCases(20);
      const perStream = 6;
      const steady = async (ask: (i: number, n: number) => Promise<{ first: number; end: number }>) => {
        const firsts: number[] = [];
        // One answer takes ~1.5 s; the twenty members start spread over that time.
        const spread = (await ask(0, -1)).end / 20;
        await Promise.all(
          caseIds.map(async (_, i) => {
            await new Promise((r) => setTimeout(r, i * spread));
            for (let n = 0; n < perStream; n++) {
              const { first } = await ask(i, n);
              // A member's first and last questions overlap the others starting and finishing,
              // when fewer than twenty are open: only the ones in between are counted.
              if (n > 0 && n < perStream - 1) firsts.push(first);
            }
          }),
        );
        return firsts;
      };
      const ours: number[] = [];
      const direct: number[] = [];
      for (let round = 0; round < 3; round++) {
        const question = (i: number, n: number) => `Steady question ${round}-${i}-${n}`;
        ours.push(...(await steady((i, n) => viaServer(caseIds[i] ?? "", question(i, n)))));
        direct.push(...(await steady((i, n) => viaProvider(question(i, n)))));
      }
      report("20 open streams", ours, direct, true);
      anthropic.setMode({ kind: "ok" });
    }

    // Twenty questions arriving in the same millisecond (a burst; reported, no target): they
    // queue on one Node.js thread, so the last waits for the other nineteen.
    {
      await asNewMember();
      const caseIds = await newCases(20);
      const ours: number[] = [];
      const direct: number[] = [];
      for (let round = 0; round < 10; round++) {
        ours.push(
          ...(await Promise.all(caseIds.map((id, i) => viaServer(id, `Burst ${round}-${i}`)))).map((t) => t.first),
        );
        direct.push(
          ...(await Promise.all(caseIds.map((_, i) => viaProvider(`Burst ${round}-${i}`)))).map((t) => t.first),
        );
      }
      report("burst of 20 at once", ours, direct, false);
    }
  }, env);
}

/** Cases list with 10 vs 10,000 cases; opening a chat of 10 vs 5,000 messages. */
export function benchSizes() {
  return withServer(async ({ base }) => {
    const cookie = await signIn(base, "premium@example.com", "demo-password");
    const origin = { origin: base, cookie };
    const small = await signIn(base, "demo@example.com", "demo-password");
    await post(`${base}/api/auth/sign-up/email`, {
      email: "many@example.com",
      password: "many-cases",
      firstName: "Many",
      ...CONSENT,
    });
    const large = await signIn(base, "many@example.com", "many-cases");
    // The bench sends thousands of questions for one member.
    await raiseAiLimits(base);
    await inParallel(10, 5, () => api(base, small, "/api/cases", {}));
    await inParallel(10_000, 16, (i) => api(base, large, "/api/cases", { title: `Case ${i}` }));
    // A chat of 10 messages and one of 5,000.
    const shortCase = (await api<{ case: { id: string } }>(base, cookie, "/api/cases", {})).case.id;
    const longCase = (await api<{ case: { id: string } }>(base, cookie, "/api/cases", {})).case.id;
    // Each message is read to the end of its answer before the next is sent. A message sent faster
    // than the calls a minute allow is kept without an answer: the next one waits for the minute.
    const ask = async (caseId: string, content: string) => {
      const response = await fetch(`${base}/api/cases/${caseId}/messages`, {
        method: "POST",
        headers: { ...origin, "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
      await response.text();
      if (response.status === 429) {
        await new Promise((r) => setTimeout(r, Number(response.headers.get("retry-after") ?? 60) * 1000));
      }
    };
    for (let i = 0; i < 5; i++) await ask(shortCase, `Short ${i}`);
    for (let i = 0; i < 2500; i++) await ask(longCase, `Long ${i}`);
    // As in steady use: the embedded database's maintenance pass, every minute, refreshes the
    // planner statistics of the tables that grew (until it has, reading a chat that grew by
    // thousands of messages at once costs ~3 ms more).
    await new Promise((r) => setTimeout(r, 61_000));
    const { small: smallList, large: largeList } = await alternately(
      200,
      () => timeGet(`${base}/api/cases`, small),
      () => timeGet(`${base}/api/cases`, large),
    );
    record("chat", "cases list, 10 cases, p50", median(smallList), "ms");
    record("chat", "cases list, 10,000 cases, p50", median(largeList), "ms");
    record("chat", "cases list cost, 10,000 vs 10", median(largeList) / median(smallList), "×", "target ≤ 1.5×");
    const lastPage = await api<{ nextCursor: string | null }>(base, large, "/api/cases");
    const nextPage: number[] = [];
    for (let i = 0; i < 100; i++)
      nextPage.push(await timeGet(`${base}/api/cases?cursor=${encodeURIComponent(lastPage.nextCursor ?? "")}`, large));
    record("chat", "cases list, 10,000 cases, next page p50", median(nextPage), "ms");

    // Opening a chat reads the case and its latest page of messages (a full page of 30 in the long
    // chat, all 10 in the short one); the two chats alternate, so both meet the machine alike.
    const openChat = async (id: string) => {
      const started = performance.now();
      await Promise.all([
        fetch(`${base}/api/cases/${id}`, { headers: { cookie } }).then((r) => r.arrayBuffer()),
        fetch(`${base}/api/cases/${id}/messages`, { headers: { cookie } }).then((r) => r.arrayBuffer()),
      ]);
      return performance.now() - started;
    };
    const { small: shortOpen, large: longOpen } = await alternately(
      100,
      () => openChat(shortCase),
      () => openChat(longCase),
    );
    record("chat", "open a chat of 10 messages, p50", median(shortOpen), "ms");
    record("chat", "open a chat of 5,000 messages, p50", median(longOpen), "ms");
    record("chat", "open chat cost, 5,000 vs 10 messages", median(longOpen) / median(shortOpen), "×", "target ≤ 1.5×");

    // Sending reads the latest turns of the conversation for the assistant: alternately in both
    // (each send adds a question and its answer, so the short chat ends at ~130 messages).
    const send = async (id: string, i: number) =>
      (await streamTimes(`${base}/api/cases/${id}/messages`, { content: `Send ${i}` }, origin, "event: delta")).first;
    let sent = 0;
    const sendTimes = await alternately(
      60,
      () => send(shortCase, sent++),
      () => send(longCase, sent++),
    );
    record("chat", "send → first token, chat of 10 messages, p50", median(sendTimes.small), "ms");
    record("chat", "send → first token, chat of 5,000 messages, p50", median(sendTimes.large), "ms");
    record(
      "chat",
      "send cost, 5,000 vs 10 messages",
      median(sendTimes.large) / median(sendTimes.small),
      "×",
      "target ≤ 1.5×",
    );
  });
}

/** The `lawguide.session_token` cookie of a `signIn` answer, for a browser context. */
function sessionCookie(cookies: string, url: string) {
  const [name, value] = (cookies.split("; ").find((c) => c.startsWith("lawguide.session_token=")) ?? "").split(
    /=(.*)/s,
  );
  return { name: name ?? "", value: value ?? "", url };
}

/**
 * The chat page in Chromium: JavaScript of a first load, click Send → first streamed text, and
 * navigation → first message of a first load.
 */
export async function benchChatPage() {
  await chatPageInUse();
  await chatFirstLoad();
}

/** The questions of the case whose first load is timed (each gets an answer: six messages). */
const FIRST_LOAD_QUESTIONS = ["First question about my lease", "Second question", "Third question"];
const FIRST_LOADS = 9;
/** The round trip added, in a second series, to every request of the page (as over a real network). */
const FIRST_LOAD_RTT_MS = 50;

interface FirstLoad {
  /** Navigation start → the first message in the page. */
  shown: number;
  /** When the request for the messages started, and when the page's own code had arrived. */
  messagesStart: number;
  codeEnd: number;
  /** How many requests for the messages the page made. */
  asked: number;
}

/** One first load of the case chat in a fresh browser context (nothing cached), `rttMs` added to each request. */
async function firstLoad(browser: Browser, base: string, cookies: string, caseId: string, rttMs: number) {
  const context = await browser.newContext({ baseURL: base });
  try {
    await context.addCookies([sessionCookie(cookies, base)]);
    // The moment the first message is in the page, watched from before the page's first byte.
    await context.addInitScript((text: string) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[aria-label="Conversation"]')?.textContent?.includes(text)) {
          observer.disconnect();
          (window as unknown as { firstMessageAt: number }).firstMessageAt = performance.now();
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }, FIRST_LOAD_QUESTIONS[0] ?? "");
    const page = await context.newPage();
    if (rttMs > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: rttMs,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    let asked = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/cases/${caseId}/messages`) asked++;
    });
    await page.goto(`/dashboard/case/${caseId}`);
    const shown = Number(
      await (
        await page.waitForFunction(() => (window as unknown as { firstMessageAt?: number }).firstMessageAt)
      ).jsonValue(),
    );
    const timing = await page.evaluate((id) => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const messages = entries.find((e) => new URL(e.name).pathname === `/api/cases/${id}/messages`);
      const code = entries.find((e) => /\/CaseChatPage-[^/]+\.js$/.test(e.name));
      return { messagesStart: messages?.startTime ?? Number.NaN, codeEnd: code?.responseEnd ?? Number.NaN };
    }, caseId);
    return { shown, ...timing, asked } satisfies FirstLoad;
  } finally {
    await context.close();
  }
}

/**
 * First loads of a case chat of six messages, each in a fresh browser context (nothing cached), from
 * the compiled server as `npm start` runs it: from the navigation's start to the first message in
 * the page (straight from this machine, and with a round trip added to every request), and when
 * the request for the messages left against when the page's own code (the CaseChatPage chunk) had
 * arrived, from the page's resource timing.
 */
async function chatFirstLoad() {
  await buildServer();
  await withServer(
    async ({ base }) => {
      const cookies = await signIn(base, "demo@example.com", "demo-password");
      const caseId = (await api<{ case: { id: string } }>(base, cookies, "/api/cases", {})).case.id;
      for (const content of FIRST_LOAD_QUESTIONS) {
        const sent = await post(`${base}/api/cases/${caseId}/messages`, { content }, cookies);
        if (!(await sent.text()).includes("event: done")) throw new Error(`question not answered: ${sent.status}`);
      }
      const browser = await chromium.launch({
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        args: CHROMIUM_ARGS,
      });
      const local: FirstLoad[] = [];
      const remote: FirstLoad[] = [];
      try {
        // One load first, not counted: the server compiles its code on the way. The two series
        // alternate, so both meet the machine alike.
        await firstLoad(browser, base, cookies, caseId, 0);
        for (let i = 0; i < FIRST_LOADS; i++) {
          local.push(await firstLoad(browser, base, cookies, caseId, 0));
          remote.push(await firstLoad(browser, base, cookies, caseId, FIRST_LOAD_RTT_MS));
        }
      } finally {
        await browser.close();
      }
      const of = (loads: FirstLoad[], key: keyof FirstLoad) => median(loads.map((load) => load[key]));
      record(
        "chat",
        `case chat first load: navigation → first message visible (Chromium, median of ${FIRST_LOADS})`,
        of(local, "shown"),
        "ms",
      );
      record(
        "chat",
        `case chat first load, ${FIRST_LOAD_RTT_MS} ms added to each request: navigation → first message visible`,
        of(remote, "shown"),
        "ms",
      );
      record(
        "chat",
        "case chat first load: the messages' request starts at (median)",
        of(local, "messagesStart"),
        "ms",
      );
      record(
        "chat",
        "case chat first load: the page's code (CaseChatPage) arrived at (median)",
        of(local, "codeEnd"),
        "ms",
      );
      record(
        "chat",
        "case chat first load: requests for the messages (most in one load)",
        Math.max(...local.map((load) => load.asked), ...remote.map((load) => load.asked)),
        "requests",
      );
      await chatLighthouse(`${base}/dashboard/case/${caseId}`, cookies);
    },
    {},
    { compiled: path.resolve("dist/server/main.js") },
  );
}

/** Lighthouse (mobile preset, signed in as the member) on a case chat of six messages. */
async function chatLighthouse(url: string, cookie: string) {
  const chromeTmp = path.resolve(".tmp/lighthouse-chat");
  mkdirSync(chromeTmp, { recursive: true });
  try {
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, chromeTmp, cookie));
    const med = (key: string) => median(runs.map((run) => run[key] ?? Number.NaN));
    const note = `median of ${LIGHTHOUSE_RUNS}`;
    record(
      "chat",
      "Lighthouse mobile, the chat page: performance",
      Math.round(med("performance")),
      "/100",
      `${note}; target ≥ 95`,
    );
    record("chat", "Lighthouse mobile, the chat page: accessibility", Math.round(med("accessibility")), "/100", note);
    record("chat", "Lighthouse mobile, the chat page: LCP", med("LCP"), "ms", note);
    record("chat", "Lighthouse mobile, the chat page: TBT", med("TBT"), "ms", note);
  } finally {
    rmSync(chromeTmp, { recursive: true, force: true });
  }
}

/** The chat page in Chromium: JavaScript of a first load, and click Send → first streamed text. */
function chatPageInUse() {
  return withServer(async ({ base }) => {
    const small = await signIn(base, "demo@example.com", "demo-password");
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    try {
      const context = await browser.newContext({ baseURL: base });
      // A Free member: short questions stream straight into the conversation (no comparison).
      await context.addCookies([sessionCookie(small, base)]);
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("response", (response) => {
        if (response.url().endsWith(".js")) scripts.add(new URL(response.url()).pathname);
      });
      const firstCase = (await api<{ case: { id: string } }>(base, small, "/api/cases", {})).case.id;
      await page.goto(`/dashboard/case/${firstCase}`);
      await page.getByRole("textbox", { name: "Your message" }).waitFor();
      const gzip = [...scripts].reduce(
        (n, p) => n + gzipSync(readFileSync(path.join("dist/client", p)), { level: 9 }).length,
        0,
      );
      record("chat", "JavaScript of a first load of the chat page", gzip / 1024, "kB gzip", "target ≤ 180 kB");
      record("chat", "scripts of a first load of the chat page", scripts.size, "files", "target ≤ 15");

      const timings: number[] = [];
      for (let i = 0; i < 5; i++) {
        const fresh = (await api<{ case: { id: string } }>(base, small, "/api/cases", {})).case.id;
        await page.goto(`/dashboard/case/${fresh}`);
        const input = page.getByRole("textbox", { name: "Your message" });
        await input.fill(`Timing question ${i}`);
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const region = document.querySelector('[aria-label="Conversation"]');
              const button = document.querySelector<HTMLButtonElement>('button[aria-label="Send message"]');
              if (!region || !button) return resolve(Number.NaN);
              const observer = new MutationObserver(() => {
                if (region.textContent?.includes("Legal information (")) {
                  observer.disconnect();
                  resolve(performance.now() - started);
                }
              });
              observer.observe(region, { childList: true, subtree: true, characterData: true });
              const started = performance.now();
              button.click();
            }),
        );
        timings.push(ms);
      }
      record(
        "chat",
        "click Send → first streamed text (Chromium, median of 5)",
        median(timings),
        "ms",
        "target ≤ 60 ms",
      );
      await context.close();
    } finally {
      await browser.close();
    }
  });
}
