import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeProviderServer, fakeAnswer, startFakeAnthropic, startFakeOpenAI } from "../fakes/ai-fakes";

/**
 * The fake OpenAI and Anthropic servers, driven by the official SDKs LawGuide uses: answers,
 * streams, usage, max-token cuts, and every fault mode as the SDKs see it.
 */

const QUESTION = "Can my landlord keep my security deposit for normal wear and tear in California?";

interface Ask {
  question: string;
  maxTokens?: number;
  model?: string;
  system?: string;
}

interface ClientOptions {
  maxRetries?: number;
  timeout?: number;
}

interface Reply {
  text: string;
  finish: string | null;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  model: string;
}

type ErrorClass = new (...args: never[]) => Error;

/** One provider's SDK calls behind a common shape, so both fakes face the same tests. */
interface Driver {
  provider: "openai" | "anthropic";
  start(): Promise<FakeProviderServer>;
  complete(fake: FakeProviderServer, ask: Ask, options?: ClientOptions): Promise<Reply>;
  /** Streams, handing each text delta to `onDelta` as it arrives; `text` is their concatenation. */
  stream(fake: FakeProviderServer, ask: Ask, onDelta: (text: string) => void, options?: ClientOptions): Promise<Reply>;
  /** A GET the fake does not serve. */
  listModels(fake: FakeProviderServer): Promise<unknown>;
  finish: { done: string; cut: string };
  maxTokensField: string;
  errors: {
    RateLimitError: ErrorClass;
    InternalServerError: ErrorClass;
    NotFoundError: ErrorClass;
    APIConnectionError: ErrorClass;
    APIConnectionTimeoutError: ErrorClass;
  };
}

/**
 * A streamed reply, read event by event: `read` notes what an event says in the reply and answers
 * its text delta, if it has one, which is added to the text and handed to `onDelta`.
 */
async function readStream<Event>(
  events: AsyncIterable<Event>,
  onDelta: (text: string) => void,
  read: (event: Event, reply: Reply) => string | null | undefined,
): Promise<Reply> {
  const reply: Reply = { text: "", finish: null, inputTokens: undefined, outputTokens: undefined, model: "" };
  for await (const event of events) {
    const delta = read(event, reply);
    if (delta) {
      reply.text += delta;
      onDelta(delta);
    }
  }
  return reply;
}

/** What both SDKs' clients are made with: the fake's address, a test key, no retries unless asked. */
const clientOptions = (fake: FakeProviderServer, options: ClientOptions = {}) => ({
  apiKey: "test",
  baseURL: fake.url,
  maxRetries: options.maxRetries ?? 0,
  timeout: options.timeout,
});
const openAIClient = (fake: FakeProviderServer, options?: ClientOptions) => new OpenAI(clientOptions(fake, options));
const anthropicClient = (fake: FakeProviderServer, options?: ClientOptions) =>
  new Anthropic(clientOptions(fake, options));

/** The request of `ask` to OpenAI's chat completions (streamed or not). */
function openAIRequest(ask: Ask): OpenAI.ChatCompletionCreateParamsNonStreaming {
  return {
    model: ask.model ?? "gpt-fake",
    messages: [
      ...(ask.system ? [{ role: "system" as const, content: ask.system }] : []),
      { role: "user", content: ask.question },
    ],
    max_completion_tokens: ask.maxTokens,
  };
}

/** The request of `ask` to Anthropic's Messages API (streamed or not). */
function anthropicRequest(ask: Ask): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: ask.model ?? "claude-fake",
    max_tokens: ask.maxTokens ?? 1024,
    ...(ask.system ? { system: ask.system } : {}),
    messages: [{ role: "user", content: ask.question }],
  };
}

const openai: Driver = {
  provider: "openai",
  start: () => startFakeOpenAI(),
  async complete(fake, ask, options) {
    const completion = await openAIClient(fake, options).chat.completions.create(openAIRequest(ask));
    const choice = completion.choices[0];
    return {
      text: choice?.message.content ?? "",
      finish: choice?.finish_reason ?? null,
      inputTokens: completion.usage?.prompt_tokens,
      outputTokens: completion.usage?.completion_tokens,
      model: completion.model,
    };
  },
  async stream(fake, ask, onDelta, options) {
    const stream = await openAIClient(fake, options).chat.completions.create({
      ...openAIRequest(ask),
      stream: true,
      stream_options: { include_usage: true },
    });
    return readStream(stream, onDelta, (chunk, reply) => {
      reply.model = chunk.model;
      const choice = chunk.choices[0];
      if (choice?.finish_reason) reply.finish = choice.finish_reason;
      if (chunk.usage) {
        reply.inputTokens = chunk.usage.prompt_tokens;
        reply.outputTokens = chunk.usage.completion_tokens;
      }
      return choice?.delta.content;
    });
  },
  listModels: (fake) => openAIClient(fake).models.list(),
  finish: { done: "stop", cut: "length" },
  maxTokensField: "max_completion_tokens",
  errors: OpenAI,
};

const anthropic: Driver = {
  provider: "anthropic",
  start: () => startFakeAnthropic(),
  async complete(fake, ask, options) {
    const message = await anthropicClient(fake, options).messages.create(anthropicRequest(ask));
    const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
    return {
      text,
      finish: message.stop_reason,
      inputTokens: message.usage.input_tokens,
      outputTokens: message.usage.output_tokens,
      model: message.model,
    };
  },
  async stream(fake, ask, onDelta, options) {
    const stream = await anthropicClient(fake, options).messages.create({ ...anthropicRequest(ask), stream: true });
    return readStream(stream, onDelta, (event, reply) => {
      if (event.type === "message_start") {
        reply.model = event.message.model;
        reply.inputTokens = event.message.usage.input_tokens;
      } else if (event.type === "message_delta") {
        reply.finish = event.delta.stop_reason;
        reply.outputTokens = event.usage.output_tokens;
      } else if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
        return event.delta.text;
      }
      return undefined;
    });
  },
  listModels: (fake) => anthropicClient(fake).models.list(),
  finish: { done: "end_turn", cut: "max_tokens" },
  maxTokensField: "max_tokens",
  errors: Anthropic,
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The answer's first `n` words exactly as the fake streams them (with their whitespace). */
const firstWords = (text: string, n: number) => (text.match(/\s*\S+/g) ?? []).slice(0, n).join("");

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: PromiseSettledResult<T> }> {
  const start = performance.now();
  const [result] = await Promise.allSettled([run()]);
  if (!result) throw new Error("unreachable");
  return { ms: performance.now() - start, result };
}

function rejection<T>(result: PromiseSettledResult<T>): unknown {
  if (result.status === "fulfilled") throw new Error("expected the call to fail");
  return result.reason;
}

/**
 * The fake that `start` makes, for the tests of the enclosing describe: started before them,
 * closed after them, and back to answering at once before each.
 */
function runningFake(start: () => Promise<FakeProviderServer>): FakeProviderServer {
  let fake: FakeProviderServer | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake?.reset();
  });
  return new Proxy({} as FakeProviderServer, {
    get(_target, key) {
      if (!fake) throw new Error("the fake is used before it has started (use it inside tests or hooks)");
      return fake[key as keyof FakeProviderServer];
    },
  });
}

/** POST `body` as JSON, as a client other than the SDKs would. */
const postJson = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe.each([openai, anthropic])("$provider fake with the official SDK", (driver) => {
  const fake = runningFake(driver.start);
  const label = driver.provider === "openai" ? "OpenAI fake" : "Anthropic fake";
  const expected = fakeAnswer(driver.provider, QUESTION);

  it("answers with a short deterministic Markdown answer naming the question and the provider", async () => {
    const reply = await driver.complete(fake, { question: QUESTION, model: "model-under-test" });
    expect(reply.text).toBe(expected);
    expect(reply.text).toMatch(/^\*\*.+\*\*\n/);
    expect(reply.text).toContain(QUESTION.slice(0, 60).trim());
    expect(reply.text).toContain(label);
    expect(reply.text.split("\n").filter((line) => line.startsWith("- ")).length).toBeGreaterThanOrEqual(3);
    expect(words(reply.text).length).toBeGreaterThanOrEqual(60);
    expect(words(reply.text).length).toBeLessThanOrEqual(90);
    expect(reply.model).toBe("model-under-test");
    expect(reply.finish).toBe(driver.finish.done);
    expect(reply.inputTokens).toBe(words(QUESTION).length);
    expect(reply.outputTokens).toBe(words(expected).length);
    expect(fakeAnswer(driver.provider, QUESTION)).toBe(expected);
  });

  it("streams the same text word by word, with usage and the finish reason", async () => {
    const deltas: string[] = [];
    const reply = await driver.stream(fake, { question: QUESTION, system: "You are LawGuide." }, (delta) =>
      deltas.push(delta),
    );
    expect(reply.text).toBe(expected);
    expect(deltas.length).toBe(words(expected).length);
    for (const delta of deltas) expect(words(delta)).toHaveLength(1);
    expect(reply.finish).toBe(driver.finish.done);
    expect(reply.inputTokens).toBe(words(QUESTION).length + 3);
    expect(reply.outputTokens).toBe(deltas.length);
  });

  it("cuts the answer at the request's max tokens and says so", async () => {
    const plain = await driver.complete(fake, { question: QUESTION, maxTokens: 7 });
    expect(plain.text).toBe(firstWords(expected, 7));
    expect(plain.finish).toBe(driver.finish.cut);
    expect(plain.outputTokens).toBe(7);

    const deltas: string[] = [];
    const streamed = await driver.stream(fake, { question: QUESTION, maxTokens: 7 }, (delta) => deltas.push(delta));
    expect(deltas).toHaveLength(7);
    expect(streamed.text).toBe(plain.text);
    expect(streamed.finish).toBe(driver.finish.cut);
    expect(streamed.outputTokens).toBe(7);
  });

  it("answers with mode.text when it is set", async () => {
    fake.setMode({ kind: "ok", text: "Short custom answer." });
    expect((await driver.complete(fake, { question: QUESTION })).text).toBe("Short custom answer.");
    const deltas: string[] = [];
    await driver.stream(fake, { question: QUESTION }, (delta) => deltas.push(delta));
    expect(deltas).toEqual(["Short", " custom", " answer."]);
  });

  it("records each request with its path, lower-cased headers and parsed body", async () => {
    await driver.complete(fake, { question: QUESTION, model: "recorded-model", maxTokens: 42 });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe(driver.provider === "openai" ? "/v1/chat/completions" : "/v1/messages");
    // Both SDKs send the key as a bearer token (Anthropic SDK 1.x too, not as x-api-key).
    expect(request?.headers.authorization).toBe("Bearer test");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body.model).toBe("recorded-model");
    expect(request?.body[driver.maxTokensField]).toBe(42);
    expect(request?.body.messages).toEqual([{ role: "user", content: QUESTION }]);
    expect(request?.at).toBeGreaterThan(Date.now() - 10_000);
  });

  it("answers a 429 with retry-after; the SDK waits that long, retries and succeeds", async () => {
    fake.setMode({ kind: "rate-limit", retryAfterSeconds: 1, times: 1 });
    const { ms, result } = await timed(() => driver.complete(fake, { question: QUESTION }, { maxRetries: 2 }));
    expect(result.status).toBe("fulfilled");
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((request) => request.headers["x-stainless-retry-count"])).toEqual(["0", "1"]);
  });

  it("raises RateLimitError with the retry-after header once retries run out", async () => {
    fake.setMode({ kind: "rate-limit", retryAfterSeconds: 3, times: 5 });
    const error = rejection((await timed(() => driver.complete(fake, { question: QUESTION }))).result);
    expect(error).toBeInstanceOf(driver.errors.RateLimitError);
    expect(error).toMatchObject({ status: 429 });
    expect((error as { headers: Headers }).headers.get("retry-after")).toBe("3");
    expect(fake.requests).toHaveLength(1);
  });

  it("answers a persistent 500; the SDK retries and then raises InternalServerError", async () => {
    fake.setMode({ kind: "error", status: 500 });
    const error = rejection(
      (await timed(() => driver.complete(fake, { question: QUESTION }, { maxRetries: 1 }))).result,
    );
    expect(error).toBeInstanceOf(driver.errors.InternalServerError);
    expect(error).toMatchObject({ status: 500 });
    expect(fake.requests).toHaveLength(2);
  });

  it("hangs without headers: the SDK's timeout fires", async () => {
    fake.setMode({ kind: "hang" });
    const { ms, result } = await timed(() => driver.complete(fake, { question: QUESTION }, { timeout: 500 }));
    expect(rejection(result)).toBeInstanceOf(driver.errors.APIConnectionTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(450);
    expect(ms).toBeLessThan(2_000);
    expect(fake.requests).toHaveLength(1);
  });

  it("hangs: the SDK retries timed-out requests like failed ones", async () => {
    fake.setMode({ kind: "hang" });
    const { result } = await timed(() =>
      driver.complete(fake, { question: QUESTION }, { timeout: 250, maxRetries: 1 }),
    );
    expect(rejection(result)).toBeInstanceOf(driver.errors.APIConnectionTimeoutError);
    expect(fake.requests).toHaveLength(2);
  });

  it("breaks a stream after afterTokens deltas: iterating rejects", async () => {
    fake.setMode({ kind: "broken-stream", afterTokens: 3 });
    const deltas: string[] = [];
    const error = rejection(
      (await timed(() => driver.stream(fake, { question: QUESTION }, (delta) => deltas.push(delta)))).result,
    );
    expect(deltas).toEqual(
      words(expected)
        .slice(0, 3)
        .map((word, index) => (index === 0 ? word : ` ${word}`)),
    );
    // Undici's own error reaches the caller: neither SDK wraps a body that dies mid-stream.
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toContain("terminated");
  });

  it("breaks a non-streaming request by dropping the connection: APIConnectionError", async () => {
    fake.setMode({ kind: "broken-stream", afterTokens: 3 });
    const error = rejection((await timed(() => driver.complete(fake, { question: QUESTION }))).result);
    expect(error).toBeInstanceOf(driver.errors.APIConnectionError);
    expect(error).not.toBeInstanceOf(driver.errors.APIConnectionTimeoutError);
  });

  it("delays the first token and the next ones; the SDK timeout only covers the wait for headers", async () => {
    fake.setMode({ kind: "ok", firstTokenDelayMs: 600, tokenDelayMs: 2, text: "one two three four five" });
    const arrivals: number[] = [];
    const start = performance.now();
    const reply = await driver.stream(fake, { question: QUESTION }, () => arrivals.push(performance.now() - start), {
      timeout: 300,
    });
    expect(reply.text).toBe("one two three four five");
    expect(arrivals[0]).toBeGreaterThanOrEqual(550);

    // Without a stream the whole answer comes at once, after the same delays: past the timeout.
    const { result } = await timed(() => driver.complete(fake, { question: QUESTION }, { timeout: 300 }));
    expect(rejection(result)).toBeInstanceOf(driver.errors.APIConnectionTimeoutError);
  });

  it("copes with a client that stops reading mid-stream", async () => {
    fake.setMode({ kind: "ok", tokenDelayMs: 20 });
    let seen = 0;
    const stop = new Error("reader stopped");
    const stopped = driver.stream(fake, { question: QUESTION }, () => {
      seen++;
      if (seen === 2) throw stop;
    });
    await expect(stopped).rejects.toBe(stop);
    fake.reset();
    expect((await driver.complete(fake, { question: QUESTION })).text).toBe(expected);
  });

  it("answers unknown paths with 404 in the provider's error shape", async () => {
    const error = rejection((await timed(() => driver.listModels(fake))).result);
    expect(error).toBeInstanceOf(driver.errors.NotFoundError);
    expect(fake.requests.map((request) => request.path)).toEqual(["/v1/models"]);
  });

  it("is driven over HTTP by the control endpoints, which are not recorded", async () => {
    const origin = `http://127.0.0.1:${fake.port}`;
    const set = await fetch(`${origin}/__control/mode`, {
      method: "POST",
      body: JSON.stringify({ kind: "error", status: 503 }),
    });
    expect(set.status).toBe(204);
    expect(fake.mode()).toEqual({ kind: "error", status: 503 });
    const error = rejection((await timed(() => driver.complete(fake, { question: QUESTION }))).result);
    expect(error).toBeInstanceOf(driver.errors.InternalServerError);
    expect(error).toMatchObject({ status: 503 });

    const listed = await fetch(`${origin}/__control/requests`);
    expect(listed.status).toBe(200);
    const recorded = (await listed.json()) as Array<{ path: string; body: { model: string } }>;
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.body.model).toBe(driver.provider === "openai" ? "gpt-fake" : "claude-fake");

    const bad = await fetch(`${origin}/__control/mode`, { method: "POST", body: JSON.stringify({ kind: "nope" }) });
    expect(bad.status).toBe(400);

    const reset = await fetch(`${origin}/__control/reset`, { method: "POST" });
    expect(reset.status).toBe(204);
    expect(fake.mode()).toEqual({ kind: "ok" });
    expect(fake.requests).toHaveLength(0);
    expect((await driver.complete(fake, { question: QUESTION })).text).toBe(expected);
  });

  it("ends hanging requests when it closes", async () => {
    const own = await driver.start();
    own.setMode({ kind: "hang" });
    const pending = timed(() => driver.complete(own, { question: QUESTION }));
    await expect.poll(() => own.requests.length).toBe(1);
    await own.close();
    const { ms, result } = await pending;
    expect(rejection(result)).toBeInstanceOf(driver.errors.APIConnectionError);
    expect(ms).toBeLessThan(2_000);
  });
});

/** Parses an SSE body into its events. */
function sse(body: string): Array<{ event: string | undefined; data: string }> {
  return body
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice("event: ".length);
      const data = lines
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice("data: ".length))
        .join("\n");
      return { event, data };
    });
}

describe("OpenAI fake on the wire", () => {
  const fake = runningFake(startFakeOpenAI);
  const post = (body: unknown) => postJson(`${fake.url}/chat/completions`, body);

  it("streams chat.completion.chunk data lines, a usage chunk, then data: [DONE]", async () => {
    const response = await post({
      model: "gpt-wire",
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 2,
      messages: [{ role: "user", content: "Is a verbal lease binding?" }],
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    const events = sse(await response.text());
    expect(events.every((event) => event.event === undefined)).toBe(true);
    expect(events.at(-1)?.data).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as OpenAI.ChatCompletionChunk);
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk" && chunk.model === "gpt-wire")).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta ?? null)).toEqual([
      { role: "assistant", content: "", refusal: null },
      { content: "**Legal" },
      { content: " information" },
      {},
      null,
    ]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe("length");
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 });
  });

  it("leaves usage out of the stream unless include_usage is set", async () => {
    const response = await post({ model: "gpt-wire", stream: true, messages: [{ role: "user", content: "Hi" }] });
    const events = sse(await response.text());
    expect(events.at(-1)?.data).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as OpenAI.ChatCompletionChunk);
    expect(chunks.every((chunk) => !("usage" in chunk))).toBe(true);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
  });

  it("sends OpenAI's error JSON with the status", async () => {
    fake.setMode({ kind: "error", status: 500 });
    const failed = await post({ model: "gpt-wire", messages: [{ role: "user", content: "Hi" }] });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      error: {
        message: "The server had an error while processing your request. Sorry about that!",
        type: "server_error",
        param: null,
        code: null,
      },
    });
    fake.reset();
    const invalid = await post({ messages: [{ role: "user", content: "Hi" }] });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: {
        message: "you must provide a model parameter",
        type: "invalid_request_error",
        param: "model",
        code: null,
      },
    });
  });

  it("works with the SDK's chat.completions.stream() helper", async () => {
    const client = new OpenAI({ apiKey: "test", baseURL: fake.url, maxRetries: 0 });
    const stream = client.chat.completions.stream({
      model: "gpt-helper",
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: QUESTION }],
    });
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]?.message.content).toBe(fakeAnswer("openai", QUESTION));
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.completion_tokens).toBe(words(fakeAnswer("openai", QUESTION)).length);
  });
});

describe("Anthropic fake on the wire", () => {
  const fake = runningFake(startFakeAnthropic);
  const post = (body: unknown) => postJson(`${fake.url}/v1/messages`, body);

  it("streams the Messages API events, each as event: + data:", async () => {
    const response = await post({
      model: "claude-wire",
      max_tokens: 3,
      stream: true,
      system: "Be brief.",
      messages: [{ role: "user", content: [{ type: "text", text: "Is a verbal lease binding?" }] }],
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    const events = sse(await response.text());
    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const data = events.map((event) => JSON.parse(event.data) as { type: string });
    expect(data.map((item) => item.type)).toEqual(events.map((event) => event.event));
    expect(data[0]).toMatchObject({
      message: { type: "message", role: "assistant", model: "claude-wire", content: [], stop_reason: null },
    });
    expect(data[0]).toMatchObject({ message: { usage: { input_tokens: 7 } } });
    expect(data[1]).toEqual({
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "", citations: null },
    });
    expect(data[3]).toEqual({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: "**Legal" },
    });
    expect(data[7]).toMatchObject({
      type: "message_delta",
      delta: { stop_reason: "max_tokens", stop_sequence: null },
      usage: { output_tokens: 3 },
    });
  });

  it("sends Anthropic's error JSON with the status", async () => {
    fake.setMode({ kind: "error", status: 529 });
    const failed = await post({ model: "claude-wire", max_tokens: 5, messages: [{ role: "user", content: "Hi" }] });
    expect(failed.status).toBe(529);
    const body = await failed.json();
    expect(body).toEqual({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
      request_id: failed.headers.get("request-id"),
    });
    fake.reset();
    const invalid = await post({ model: "claude-wire", messages: [{ role: "user", content: "Hi" }] });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", message: "max_tokens: Field required" },
    });
  });

  it("raises the SDK's typed errors: 529 is OverloadedError, a 429 is RateLimitError", async () => {
    const client = new Anthropic({ apiKey: "test", baseURL: fake.url, maxRetries: 0 });
    const ask = () =>
      client.messages.create({ model: "claude-x", max_tokens: 5, messages: [{ role: "user", content: "Hi" }] });
    fake.setMode({ kind: "error", status: 529 });
    await expect(ask()).rejects.toMatchObject({ status: 529, type: "overloaded_error" });
    await expect(ask()).rejects.toBeInstanceOf(Anthropic.OverloadedError);
    fake.setMode({ kind: "rate-limit", retryAfterSeconds: 9, times: 1 });
    await expect(ask()).rejects.toBeInstanceOf(Anthropic.RateLimitError);
  });

  it("works with the SDK's messages.stream() helper", async () => {
    const client = new Anthropic({ apiKey: "test", baseURL: fake.url, maxRetries: 0 });
    const stream = client.messages.stream({
      model: "claude-helper",
      max_tokens: 10,
      messages: [{ role: "user", content: QUESTION }],
    });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      { type: "text", text: firstWords(fakeAnswer("anthropic", QUESTION), 10), citations: null },
    ]);
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.usage).toMatchObject({ input_tokens: words(QUESTION).length, output_tokens: 10 });
  });
});
