import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { providerFetch } from "../src/server/ai/http-fetch";
import { percentile, record, setTokenDelay, startFakeProviders } from "./lib";

/**
 * `providerFetch` (node:http with keep-alive agents) against the SDKs' own default fetch (Node's
 * global fetch, undici), both driving the official SDKs as LawGuide's providers do: streamed
 * answers from the fake providers, which run in a process of their own as a real provider does.
 * Timed: the first streamed word and the whole answer from the SDK call, and this process's CPU
 * per answer; one answer at a time with a short pause before each (as a server between two
 * members' messages), and with twenty answers streaming at ~50 words a second. The two fetches
 * alternate call by call (one at a time) or round by round (twenty open), so both meet the
 * machine alike.
 */

type Variant = "providerFetch" | "SDK default fetch";
const VARIANTS: Variant[] = ["providerFetch", "SDK default fetch"];

interface Timing {
  first: number;
  total: number;
  cpu: number;
}

/** Starts a streamed answer and reads it to its end, handing each text delta to `onDelta`. */
type Ask = (question: string, onDelta: () => void) => Promise<void>;

function openAIAsk(baseURL: string, variant: Variant): Ask {
  const client = new OpenAI({
    apiKey: "sk-bench",
    baseURL,
    maxRetries: 2,
    ...(variant === "providerFetch" ? { fetch: providerFetch } : {}),
  });
  return async (question, onDelta) => {
    const stream = await client.chat.completions.create({
      model: "gpt-bench",
      messages: [
        { role: "system", content: "You are a legal information assistant." },
        { role: "user", content: question },
      ],
      max_tokens: 2000,
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const chunk of stream) if (chunk.choices[0]?.delta?.content) onDelta();
  };
}

function anthropicAsk(baseURL: string, variant: Variant): Ask {
  const client = new Anthropic({
    apiKey: "sk-ant-bench",
    baseURL,
    maxRetries: 2,
    openTelemetry: { traces: false, propagation: false },
    ...(variant === "providerFetch" ? { fetch: providerFetch } : {}),
  });
  return async (question, onDelta) => {
    const stream = await client.messages.create({
      model: "claude-bench",
      system: "You are a legal information assistant.",
      max_tokens: 2000,
      messages: [{ role: "user", content: question }],
      stream: true,
    });
    for await (const event of stream) if (event.type === "content_block_delta") onDelta();
  };
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timeOne(ask: Ask, question: string): Promise<Timing> {
  const cpu0 = cpuMs();
  const started = performance.now();
  let first = Number.NaN;
  await ask(question, () => {
    if (Number.isNaN(first)) first = performance.now() - started;
  });
  return { first, total: performance.now() - started, cpu: cpuMs() - cpu0 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function report(group: string, label: string, timings: Record<Variant, Timing[]>) {
  const [ours, sdk] = [timings.providerFetch, timings["SDK default fetch"]];
  for (const variant of VARIANTS) {
    const list = timings[variant];
    const firsts = list.map((t) => t.first);
    const totals = list.map((t) => t.total);
    record(group, `${label}, ${variant}, first word p50`, percentile(firsts, 50), "ms");
    record(group, `${label}, ${variant}, first word p99`, percentile(firsts, 99), "ms");
    record(group, `${label}, ${variant}, whole answer p50`, percentile(totals, 50), "ms");
    record(group, `${label}, ${variant}, whole answer p99`, percentile(totals, 99), "ms");
    record(group, `${label}, ${variant}, CPU per answer (mean)`, mean(list.map((t) => t.cpu)), "ms");
  }
  const p50 = (list: Timing[], key: "first" | "total") =>
    percentile(
      list.map((t) => t[key]),
      50,
    );
  record(group, `${label}, first word p50 saved by providerFetch`, p50(sdk, "first") - p50(ours, "first"), "ms");
  record(group, `${label}, whole answer p50 saved by providerFetch`, p50(sdk, "total") - p50(ours, "total"), "ms");
}

/** One answer at a time, a short pause before each, the two fetches alternating call by call. */
async function oneAtATime(asks: Record<Variant, Ask>, n: number): Promise<Record<Variant, Timing[]>> {
  const timings: Record<Variant, Timing[]> = { providerFetch: [], "SDK default fetch": [] };
  for (let i = 0; i < 30; i++) for (const variant of VARIANTS) await timeOne(asks[variant], `Warm-up ${i}`);
  for (let i = 0; i < n; i++) {
    // Which goes first changes every round.
    const order = i % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
    for (const variant of order) {
      await pause(3);
      timings[variant].push(await timeOne(asks[variant], `Bench question ${i}`));
    }
  }
  return timings;
}

/**
 * Twenty answers streaming at once, each member asking again when an answer ends; rounds of
 * each fetch alternate. The first and last answer of each member in a round (fewer than twenty
 * open) are not counted; CPU is this process's per answer over the round.
 */
async function twentyOpen(asks: Record<Variant, Ask>, rounds: number): Promise<Record<Variant, Timing[]>> {
  const timings: Record<Variant, Timing[]> = { providerFetch: [], "SDK default fetch": [] };
  const perMember = 5;
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
      const ask = asks[variant];
      const spread = (await timeOne(ask, "Spread")).total / 20;
      const counted: Timing[] = [];
      const cpu0 = cpuMs();
      let answers = 0;
      await Promise.all(
        Array.from({ length: 20 }, async (_, member) => {
          await pause(member * spread);
          for (let n = 0; n < perMember; n++) {
            const t = await timeOne(ask, `Steady ${round}-${member}-${n}`);
            answers++;
            if (n > 0 && n < perMember - 1) counted.push(t);
          }
        }),
      );
      const cpuPerAnswer = (cpuMs() - cpu0) / answers;
      timings[variant].push(...counted.map((t) => ({ ...t, cpu: cpuPerAnswer })));
    }
  }
  return timings;
}

/** `npm run bench -- fetch`. */
export async function benchProviderFetch() {
  const fakes = await startFakeProviders();
  try {
    const providers = [
      { name: "OpenAI", url: fakes.openai, ask: openAIAsk },
      { name: "Anthropic", url: fakes.anthropic, ask: anthropicAsk },
    ];
    for (const provider of providers) {
      const asks = {
        providerFetch: provider.ask(provider.url, "providerFetch"),
        "SDK default fetch": provider.ask(provider.url, "SDK default fetch"),
      };
      const group = `provider fetch (${provider.name})`;
      await setTokenDelay(provider.url, 0);
      report(group, "one at a time", await oneAtATime(asks, 300));
      await setTokenDelay(provider.url, 20);
      report(group, "20 open", await twentyOpen(asks, 4));
      await setTokenDelay(provider.url, 0);
    }
  } finally {
    fakes.child.kill("SIGTERM");
  }
}
