import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";

/**
 * Fake OpenAI and Anthropic HTTP servers for LawGuide's tests.
 *
 * They speak the providers' wire formats (JSON bodies, SSE streams, error bodies with matching
 * status codes) closely enough for the official SDKs to parse them, answer deterministically (see
 * `fakeAnswer`), record every request, and can be switched into fault modes (rate limits, errors,
 * hangs, broken streams) from the test itself or, over HTTP, from another process:
 *
 * - `POST /__control/mode` with a JSON `FakeMode` body → 204
 * - `POST /__control/reset` → 204
 * - `GET /__control/requests` → JSON array of `RecordedRequest`
 */

/** How the fake answers the provider requests it receives from now on. */
export type FakeMode =
  /** Answer normally, streaming word by word. */
  | { kind: "ok"; tokenDelayMs?: number; firstTokenDelayMs?: number; text?: string }
  /** The first `times` requests get 429 with a `retry-after` header (seconds), then as "ok". */
  | { kind: "rate-limit"; retryAfterSeconds: number; times: number }
  /** Every request gets this HTTP status with the provider's error body. */
  | { kind: "error"; status: number }
  /** Read the request and never send response headers (until the server closes). */
  | { kind: "hang" }
  /** Streaming: headers and `afterTokens` text deltas, then the socket is destroyed. Non-streaming: destroyed unanswered. */
  | { kind: "broken-stream"; afterTokens: number };

/** A provider request as the fake received it. */
export interface RecordedRequest {
  path: string;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are free-form JSON that tests read field by field
  body: any;
  /** `Date.now()` when the request body had been read. */
  at: number;
}

export interface FakeProviderServer {
  kind: "openai" | "anthropic";
  /** Base URL to give the SDK: OpenAI → "http://127.0.0.1:PORT/v1"; Anthropic → "http://127.0.0.1:PORT" (no /v1). */
  url: string;
  port: number;
  setMode(mode: FakeMode): void;
  mode(): FakeMode;
  /** Every provider request received (control requests excluded), oldest first. */
  requests: RecordedRequest[];
  /** Mode back to `{ kind: "ok" }`, requests cleared. */
  reset(): void;
  /** Stops the server and ends every open connection, hanging requests included. */
  close(): Promise<void>;
}

type Provider = "openai" | "anthropic";

/** The deterministic answer text the fakes give for a question (so tests can assert content). */
export function fakeAnswer(provider: Provider, question: string): string {
  const name = provider === "openai" ? "OpenAI fake" : "Anthropic fake";
  const topic = question.replace(/\s+/g, " ").trim().slice(0, 60).trim() || "your question";
  return [
    `**Legal information (${name}) on: "${topic}"**`,
    "",
    "Here is general information, not legal advice:",
    "",
    "- Rules differ by state and country, so check where you live.",
    "- Keep copies of contracts, letters, receipts and key dates together.",
    "- Watch deadlines: many claims must be filed within a set time.",
    "- A licensed attorney or legal aid office can review your facts.",
    "",
    "If your situation is urgent, contact a local attorney soon.",
  ].join("\n");
}

export function startFakeOpenAI(options: { port?: number } = {}): Promise<FakeProviderServer> {
  return startFake(openAIWire, options.port ?? 0);
}

export function startFakeAnthropic(options: { port?: number } = {}): Promise<FakeProviderServer> {
  return startFake(anthropicWire, options.port ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Provider-neutral request and answer

/** What the fake needs from one chat request, whatever the provider. */
interface ChatRequest {
  model: string;
  stream: boolean;
  /** OpenAI `stream_options.include_usage`. */
  includeUsage: boolean;
  maxTokens: number | undefined;
  /** Text of the last user message. */
  question: string;
  /** Words across all request messages (and Anthropic `system`). */
  promptTokens: number;
}

/** One answer being sent: its tokens (words with their whitespace) and whether it was cut short. */
interface Answer {
  id: string;
  requestId: string;
  created: number;
  request: ChatRequest;
  tokens: string[];
  text: string;
  truncated: boolean;
}

interface ErrorContext {
  method: string;
  path: string;
  model: string | undefined;
  retryAfterSeconds?: number;
  /** Overrides the default message for the status (validation errors). */
  message?: string;
  param?: string;
}

/** Everything provider-specific: routes, request parsing and the response/SSE/error formats. */
interface Wire {
  kind: Provider;
  /** Path prefix of the SDK base URL. */
  basePath: string;
  route: string;
  requestIdHeader: string;
  newRequestId(): string;
  /** The parsed request, or a validation failure answered with 400. */
  parse(body: unknown): ChatRequest | { invalid: string; param?: string };
  errorBody(status: number, ctx: ErrorContext, requestId: string): unknown;
  message(answer: Answer): unknown;
  streamOpen(answer: Answer): string[];
  streamDelta(answer: Answer, token: string): string;
  streamClose(answer: Answer): string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Text of a message `content`: a string, or the `text` of its parts. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (isRecord(part) && typeof part.text === "string") texts.push(part.text);
  }
  return texts.join("\n");
}

function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** Splits into words, each with the whitespace before it, so the tokens concatenate back to `text`. */
function splitTokens(text: string): string[] {
  const tokens: string[] = text.match(/\s*\S+/g) ?? [];
  if (tokens.length === 0) return text ? [text] : [];
  const tail = text.slice(tokens.join("").length);
  const last = tokens.pop() ?? "";
  tokens.push(last + tail);
  return tokens;
}

function randomChars(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let out = "";
  for (const byte of randomBytes(length)) out += alphabet[byte % alphabet.length];
  return out;
}

/** Reads `messages` (a non-empty array), the model and the max tokens shared by both providers. */
function parseCommon(
  body: Record<string, unknown>,
  maxTokens: unknown,
  maxTokensParam: string,
  missing: (field: "model" | "messages") => string,
): { model: string; maxTokens: number | undefined; messages: unknown[] } | { invalid: string; param?: string } {
  const { model, messages } = body;
  if (typeof model !== "string" || model === "") return { invalid: missing("model"), param: "model" };
  if (!Array.isArray(messages) || messages.length === 0) return { invalid: missing("messages"), param: "messages" };
  if (maxTokens !== undefined && maxTokens !== null) {
    if (typeof maxTokens !== "number" || !Number.isInteger(maxTokens) || maxTokens < 1) {
      return {
        invalid: `Invalid '${maxTokensParam}': expected an integer >= 1, got ${JSON.stringify(maxTokens)}.`,
        param: maxTokensParam,
      };
    }
    return { model, maxTokens, messages };
  }
  return { model, maxTokens: undefined, messages };
}

function lastUserText(messages: unknown[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (isRecord(message) && message.role === "user") return contentText(message.content);
  }
  return "";
}

function messagesWords(messages: unknown[]): number {
  let words = 0;
  for (const message of messages) if (isRecord(message)) words += countWords(contentText(message.content));
  return words;
}

// ---------------------------------------------------------------------------------------------
// OpenAI: POST /v1/chat/completions

const openAIErrors: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: "invalid_request_error", code: null, message: "Invalid request." },
  401: {
    type: "invalid_request_error",
    code: "invalid_api_key",
    message: "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
  },
  403: {
    type: "invalid_request_error",
    code: "unsupported_country_region_territory",
    message: "Country, region, or territory not supported",
  },
  500: {
    type: "server_error",
    code: null,
    message: "The server had an error while processing your request. Sorry about that!",
  },
  503: { type: "server_error", code: null, message: "The server is overloaded or not ready yet." },
};

function openAIUsage(answer: Answer): OpenAI.CompletionUsage {
  const prompt = answer.request.promptTokens;
  const completion = answer.tokens.length;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/**
 * One `data:` line of the stream. When the request asked for usage, every chunk carries
 * `usage: null` but the last, which carries the figures (and no choices).
 */
function openAIChunk(
  answer: Answer,
  choices: OpenAI.ChatCompletionChunk["choices"],
  usage?: OpenAI.CompletionUsage,
): string {
  const chunk: OpenAI.ChatCompletionChunk = {
    id: answer.id,
    object: "chat.completion.chunk",
    created: answer.created,
    model: answer.request.model,
    service_tier: "default",
    system_fingerprint: "fp_lawguide0",
    choices,
    ...(answer.request.includeUsage ? { usage: usage ?? null } : {}),
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

const openAIWire: Wire = {
  kind: "openai",
  basePath: "/v1",
  route: "/v1/chat/completions",
  requestIdHeader: "x-request-id",
  newRequestId: () => `req_${randomBytes(16).toString("hex")}`,
  parse(body) {
    if (!isRecord(body)) return { invalid: "We could not parse the JSON body of your request." };
    const common = parseCommon(
      body,
      body.max_completion_tokens ?? body.max_tokens,
      body.max_completion_tokens == null ? "max_tokens" : "max_completion_tokens",
      (field) => (field === "model" ? "you must provide a model parameter" : "Missing required parameter: 'messages'."),
    );
    if ("invalid" in common) return common;
    const streamOptions = body.stream_options;
    return {
      model: common.model,
      stream: body.stream === true,
      includeUsage: body.stream === true && isRecord(streamOptions) && streamOptions.include_usage === true,
      maxTokens: common.maxTokens,
      question: lastUserText(common.messages),
      promptTokens: messagesWords(common.messages),
    };
  },
  errorBody(status, ctx) {
    let known = openAIErrors[status] ?? {
      type: status >= 500 ? "server_error" : "invalid_request_error",
      code: null,
      message: http.STATUS_CODES[status] ?? `HTTP ${status}`,
    };
    if (status === 404) {
      known =
        ctx.model === undefined
          ? { type: "invalid_request_error", code: null, message: `Invalid URL (${ctx.method} ${ctx.path})` }
          : {
              type: "invalid_request_error",
              code: "model_not_found",
              message: `The model \`${ctx.model}\` does not exist or you do not have access to it.`,
            };
    }
    if (status === 429) {
      known = {
        type: "requests",
        code: "rate_limit_exceeded",
        message:
          `Rate limit reached for ${ctx.model ?? "this model"} in organization org-lawguidefake on requests per min ` +
          `(RPM): Limit 3, Used 3, Requested 1. Please try again in ${ctx.retryAfterSeconds ?? 20}s.`,
      };
    }
    return {
      error: {
        message: ctx.message ?? known.message,
        type: known.type,
        param: ctx.param ?? null,
        code: ctx.message === undefined ? known.code : null,
      },
    };
  },
  message(answer) {
    const completion: OpenAI.ChatCompletion = {
      id: answer.id,
      object: "chat.completion",
      created: answer.created,
      model: answer.request.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: answer.text, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: answer.truncated ? "length" : "stop",
        },
      ],
      usage: openAIUsage(answer),
      service_tier: "default",
      system_fingerprint: "fp_lawguide0",
    };
    return completion;
  },
  streamOpen(answer) {
    return [
      openAIChunk(answer, [
        { index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null },
      ]),
    ];
  },
  streamDelta(answer, token) {
    return openAIChunk(answer, [{ index: 0, delta: { content: token }, logprobs: null, finish_reason: null }]);
  },
  streamClose(answer) {
    const frames = [
      openAIChunk(answer, [
        { index: 0, delta: {}, logprobs: null, finish_reason: answer.truncated ? "length" : "stop" },
      ]),
    ];
    if (answer.request.includeUsage) frames.push(openAIChunk(answer, [], openAIUsage(answer)));
    frames.push("data: [DONE]\n\n");
    return frames;
  },
};

// ---------------------------------------------------------------------------------------------
// Anthropic: POST /v1/messages

const anthropicErrors: Record<number, { type: string; message: string }> = {
  400: { type: "invalid_request_error", message: "Invalid request." },
  401: { type: "authentication_error", message: "invalid x-api-key" },
  402: { type: "billing_error", message: "Your credit balance is too low to access the Anthropic API." },
  403: { type: "permission_error", message: "Your API key does not have permission to use the specified resource." },
  413: { type: "request_too_large", message: "Request exceeds the maximum allowed number of bytes." },
  429: {
    type: "rate_limit_error",
    message: "This request would exceed your organization's rate limit of 50 requests per minute. Please retry later.",
  },
  500: { type: "api_error", message: "Internal server error" },
  504: { type: "timeout_error", message: "Request timed out" },
  529: { type: "overloaded_error", message: "Overloaded" },
};

function anthropicUsage(answer: Answer, outputTokens: number): Anthropic.Usage {
  return {
    input_tokens: answer.request.promptTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    inference_geo: null,
    speed: null,
  };
}

function anthropicMessage(answer: Answer, done: boolean): Anthropic.Message {
  return {
    id: answer.id,
    type: "message",
    role: "assistant",
    model: answer.request.model,
    content: done ? [{ type: "text", text: answer.text, citations: null }] : [],
    stop_reason: done ? (answer.truncated ? "max_tokens" : "end_turn") : null,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    // The real API reports one output token at message_start; message_delta carries the total.
    usage: anthropicUsage(answer, done ? answer.tokens.length : 1),
  };
}

function anthropicEvent(event: Anthropic.RawMessageStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

const anthropicWire: Wire = {
  kind: "anthropic",
  basePath: "",
  route: "/v1/messages",
  requestIdHeader: "request-id",
  newRequestId: () => `req_011C${randomChars(20)}`,
  parse(body) {
    if (!isRecord(body)) return { invalid: "There was an error parsing the body of your request." };
    if (body.max_tokens == null) return { invalid: "max_tokens: Field required", param: "max_tokens" };
    const common = parseCommon(body, body.max_tokens, "max_tokens", (field) => `${field}: Field required`);
    if ("invalid" in common) return common;
    return {
      model: common.model,
      stream: body.stream === true,
      includeUsage: false,
      maxTokens: common.maxTokens,
      question: lastUserText(common.messages),
      promptTokens: messagesWords(common.messages) + countWords(contentText(body.system)),
    };
  },
  errorBody(status, ctx, requestId) {
    let known = anthropicErrors[status] ?? {
      type: status >= 500 ? "api_error" : "invalid_request_error",
      message: http.STATUS_CODES[status] ?? `HTTP ${status}`,
    };
    if (status === 404) {
      known = { type: "not_found_error", message: ctx.model === undefined ? "Not Found" : `model: ${ctx.model}` };
    }
    return {
      type: "error",
      error: { type: known.type, message: ctx.message ?? known.message },
      request_id: requestId,
    };
  },
  message: (answer) => anthropicMessage(answer, true),
  streamOpen(answer) {
    return [
      anthropicEvent({ type: "message_start", message: anthropicMessage(answer, false) }),
      anthropicEvent({
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "", citations: null },
      }),
      'event: ping\ndata: {"type": "ping"}\n\n',
    ];
  },
  streamDelta(_answer, token) {
    return anthropicEvent({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: token } });
  },
  streamClose(answer) {
    return [
      anthropicEvent({ type: "content_block_stop", index: 0 }),
      anthropicEvent({
        type: "message_delta",
        delta: {
          stop_reason: answer.truncated ? "max_tokens" : "end_turn",
          stop_sequence: null,
          stop_details: null,
          container: null,
        },
        usage: {
          input_tokens: answer.request.promptTokens,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: answer.tokens.length,
          output_tokens_details: null,
          server_tool_use: null,
        },
      }),
      anthropicEvent({ type: "message_stop" }),
    ];
  },
};

// ---------------------------------------------------------------------------------------------
// The server

/** Validates a mode received over HTTP. */
function parseMode(value: unknown): FakeMode | undefined {
  if (!isRecord(value)) return undefined;
  const count = (key: string) => {
    const n = value[key];
    return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const optional = (key: string) => value[key] === undefined || count(key) !== undefined;
  switch (value.kind) {
    case "ok": {
      if (!optional("tokenDelayMs") || !optional("firstTokenDelayMs")) return undefined;
      if (value.text !== undefined && typeof value.text !== "string") return undefined;
      const mode: FakeMode = { kind: "ok" };
      if (typeof value.tokenDelayMs === "number") mode.tokenDelayMs = value.tokenDelayMs;
      if (typeof value.firstTokenDelayMs === "number") mode.firstTokenDelayMs = value.firstTokenDelayMs;
      if (typeof value.text === "string") mode.text = value.text;
      return mode;
    }
    case "rate-limit": {
      const retryAfterSeconds = count("retryAfterSeconds");
      const times = count("times");
      if (retryAfterSeconds === undefined || times === undefined) return undefined;
      return { kind: "rate-limit", retryAfterSeconds, times };
    }
    case "error": {
      const status = value.status;
      if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) return undefined;
      return { kind: "error", status };
    }
    case "hang":
      return { kind: "hang" };
    case "broken-stream": {
      const afterTokens = count("afterTokens");
      return afterTokens === undefined ? undefined : { kind: "broken-stream", afterTokens };
    }
    default:
      return undefined;
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Writes and resolves once the data is handed to the socket (at once if the response is gone). */
function write(res: http.ServerResponse, data: string): Promise<void> {
  if (res.destroyed || res.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    res.write(data, () => resolve());
  });
}

/** Waits `ms`, or less if the response closes first. */
function pause(ms: number, res: http.ServerResponse): Promise<void> {
  if (ms <= 0 || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on("close", done);
  });
}

function buildAnswer(wire: Wire, request: ChatRequest, mode: FakeMode, requestId: string): Answer {
  const text = mode.kind === "ok" && mode.text !== undefined ? mode.text : fakeAnswer(wire.kind, request.question);
  let tokens = splitTokens(text);
  const truncated = request.maxTokens !== undefined && tokens.length > request.maxTokens;
  if (truncated) tokens = tokens.slice(0, request.maxTokens);
  return {
    id: wire.kind === "openai" ? `chatcmpl-${randomChars(29)}` : `msg_01${randomChars(22)}`,
    requestId,
    created: Math.floor(Date.now() / 1000),
    request,
    tokens,
    text: truncated ? tokens.join("") : text,
    truncated,
  };
}

async function sendAnswer(wire: Wire, res: http.ServerResponse, answer: Answer, mode: FakeMode) {
  const firstDelay = mode.kind === "ok" ? (mode.firstTokenDelayMs ?? 0) : 0;
  const tokenDelay = mode.kind === "ok" ? (mode.tokenDelayMs ?? 0) : 0;
  const headers = { [wire.requestIdHeader]: answer.requestId };

  if (!answer.request.stream) {
    // A non-streaming answer arrives once the whole text would have been generated.
    await pause(firstDelay + tokenDelay * Math.max(0, answer.tokens.length - 1), res);
    if (res.destroyed) return;
    sendJson(res, 200, wire.message(answer), headers);
    return;
  }

  const brokenAfter = mode.kind === "broken-stream" ? mode.afterTokens : undefined;
  res.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
  });
  res.flushHeaders();
  for (const frame of wire.streamOpen(answer)) await write(res, frame);
  for (const [index, token] of answer.tokens.entries()) {
    if (brokenAfter !== undefined && index >= brokenAfter) break;
    await pause(index === 0 ? firstDelay : tokenDelay, res);
    if (res.destroyed) return;
    await write(res, wire.streamDelta(answer, token));
  }
  if (brokenAfter !== undefined) {
    res.socket?.destroy();
    return;
  }
  for (const frame of wire.streamClose(answer)) await write(res, frame);
  res.end();
}

async function startFake(wire: Wire, port: number): Promise<FakeProviderServer> {
  let current: FakeMode = { kind: "ok" };
  let rateLimited = 0;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const setMode = (mode: FakeMode) => {
    current = { ...mode };
    rateLimited = 0;
  };
  const reset = () => {
    setMode({ kind: "ok" });
    requests.length = 0;
  };

  function control(req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string) {
    if (req.method === "POST" && path === "/__control/mode") {
      const parsed = parseJson(raw);
      const mode = parsed.ok ? parseMode(parsed.value) : undefined;
      if (!mode) {
        sendJson(res, 400, { error: "body must be a FakeMode as JSON" });
        return;
      }
      setMode(mode);
      res.writeHead(204).end();
    } else if (req.method === "POST" && path === "/__control/reset") {
      reset();
      res.writeHead(204).end();
    } else if (req.method === "GET" && path === "/__control/requests") {
      sendJson(res, 200, requests);
    } else {
      sendJson(res, 404, { error: `unknown control endpoint ${req.method} ${path}` });
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await readBody(req);
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path.startsWith("/__control/")) return control(req, res, path, raw);

    const parsed = raw === "" ? { ok: false as const } : parseJson(raw);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
    }
    requests.push({ path, headers, body: parsed.ok ? parsed.value : raw || undefined, at: Date.now() });

    const requestId = wire.newRequestId();
    const method = req.method ?? "GET";
    const body = parsed.ok ? parsed.value : undefined;
    const model = isRecord(body) && typeof body.model === "string" ? body.model : undefined;
    const fail = (status: number, ctx: Partial<ErrorContext> = {}, extra: Record<string, string> = {}) => {
      const full: ErrorContext = { method, path, model, ...ctx };
      sendJson(res, status, wire.errorBody(status, full, requestId), { [wire.requestIdHeader]: requestId, ...extra });
    };

    if (method !== "POST" || path !== wire.route) return fail(404, { model: undefined });

    const mode = current;
    switch (mode.kind) {
      case "hang":
        return; // The socket stays open until the client gives up or the server closes.
      case "error":
        return fail(mode.status);
      case "rate-limit":
        if (rateLimited < mode.times) {
          rateLimited++;
          return fail(
            429,
            { retryAfterSeconds: mode.retryAfterSeconds },
            { "retry-after": String(mode.retryAfterSeconds) },
          );
        }
        break;
      default:
        break;
    }

    const request = parsed.ok ? wire.parse(body) : { invalid: "We could not parse the JSON body of your request." };
    if ("invalid" in request) {
      return fail(
        400,
        request.param === undefined ? { message: request.invalid } : { message: request.invalid, param: request.param },
      );
    }
    if (mode.kind === "broken-stream" && !request.stream) {
      req.socket.destroy();
      return;
    }
    await sendAnswer(wire, res, buildAnswer(wire, request, mode, requestId), mode);
  }

  const server = http.createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, 500, { error: `fake ${wire.kind} server failed: ${String(error)}` });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    kind: wire.kind,
    url: `http://127.0.0.1:${actualPort}${wire.basePath}`,
    port: actualPort,
    setMode,
    mode: () => current,
    requests,
    reset,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
