import { sql } from "drizzle-orm";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PUBLIC_AUTH_ENDPOINTS } from "../../src/server/auth/auth";
import { DEFAULT_SETTINGS, SETTINGS_SECTIONS } from "../../src/shared/schemas/settings";
import { getTemplate, TEMPLATES } from "../../src/shared/templates/template-list";
import {
  body,
  brief,
  catalogueSchemas,
  cleanKind,
  contentType,
  decodedCursor,
  type FuzzBody,
  hostileString,
  isJsonType,
  JSON_TYPE,
  kindsOf,
  QUERY_KEYS,
  queryPairs,
  replaceAt,
  stringLeaves,
  stripeEvent,
  uuid,
  type ZodLike,
} from "../factories/fuzz-inputs";
import { validAnswers } from "../factories/sample-answers";
import { parseSse } from "../factories/sse";
import { ADMIN, setupTestApp } from "../factories/test-app";
import { TEST_ORIGIN } from "../factories/test-client";
import { waitUntil } from "../factories/wait";
import { startFakeStripe } from "../fakes/stripe-fake";
import { docxBomb, pdfBomb } from "../fixtures/uploads/build-files";

/**
 * Fuzzing every API route with fast-check. The routes come from the app itself (`app.routes`,
 * plus the better-auth endpoints behind the `/api/auth/*` wildcard), so a new route is fuzzed
 * without anyone listing it here. Each route is first asked which query keys and body fields it
 * checks (its 400 names them); then generated requests (hostile path parameters, query values,
 * crafted cursors and dates, JSON bodies built from the shared zod schemas' fields) go to it as a
 * visitor, a member and the administrator, mostly labelled JSON, sometimes as text, a form,
 * multipart or nothing. Every answer must be below 500; a refusal in JSON must have the
 * `{ error: { code, message } }` shape; a refusal must not add or remove a row of the data tables;
 * and a body labelled anything but JSON is never accepted (except where the route reads another
 * kind: the webhook, uploads). Stripe's webhook also gets generated events signed with the
 * webhook secret of a second app configured for Stripe (its fake on 127.0.0.1). Failures are collected, reduced to the part of the input that matters, and
 * listed together at the end.
 *
 * FUZZ_RUNS (runs per route, default 30), FUZZ_SEED (replay a run), FUZZ_ONLY (fuzz only the routes
 * whose "METHOD /path" contains it) and FUZZ_VERBOSE (what each route checks, statuses per route,
 * every answer to FUZZ_ONLY's routes) tune it.
 */

const t = setupTestApp();

// better-auth prints each exception of a request to the console ("# SERVER_ERROR: ..."): counted, not printed
// (the 500 it leads to is reported below).
let authConsoleErrors = 0;
const printError = console.error.bind(console);
const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].startsWith("# SERVER_ERROR")) authConsoleErrors += 1;
  else printError(...args);
});
afterAll(() => quiet.mockRestore());

const SHARDS = 3;
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STREAM_TIMEOUT_MS = 20_000;
/** Culprits looked for per route, actor and problem; later failures with none of them are listed as sent. */
const CULPRITS_PER_KIND = 6;

// ---------------------------------------------------------------------------------------------
// What to fuzz with.

const schemaModules = import.meta.glob<Record<string, unknown>>(
  ["../../src/shared/schemas/*.ts", "!../../src/shared/schemas/*.test.ts"],
  { eager: true },
);
const catalogue = catalogueSchemas(Object.values(schemaModules));
const AUTH_FIELDS = [
  "email",
  "password",
  "firstName",
  "lastName",
  "phone",
  "profession",
  "token",
  "newPassword",
  "currentPassword",
  "name",
  "rememberMe",
  "revokeOtherSessions",
  "redirectTo",
  "callbackURL",
];
const ALL_FIELDS = [...new Set([...catalogue.fieldNames, ...AUTH_FIELDS])];
/** Path segments a route may expect by name: the settings sections and the like, template ids. */
const NAMED_SEGMENTS = [...catalogue.namedObjects.keys(), ...TEMPLATES.map((template) => template.id)];
/** Good values of some body fields, so a body gets past the first check. */
const HINTS = { templateId: TEMPLATES.map((template) => template.id) };

/** Requests that would end a signed-in actor's session or account: sent by the visitor only. */
const SIGNED_IN_SKIP = new Set(["POST /api/auth/sign-out", "DELETE /api/profile"]);

/** Tables whose row counts a refused request must leave alone (logs, sessions, limits and counters may change). */
const DATA_TABLES = [
  "user",
  "user_profiles",
  "cases",
  "case_messages",
  "documents",
  "document_drafts",
  "attorney_referrals",
  "comparison_votes",
  "subscriptions",
  "attorneys",
  "testimonials",
  "ai_models",
  "system_settings",
];
const FINGERPRINT = sql.raw(
  `select ${DATA_TABLES.map((name) => `(select count(*)::int from "${name}") as "${name}"`).join(", ")}`,
);

interface Route {
  method: string;
  path: string;
}

/** The app's routes, once each, without middleware and wildcard handlers; the public auth endpoints added. */
function listRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const { method, path } of t.app.routes) {
    if (path.includes("*")) continue; // middleware (`use`), the static files, the auth catch-all
    // `all("/path", handler)` answers any method: fuzz it as GET and POST.
    for (const m of method === "ALL" ? ["GET", "POST"] : [method]) routes.set(`${m} ${path}`, { method: m, path });
  }
  for (const endpoint of PUBLIC_AUTH_ENDPOINTS) {
    const [method = "", sub = ""] = endpoint.split(" ");
    routes.set(`${method} /api/auth${sub}`, { method, path: `/api/auth${sub}` });
  }
  return [...routes.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const PARAM = /:(\w+)(\{[^}]*\})?/g;
const paramNames = (path: string) => [...path.matchAll(PARAM)].map((m) => m[1] as string);
const hasBody = (route: Route) => route.method !== "GET" && route.method !== "HEAD";

// ---------------------------------------------------------------------------------------------
// Generated requests.

type ParamValue =
  /** One of the ids the actors own (cases, comparisons, documents). */
  | { kind: "known"; index: number }
  | { kind: "text"; value: string }
  /** Put in the URL as it is (already percent-encoded, or meant to be broken). */
  | { kind: "raw"; value: string };

interface FuzzRequest {
  params: Record<string, ParamValue>;
  query: [string, string][];
  body: FuzzBody;
  /** The Content-Type sent; null sends none (the body as bytes). */
  contentType: string | null;
}

const paramValue: fc.Arbitrary<ParamValue> = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((index): ParamValue => ({ kind: "known", index })) },
  { weight: 3, arbitrary: fc.constantFrom(...NAMED_SEGMENTS).map((value): ParamValue => ({ kind: "text", value })) },
  { weight: 2, arbitrary: uuid.map((value): ParamValue => ({ kind: "text", value })) },
  { weight: 3, arbitrary: hostileString.map((value): ParamValue => ({ kind: "text", value })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("%00", "%", "%zz", "%ff", "%ED%A0%80", "%2F", "..", "%2e%2e", "a%00b", "%E2%80%AE")
      .map((value): ParamValue => ({ kind: "raw", value })),
  },
);

/** What a route checks, learnt by asking it (see `discover`). */
interface RouteFields {
  query: string[];
  body: string[];
  /** Path parameters the route accepted. */
  params: Record<string, string>;
}

/** The body fields to spoil: those the route named; for better-auth's routes, which name only some, the account fields too. */
const fieldsOf = (route: Route, known: RouteFields) =>
  route.path.startsWith("/api/auth/") ? [...new Set([...known.body, ...AUTH_FIELDS])] : known.body;

function requestArb(route: Route, known: RouteFields): fc.Arbitrary<FuzzRequest> {
  const names = paramNames(route.path);
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => {
        const accepted = known.params[name];
        const value =
          accepted === undefined
            ? paramValue
            : fc.oneof(paramValue, fc.constant<ParamValue>({ kind: "text", value: accepted }));
        return [name, value];
      }),
    ),
  ) as fc.Arbitrary<Record<string, ParamValue>>;
  const routeFields = fieldsOf(route, known);
  return params.chain((p) => {
    // A path segment naming a schema (a settings section) makes a body of that schema likely.
    const preferred = Object.values(p).flatMap((v) =>
      v.kind === "text" && catalogue.namedObjects.has(v.value) ? [catalogue.namedObjects.get(v.value) as ZodLike] : [],
    );
    return fc.record({
      params: fc.constant(p),
      query: queryPairs(known.query),
      body: hasBody(route)
        ? body({ catalogue, extraFields: AUTH_FIELDS, routeFields, hints: HINTS, preferred })
        : fc.constant<FuzzBody>({ kind: "empty" }),
      contentType: hasBody(route) ? contentType : fc.constant<string | null>(JSON_TYPE),
    });
  });
}

/** encodeURIComponent, writing a lone surrogate as the (invalid) UTF-8-style bytes of its code instead of throwing. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = "";
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join("");
      } else out += encodeURIComponent(ch);
    }
    return out;
  }
}

function urlOf(route: Route, request: FuzzRequest, pool: string[]): string {
  const path = route.path.replace(PARAM, (_m, name: string) => {
    const value = request.params[name] ?? { kind: "text", value: "" };
    if (value.kind === "raw") return value.value;
    if (value.kind === "text") return encode(value.value);
    return pool.length > 0 ? (pool[value.index % pool.length] as string) : ZERO_UUID;
  });
  const query = request.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  return query ? `${path}?${query}` : path;
}

function bodyText(request: FuzzRequest): string | undefined {
  if (request.body.kind === "json") return JSON.stringify(request.body.value);
  if (request.body.kind === "raw") return request.body.text;
  return undefined;
}

/** The request as a short text (long strings cut, cursors decoded), at most 200 characters. */
function describeInput(route: Route, request: FuzzRequest): string {
  const params = Object.entries(request.params).map(
    ([k, v]) => `:${k}=${v.kind === "known" ? "<an actor's id>" : brief(v.value, 40)}`,
  );
  const query = request.query.map(([k, v]) => {
    const decoded = decodedCursor(v);
    return `${brief(k, 20)}=${decoded === null ? brief(v, 50) : `base64url(${brief(decoded, 80)})`}`;
  });
  const content =
    request.body.kind === "json"
      ? brief(request.body.value, 110)
      : request.body.kind === "raw"
        ? `not JSON ${brief(request.body.text, 40)}`
        : "empty";
  const parts = [
    params.join(" "),
    query.length ? `query ${query.join("&")}` : "",
    hasBody(route) ? `body ${content}` : "",
    request.contentType === JSON_TYPE ? "" : `content-type ${JSON.stringify(request.contentType)}`,
  ].filter(Boolean);
  const text = parts.join("; ") || "(nothing)";
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The hostile parts of a request, one per place and kind ("body.address: NUL", "query cursor: crafted cursor"). */
function hostileParts(request: FuzzRequest): string[] {
  const parts: string[] = [];
  const note = (where: string, text: string) => {
    for (const kind of kindsOf(text)) parts.push(`${where}: ${kind}`);
  };
  for (const [k, v] of Object.entries(request.params)) {
    if (v.kind === "text") note(`param :${k}`, v.value);
    if (v.kind === "raw") parts.push(`param :${k}: raw ${v.value}`);
  }
  for (const [k, v] of request.query) note(`query ${k}`, v);
  if (request.body.kind === "json") {
    for (const { path, text } of stringLeaves(request.body.value)) note(["body", ...path].join("."), text);
  }
  if (request.body.kind === "raw") parts.push(`body not JSON: ${brief(request.body.text, 30)}`);
  if (request.contentType !== JSON_TYPE) parts.push(`content-type ${JSON.stringify(request.contentType)}`);
  return [...new Set(parts)];
}

// ---------------------------------------------------------------------------------------------
// Actors.

interface Actor {
  name: "visitor" | "member" | "admin";
  cookie: string | null;
  password: string | null;
  /** Ids of what this actor owns (cases, comparisons, documents). */
  ids: string[];
}

const cookieOf = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");

function call(actor: Actor, method: string, path: string, json?: unknown): Promise<Response> {
  const headers = new Headers({ origin: TEST_ORIGIN, "content-type": "application/json" });
  if (actor.cookie) headers.set("cookie", actor.cookie);
  return Promise.resolve(
    t.app.request(path, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) }),
  );
}

/** The whole body (an event stream to its end), or what came before STREAM_TIMEOUT_MS. */
async function readAll(response: Response): Promise<{ text: string; finished: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: "", finished: true };
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + STREAM_TIMEOUT_MS;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
    });
    const chunk = await Promise.race([reader.read(), timeout]);
    clearTimeout(timer);
    if (chunk === "timeout") {
      await reader.cancel().catch(() => {});
      return { text, finished: false };
    }
    if (chunk.done) return { text, finished: true };
    text += decoder.decode(chunk.value, { stream: true });
  }
}

/** Give the actor things of its own for path parameters to point at (best effort: failures only mean fewer ids). */
async function provision(actor: Actor): Promise<void> {
  const parse = async (response: Response) => {
    const { text } = await readAll(response);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return parseSse(text);
    }
  };
  const created = (await parse(await call(actor, "POST", "/api/cases", { title: "Fuzz case" }))) as {
    case?: { id?: string };
  };
  const caseId = created.case?.id;
  if (caseId) {
    actor.ids.push(caseId);
    await parse(await call(actor, "POST", `/api/cases/${caseId}/messages`, { content: "Can my landlord keep it?" }));
    const compared = await parse(await call(actor, "POST", `/api/cases/${caseId}/comparisons`, { content: "Sue?" }));
    const comparisonId = Array.isArray(compared)
      ? compared.find((e) => e.event === "comparison")?.data?.id
      : (compared as { comparison?: { id?: string } }).comparison?.id;
    if (typeof comparisonId === "string") actor.ids.push(comparisonId);
  }
  const will = getTemplate("will") ?? TEMPLATES[0];
  if (will) {
    const [answers] = fc.sample(validAnswers(will), { numRuns: 1, seed: SEED });
    const generated = (await parse(
      await call(actor, "POST", "/api/documents/generate", { templateId: will.id, answers }),
    )) as { document?: { id?: string } };
    if (generated.document?.id) actor.ids.push(generated.document.id);
    await parse(await call(actor, "PUT", `/api/documents/drafts/${will.id}`, { answers, step: 1 }));
  }
}

async function signedInMember(): Promise<Actor> {
  const password = `Fuzz-actor-${Math.random().toString(36).slice(2)}-pass`;
  const m = await t.member({ password });
  const actor: Actor = { name: "member", cookie: cookieOf(m.client.cookies), password, ids: [] };
  await provision(actor);
  return actor;
}

async function signedInAdmin(): Promise<Actor> {
  const admin = await t.admin();
  const actor: Actor = { name: "admin", cookie: cookieOf(admin.cookies), password: ADMIN.password, ids: [] };
  await provision(actor);
  // The seeded testimonials, for the routes that edit, move and delete one.
  const listed = (await (await call(actor, "GET", "/api/admin/testimonials")).json().catch(() => null)) as {
    testimonials?: { id: string }[];
  } | null;
  for (const { id } of listed?.testimonials ?? []) actor.ids.push(id);
  return actor;
}

async function stillSignedIn(actor: Actor): Promise<boolean> {
  const response = await call(actor, "GET", "/api/me");
  const me = (await response.json().catch(() => null)) as { user?: unknown } | null;
  return Boolean(me?.user);
}

// ---------------------------------------------------------------------------------------------
// Learning what a route checks: a refusal names every field it refused.

const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
/** Every known field with a value no field takes (no string, number, boolean, record or list of strings). */
const BODY_PROBE = Object.fromEntries(ALL_FIELDS.map((name) => [name, [[{}]]]));
/** Every usual query key twice: a repeated key reaches the schema as a list, which no query field takes. */
const QUERY_PROBE = QUERY_KEYS.flatMap((key): [string, string][] => [
  [key, "1"],
  [key, "2"],
]);
const FIELD_IN_MESSAGE = new RegExp(`\\b(${ALL_FIELDS.join("|")})\\b`, "gi");

/** The fields named by the 400 that this request gets (none for any other answer). */
async function refusedFields(
  route: Route,
  actor: Actor,
  params: Record<string, string>,
  query: [string, string][],
  json: unknown,
): Promise<string[]> {
  const path = route.path.replace(PARAM, (_m, name: string) => encode(params[name] ?? ""));
  const qs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  const response = await call(actor, route.method, qs ? `${path}?${qs}` : path, json);
  const { text } = await readAll(response);
  if (response.status >= 500) notes.push(`the probe of ${route.method} ${route.path} got ${response.status}`);
  if (response.status !== 400) return [];
  try {
    const error = (JSON.parse(text) as { error?: { message?: string; fields?: Record<string, string> } }).error;
    const named = Object.keys(error?.fields ?? {}).map((key) => key.split(".")[0] as string);
    // better-auth gives no fields, but names them in its message ("[body.token] Invalid input").
    const lower = new Map(ALL_FIELDS.map((f) => [f.toLowerCase(), f]));
    const mentioned = [...(error?.message ?? "").matchAll(FIELD_IN_MESSAGE)].map(
      (m) => lower.get((m[1] as string).toLowerCase()) as string,
    );
    return [...new Set([...named, ...mentioned])];
  } catch {
    return [];
  }
}

/** The query keys and body fields `route` checks, asked as the administrator (who passes every guard). */
async function discover(route: Route, admin: Actor, pool: string[]): Promise<RouteFields> {
  if (SIGNED_IN_SKIP.has(`${route.method} ${route.path}`)) return { query: [], body: [], params: {} };
  const names = paramNames(route.path);
  const candidates = names.length === 0 ? [ZERO_UUID] : [...new Set([...pool, ...NAMED_SEGMENTS, ZERO_UUID])];
  for (const candidate of candidates.slice(0, 20)) {
    const params = Object.fromEntries(names.map((name) => [name, candidate]));
    const fromQuery = await refusedFields(route, admin, params, QUERY_PROBE, hasBody(route) ? {} : undefined);
    const fromBody = hasBody(route) ? await refusedFields(route, admin, params, [], BODY_PROBE) : [];
    if ([...fromQuery, ...fromBody].some((k) => names.includes(k))) continue; // parameters refused: try others
    return {
      query: fromQuery.filter((k) => (QUERY_KEYS as readonly string[]).includes(k)),
      body: fromBody.filter((k) => k !== "_"),
      params,
    };
  }
  return { query: [], body: [], params: {} };
}

// ---------------------------------------------------------------------------------------------
// Sending and judging.

interface Failure {
  method: string;
  path: string;
  actor: string;
  status: number;
  problem: string;
  /** What in the input makes it fail: found by reducing it, or the same as an earlier reduced input's. */
  culprit: string;
  /** "not again on resending": the first try may have changed what the second meets (an e-mail now taken). */
  how: "reduced" | "same culprit" | "not reduced" | "not again on resending";
  input: string;
}

const failures: Failure[] = [];
const statusCounts = new Map<number, number>();
const perRoute = new Map<string, Map<string, number>>();
const notes: string[] = [];
/** Culprits found by reducing, by route, actor and problem. */
const culprits = new Map<string, string[][]>();
let sent = 0;
let skipped = 0;
let unfinishedStreams = 0;
let nonJsonErrors = 0;
const nonJsonRoutes = new Set<string>();

async function fingerprint(): Promise<Record<string, number>> {
  const result = (await t.services.db.execute(FINGERPRINT)) as unknown as
    | { rows: Record<string, number>[] }
    | Record<string, number>[];
  const rows = Array.isArray(result) ? result : result.rows; // node-postgres and PGlite: .rows
  return rows[0] ?? {};
}

interface Outcome {
  status: number;
  problems: string[];
}

/** Paths that read another kind of body than JSON (raw and signed, multipart). */
const NOT_JSON_PATHS = new Set(["/api/billing/webhook", "/api/uploads"]);

async function send(route: Route, request: FuzzRequest, actor: Actor, pool: string[]): Promise<Outcome | "unsendable"> {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (request.contentType !== null) headers.set("content-type", request.contentType);
  if (actor.cookie) headers.set("cookie", actor.cookie);
  const text = hasBody(route) ? bodyText(request) : undefined;
  let raw: Request;
  try {
    raw = new Request(new URL(urlOf(route, request, pool), TEST_ORIGIN), {
      method: route.method,
      headers,
      // Without a Content-Type the body goes as bytes (a string would be labelled text/plain).
      ...(text === undefined ? {} : { body: request.contentType === null ? new TextEncoder().encode(text) : text }),
    });
  } catch {
    return "unsendable"; // no HTTP client could send it: not the server's concern
  }
  const before = await fingerprint();
  let response: Response;
  try {
    response = await t.app.request(raw);
  } catch (error) {
    return { status: 0, problems: [`app.request threw ${String(error).slice(0, 120)}`] };
  }
  const problems: string[] = [];
  const type = response.headers.get("content-type") ?? "";
  const { text: answer, finished } = await readAll(response);
  if (response.status < 400 && route.path.startsWith("/api/admin") && hasBody(route)) {
    // An accepted settings change (maintenance mode, password rules...) would change every later answer.
    for (const section of SETTINGS_SECTIONS) {
      await t.services.settings.update(section, DEFAULT_SETTINGS[section] as never, { userId: null });
    }
  }
  if (!finished) {
    unfinishedStreams += 1;
    problems.push(`body still open after ${STREAM_TIMEOUT_MS / 1000}s`);
  }
  if (process.env.FUZZ_VERBOSE && process.env.FUZZ_ONLY) {
    console.log(
      `[fuzz] ${actor.name} ${response.status} ${describeInput(route, request)}\n    → ${answer.slice(0, 200)}`,
    );
  }
  if (response.status >= 500) problems.push(`status ${response.status}`);
  if (
    response.status < 400 &&
    hasBody(route) &&
    request.contentType !== null &&
    !isJsonType(request.contentType) &&
    route.path.startsWith("/api/") &&
    !NOT_JSON_PATHS.has(route.path)
  ) {
    problems.push(`accepted a body labelled ${JSON.stringify(request.contentType)} (${response.status})`);
  }
  if (response.status >= 400) {
    if (type.includes("application/json")) {
      let parsed: { error?: { code?: unknown; message?: unknown } } | undefined;
      try {
        parsed = JSON.parse(answer);
      } catch {
        problems.push("error body is not JSON");
      }
      if (parsed && (typeof parsed.error?.code !== "string" || typeof parsed.error?.message !== "string")) {
        problems.push(`error body not { error: { code, message } }: ${brief(answer, 100)}`);
      }
    } else {
      nonJsonErrors += 1;
      nonJsonRoutes.add(`${route.method} ${route.path} ${response.status} (${type || "no content type"})`);
    }
    const after = await fingerprint();
    const changed = DATA_TABLES.filter((name) => after[name] !== before[name]);
    if (changed.length) {
      const counts = changed.map((n) => `${n} ${before[n]}→${after[n]}`).join(", ");
      problems.push(`refusal (${response.status}) changed rows: ${counts}`);
    }
  }
  return { status: response.status, problems };
}

/**
 * The smallest sublist of `items` that `fails` still holds for, removing halves, then quarters, and
 * so on (ddmin, complements only), in at most `budget` tries.
 */
async function ddmin<T>(items: T[], fails: (kept: T[]) => Promise<boolean>, budget: { left: number }): Promise<T[]> {
  let kept = items;
  let parts = 2;
  while (kept.length > 0 && budget.left > 0) {
    const size = Math.ceil(kept.length / parts);
    let removed = false;
    for (let i = 0; i < kept.length && budget.left > 0; i += size) {
      const candidate = [...kept.slice(0, i), ...kept.slice(i + size)];
      budget.left -= 1;
      if (await fails(candidate)) {
        kept = candidate;
        parts = Math.max(parts - 1, 2);
        removed = true;
        break;
      }
    }
    if (!removed) {
      if (size === 1) break;
      parts = Math.min(parts * 2, kept.length);
    }
  }
  return kept;
}

/** One kind of hostility (see kindsOf) in one string of a request. */
type Place = { in: "query"; index: number } | { in: "param"; name: string } | { in: "body"; path: (string | number)[] };
type Spot = Place & { kind: string };

function hostileSpots(request: FuzzRequest): Spot[] {
  const spots: Spot[] = [];
  const add = (where: Place, text: string) => {
    for (const kind of kindsOf(text)) if (cleanKind(text, kind) !== text) spots.push({ ...where, kind });
  };
  for (const [index, [, v]] of request.query.entries()) add({ in: "query", index }, v);
  for (const [name, v] of Object.entries(request.params)) if (v.kind === "text") add({ in: "param", name }, v.value);
  if (request.body.kind === "json") {
    for (const { path, text } of stringLeaves(request.body.value)) add({ in: "body", path }, text);
  }
  return spots;
}

/** The request with the hostility at `spots` removed. */
function cleaned(request: FuzzRequest, spots: Spot[]): FuzzRequest {
  let out = request;
  for (const spot of spots) {
    if (spot.in === "query") {
      out = {
        ...out,
        query: out.query.map(([k, v], i): [string, string] => [k, i === spot.index ? cleanKind(v, spot.kind) : v]),
      };
    } else if (spot.in === "param") {
      const v = out.params[spot.name];
      if (v?.kind === "text") {
        out = {
          ...out,
          params: { ...out.params, [spot.name]: { kind: "text", value: cleanKind(v.value, spot.kind) } },
        };
      }
    } else if (out.body.kind === "json") {
      const leaf = stringLeaves(out.body.value).find((l) => l.path.join("\u0001") === spot.path.join("\u0001"));
      if (leaf) {
        out = {
          ...out,
          body: { kind: "json", value: replaceAt(out.body.value, spot.path, cleanKind(leaf.text, spot.kind)) },
        };
      }
    }
  }
  return out;
}

/**
 * What in a failing request makes it fail with this status: first the query pairs and body fields
 * it needs, then which of its hostile strings must stay hostile. Null when it does not fail again.
 */
async function reduce(route: Route, request: FuzzRequest, actor: Actor, pool: string[], status: number) {
  const fails = async (candidate: FuzzRequest) => {
    const outcome = await send(route, fresh(candidate), actor, pool);
    return outcome !== "unsendable" && outcome.status === status;
  };
  if (!(await fails(request))) return null;
  const budget = { left: 80 };
  let start = request;
  const value = request.body.kind === "json" ? request.body.value : null;
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
  if (request.body.kind !== "empty" && !isObject && (await fails({ ...request, body: { kind: "empty" } }))) {
    start = { ...request, body: { kind: "empty" } };
  }
  if (start.contentType !== JSON_TYPE && (await fails({ ...start, contentType: JSON_TYPE }))) {
    start = { ...start, contentType: JSON_TYPE };
  }
  type Piece = { query: [string, string] } | { field: [string, unknown] };
  const pieces: Piece[] = [
    ...start.query.map((pair): Piece => ({ query: pair })),
    ...(isObject ? Object.entries(value).map((field): Piece => ({ field })) : []),
  ];
  const rebuild = (kept: Piece[]): FuzzRequest => ({
    ...start,
    query: kept.flatMap((p) => ("query" in p ? [p.query] : [])),
    body: isObject
      ? { kind: "json", value: Object.fromEntries(kept.flatMap((p) => ("field" in p ? [p.field] : []))) }
      : start.body,
  });
  const smaller = rebuild(await ddmin(pieces, (kept) => fails(rebuild(kept)), budget));
  const spots = hostileSpots(smaller);
  const harmless = (kept: Spot[]) =>
    cleaned(
      smaller,
      spots.filter((spot) => !kept.includes(spot)),
    );
  return harmless(await ddmin(spots, (kept) => fails(harmless(kept)), budget));
}

let freshCount = 0;
/**
 * The request with new addresses in place of the generated `fuzz-…@` ones, so that resending a
 * sign-up that worked (or half worked) does not just meet "e-mail taken".
 */
function fresh(request: FuzzRequest): FuzzRequest {
  if (request.body.kind !== "json") return request;
  let value = request.body.value;
  for (const { path, text } of stringLeaves(value)) {
    if (/fuzz-[a-z0-9]+@/.test(text)) {
      freshCount += 1;
      value = replaceAt(value, path, text.replace(/fuzz-[a-z0-9]+@/g, `fuzz-again${freshCount}@`));
    }
  }
  return { ...request, body: { kind: "json", value } };
}

async function judge(route: Route, request: FuzzRequest, actor: Actor, pool: string[]): Promise<void> {
  const routeKey = `${route.method} ${route.path}`;
  if (actor.cookie && SIGNED_IN_SKIP.has(routeKey)) {
    skipped += 1;
    return;
  }
  if (actor.password && (bodyText(request) ?? "").includes(actor.password)) {
    skipped += 1; // could really change this actor's password or delete its account
    return;
  }
  const outcome = await send(route, request, actor, pool);
  if (outcome === "unsendable") {
    skipped += 1;
    return;
  }
  sent += 1;
  statusCounts.set(outcome.status, (statusCounts.get(outcome.status) ?? 0) + 1);
  const byActor = perRoute.get(routeKey) ?? new Map<string, number>();
  perRoute.set(routeKey, byActor);
  byActor.set(`${actor.name}:${outcome.status}`, (byActor.get(`${actor.name}:${outcome.status}`) ?? 0) + 1);

  // Reduced once per failing answer, whatever its problems.
  let reduction: Promise<FuzzRequest | null> | undefined;
  for (const problem of outcome.problems) {
    const kind = `${routeKey} ${actor.name} ${problem.replace(/:.*/, "")}`;
    const parts = hostileParts(request);
    const known = culprits.get(kind) ?? [];
    const same = known.find((culprit) => culprit.every((part) => parts.includes(part)));
    let failure: Pick<Failure, "culprit" | "how" | "input">;
    if (same) {
      failure = {
        culprit: same.join("; ") || "nothing hostile",
        how: "same culprit",
        input: describeInput(route, request),
      };
    } else if (outcome.status >= 500 && known.length < CULPRITS_PER_KIND) {
      reduction ??= reduce(route, request, actor, pool, outcome.status);
      const reduced = await reduction;
      if (reduced) {
        const culprit = hostileParts(reduced);
        culprits.set(kind, [...known, culprit]);
        failure = {
          culprit: culprit.join("; ") || "nothing hostile",
          how: "reduced",
          input: describeInput(route, reduced),
        };
      } else {
        failure = { culprit: parts.join("; "), how: "not again on resending", input: describeInput(route, request) };
      }
    } else {
      failure = {
        culprit: parts.join("; ") || "nothing hostile",
        how: "not reduced",
        input: describeInput(route, request),
      };
    }
    failures.push({
      method: route.method,
      path: route.path,
      actor: actor.name,
      status: outcome.status,
      problem,
      ...failure,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting.

function report(list: Failure[]): string {
  type Group = { actors: Set<string>; count: number; byCulprit: Map<string, Failure[]> };
  const groups = new Map<string, Group>();
  for (const failure of list) {
    const problem = failure.problem.startsWith("refusal") ? failure.problem.replace(/ \d+→\d+/g, "") : failure.problem;
    const key = `${failure.method} ${failure.path}: ${problem}`;
    const group = groups.get(key) ?? { actors: new Set<string>(), count: 0, byCulprit: new Map<string, Failure[]>() };
    groups.set(key, group);
    group.actors.add(failure.actor);
    group.count += 1;
    const culprit = `${failure.how === "not reduced" || failure.how === "not again on resending" ? `${failure.how}: ` : ""}${failure.culprit}`;
    group.byCulprit.set(culprit, [...(group.byCulprit.get(culprit) ?? []), failure]);
  }
  const lines = [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const byCulprit = [...group.byCulprit].sort((a, b) => b[1].length - a[1].length);
      const shown = byCulprit.slice(0, 6).map(([culprit, examples]) => {
        const inputs = [...new Set(examples.map((f) => f.input))].slice(0, 2);
        return `    culprit: ${culprit.length > 300 ? `${culprit.slice(0, 299)}…` : culprit} (×${examples.length}, as ${[
          ...new Set(examples.map((f) => f.actor)),
        ].join(", ")})\n${inputs.map((input) => `      e.g. ${input}`).join("\n")}`;
      });
      const more = byCulprit.length > 6 ? `\n    … and ${byCulprit.length - 6} other culprits` : "";
      return `  ${key} — as ${[...group.actors].join(", ")} (×${group.count})\n${shown.join("\n")}${more}`;
    });
  return `${list.length} failing answers, ${groups.size} distinct (FUZZ_SEED=${SEED} replays this run):\n${lines.join("\n")}\n`;
}

afterAll(() => {
  const classes = new Map<string, number>();
  for (const [status, n] of statusCounts) {
    const cls = status === 0 ? "threw" : `${Math.floor(status / 100)}xx`;
    classes.set(cls, (classes.get(cls) ?? 0) + n);
  }
  const byClass = [...classes].sort().map(([cls, n]) => `${cls}=${n}`);
  const byStatus = [...statusCounts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`);
  console.log(
    `[fuzz] seed=${SEED} requests=${sent} ${byClass.join(" ")} (${byStatus.join(" ")}) skipped=${skipped} non-JSON errors=${nonJsonErrors} unfinished bodies=${unfinishedStreams} better-auth console errors=${authConsoleErrors} failures=${failures.length}`,
  );
  if (nonJsonRoutes.size)
    console.log(`[fuzz] errors answered in another type than JSON: ${[...nonJsonRoutes].join("; ")}`);
  if (notes.length) console.log(`[fuzz] notes:\n  ${notes.join("\n  ")}`);
  if (process.env.FUZZ_VERBOSE) {
    for (const [route, stats] of [...perRoute].sort()) {
      console.log(
        `[fuzz] ${route}: ${[...stats]
          .sort()
          .map(([k, n]) => `${k}×${n}`)
          .join(" ")}`,
      );
    }
  }
});

// ---------------------------------------------------------------------------------------------

describe("fuzzing every API route", () => {
  for (let shard = 0; shard < SHARDS; shard++) {
    it(`answers hostile requests below 500, in the error shape, writing nothing when refusing (routes ${shard + 1}/${SHARDS})`, async () => {
      const routes = listRoutes();
      expect(routes.length).toBeGreaterThan(20);
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain("POST /api/auth/sign-in/email");
      const only = process.env.FUZZ_ONLY;
      const mine = routes.filter((r, i) => i % SHARDS === shard && (!only || `${r.method} ${r.path}`.includes(only)));
      const firstFailure = failures.length;
      const sentBefore = sent;

      const visitor: Actor = { name: "visitor", cookie: null, password: null, ids: [] };
      let member = await signedInMember();
      let admin = await signedInAdmin();
      const pool = () => [...member.ids, ...admin.ids];

      for (const [index, route] of mine.entries()) {
        const routeKey = `${route.method} ${route.path}`;
        const known = await discover(route, admin, pool());
        if (process.env.FUZZ_VERBOSE)
          console.log(
            `[fuzz] ${routeKey} checks query [${known.query}] body [${known.body}] params ${brief(known.params)}`,
          );
        const started = Date.now();
        await fc.assert(
          fc.asyncProperty(requestArb(route, known), async (request) => {
            for (const actor of [visitor, member, admin]) await judge(route, request, actor, pool());
            if (route.path.startsWith("/api/auth/") || route.path.startsWith("/api/profile")) {
              if (!(await stillSignedIn(member))) {
                notes.push(`the member was signed out by ${routeKey}: ${describeInput(route, request)}`);
                member = await signedInMember();
              }
              if (!(await stillSignedIn(admin))) {
                notes.push(`the administrator was signed out by ${routeKey}: ${describeInput(route, request)}`);
                admin = await signedInAdmin();
              }
            }
          }),
          // More runs where there are more fields to spoil.
          {
            numRuns: RUNS + Math.min(30, 3 * fieldsOf(route, known).length),
            seed: SEED + shard * 1000 + index,
            endOnFailure: true,
          },
        );
        if (process.env.FUZZ_VERBOSE) console.log(`[fuzz] ${routeKey} fuzzed in ${Date.now() - started} ms`);
      }
      // Most requests must reach the app (a generator gone wrong would make them all unsendable).
      expect(sent - sentBefore).toBeGreaterThanOrEqual(mine.length * RUNS * 2);
      const mineFailures = failures.slice(firstFailure);
      expect(mineFailures.length, report(mineFailures)).toBe(0);
    }, 600_000);
  }
});

// ---------------------------------------------------------------------------------------------
// Stripe's webhook. The app above runs the demo checkout (no webhook); this one is configured for
// Stripe against the fake Stripe API, and gets signed events of every shape: about known and
// unknown subscriptions, ids given expanded or not at all, broken types and ids, no event at all.

const fakeStripe = await startFakeStripe();
afterAll(() => fakeStripe.close());
const signer = new Stripe("sk_test_signer", { telemetry: false });
const WEBHOOK = "POST /api/billing/webhook";

describe("fuzzing Stripe's webhook with signed events", () => {
  const s = setupTestApp({
    STRIPE_SECRET_KEY: "sk_test_fuzz",
    STRIPE_WEBHOOK_SECRET: fakeStripe.webhookSecret,
    STRIPE_PRICE_BASIC: "price_basic_fuzz",
    STRIPE_PRICE_PREMIUM: "price_premium_fuzz",
    STRIPE_API_BASE: fakeStripe.url,
  });

  const deliver = (payload: string) =>
    s.app.request("/api/billing/webhook", {
      method: "POST",
      body: payload,
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: fakeStripe.webhookSecret }),
      },
    });

  /** A member whose checkout Stripe completed: its subscription and session are known to both sides. */
  async function paidMember(planId: "basic" | "premium", priceId?: string) {
    const { client } = await s.member();
    const started = await client.post("/api/billing/checkout", { planId });
    const sessionId = ((await started.json()) as { url: string }).url.split("/").pop() ?? "";
    const sub = fakeStripe.completeCheckout(sessionId);
    if (priceId) fakeStripe.updateSubscription(sub.id, { priceId });
    await deliver(fakeStripe.event("checkout.session.completed", fakeStripe.sessionJson(sessionId)).payload);
    return { sessionId, subscriptionId: sub.id };
  }

  it("answers every signed event below 500, and refusals in the error shape", async () => {
    const only = process.env.FUZZ_ONLY;
    if (only && !WEBHOOK.includes(only)) return;
    fakeStripe.reset();
    const paid = [await paidMember("premium"), await paidMember("basic", "price_nobody_sells")];
    const known = { subscriptionIds: paid.map((p) => p.subscriptionId), sessionIds: paid.map((p) => p.sessionId) };
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(stripeEvent(known), async (payload) => {
        const response = await deliver(payload);
        const answer = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${brief(payload, 300)} → ${brief(answer, 200)}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect(JSON.parse(answer), brief(payload, 300)).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
        }
      }),
      { numRuns: RUNS * 5, seed: SEED + 99_000 },
    );
    console.log(
      `[fuzz] ${WEBHOOK} signed events: ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([status, n]) => `${status}:${n}`)
        .join(" ")}`,
    );
  }, 600_000);
});

// ---------------------------------------------------------------------------------------------
// Hostile files. Uploads are multipart, not JSON: generated files (decompression bombs of every
// filter, zip bombs, and the same cut short or with bytes changed, under hostile names and case
// fields) go to the upload route as a Premium member. Each is answered below 500, and every file
// taken is read to an end ('ready' or 'unreadable', never stuck), by the capped reading process.

const HOSTILE_FILES: Array<[string, () => Promise<Uint8Array>]> = [
  ["flate.pdf", () => pdfBomb({ inflatedMb: 1024 })],
  ["twice.pdf", () => pdfBomb({ inflatedMb: 1024, encoding: "flate-twice" })],
  ["hex.pdf", () => pdfBomb({ inflatedMb: 512, encoding: "hex-flate" })],
  ["lzw.pdf", () => pdfBomb({ inflatedMb: 1024, encoding: "lzw" })],
  ["runlength.pdf", () => pdfBomb({ inflatedMb: 300, encoding: "runlength" })],
  ["bomb.docx", () => docxBomb({ inflatedMb: 256 })],
  ["lying.docx", () => docxBomb({ inflatedMb: 256, declaredBytes: 1000 })],
];

type FileChange = { kind: "as-is" } | { kind: "cut"; at: number } | { kind: "flip"; at: number[]; byte: number };

const fileChange: fc.Arbitrary<FileChange> = fc.oneof(
  fc.constant<{ kind: "as-is" }>({ kind: "as-is" }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.double({ min: 0.05, max: 0.95, noNaN: true }) }),
  fc.record({
    kind: fc.constant("flip" as const),
    at: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 8 }),
    byte: fc.integer({ min: 0, max: 255 }),
  }),
);

function changed(bytes: Uint8Array, change: FileChange): Uint8Array {
  if (change.kind === "cut") return bytes.slice(0, Math.max(64, Math.floor(bytes.length * change.at)));
  if (change.kind === "as-is") return bytes;
  const copy = bytes.slice();
  // The first bytes stay, so the file is still taken for its kind and reaches the reader.
  for (const at of change.at) copy[Math.max(64, Math.floor(copy.length * at))] = change.byte;
  return copy;
}

describe("fuzzing uploads with hostile files", () => {
  it("answers every upload below 500 and reads every file taken to an end", async () => {
    const only = process.env.FUZZ_ONLY;
    if (only && !"POST /api/uploads".includes(only)) return;
    const built = new Map<string, Uint8Array>();
    for (const [name, build] of HOSTILE_FILES) built.set(name, await build());
    const { client } = await t.member({ premium: true });
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...HOSTILE_FILES.map(([name]) => name)),
        fileChange,
        // Mostly no case, so most files reach the reader; sometimes a hostile case field.
        fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileString }),
        async (name, change, caseId) => {
          const bytes = changed(built.get(name) as Uint8Array, change);
          const form = new FormData();
          if (caseId !== undefined) form.append("caseId", caseId);
          form.append("file", new Blob([new Uint8Array(bytes)]), name);
          const response = await client.request("/api/uploads", { method: "POST", body: form });
          const answer = await response.text();
          const label = `${name} ${JSON.stringify(change)}${caseId === undefined ? "" : ` caseId ${brief(caseId, 40)}`}`;
          expect(response.status, `${label} → ${brief(answer, 200)}`).toBeLessThan(500);
          if (response.status !== 201) return;
          const { upload } = JSON.parse(answer) as { upload: { id: string } };
          const outcome = await waitUntil(
            async () => {
              const now = (await (await client.get(`/api/uploads/${upload.id}`)).json()) as {
                upload: { status: string };
              };
              return now.upload.status === "reading" ? null : now.upload.status;
            },
            { what: `${label} to be read`, timeout: 150_000, interval: 100 },
          );
          statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
          expect(["ready", "unreadable"]).toContain(outcome);
          // The file is removed again, so the member's files being read never reach their bound.
          await client.delete(`/api/uploads/${upload.id}`);
        },
      ),
      { numRuns: Math.max(6, Math.ceil(RUNS / 4)), seed: SEED + 77_000 },
    );
    console.log(
      `[fuzz] POST /api/uploads hostile files: ${[...statuses].map(([status, n]) => `${status}:${n}`).join(" ")}`,
    );
  }, 900_000);
});
