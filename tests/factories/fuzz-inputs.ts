import fc from "fast-check";
import { STRIPE_SUBSCRIPTION_EVENTS } from "../../src/server/features/billing/stripe-gateway";

/**
 * fast-check arbitraries for fuzzing the HTTP API (tests/server/fuzz.test.ts): hostile strings,
 * query values, crafted list cursors and dates, and JSON bodies built from the shared zod schemas
 * (valid-looking values with hostile text slipped into some of them, or wild values under the
 * schemas' field names). Nothing here knows a route: the fuzz test reads the routes from the app.
 */

// ---------------------------------------------------------------------------------------------
// Zod schemas, walked without importing zod's classes (any zod v4 schema has `_zod.def`).

interface ZodDef {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  options?: ZodLike[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
}
export interface ZodLike {
  _zod: { def: ZodDef };
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
}

function isZod(value: unknown): value is ZodLike {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** The schema under optional/default/prefault/nullable/... wrappers, and a pipe's input. */
function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = current._zod.def;
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in && def.in._zod.def.type !== "transform") current = def.in;
    else return current;
  }
  return current;
}

function shapeOf(schema: ZodLike): Record<string, ZodLike> | null {
  const def = schema._zod.def;
  return def.type === "object" && def.shape ? def.shape : null;
}

export interface SchemaCatalogue {
  /** Every object schema found (exported, nested, or in an exported plain object), once each. */
  objects: ZodLike[];
  /** Every field name of those objects. */
  fieldNames: string[];
  /** Fields whose value is itself an object schema, by name (e.g. the settings sections). */
  namedObjects: Map<string, ZodLike>;
}

/** Walk the exports of some modules for zod object schemas. */
export function catalogueSchemas(modules: Record<string, unknown>[]): SchemaCatalogue {
  const objects = new Set<ZodLike>();
  const fieldNames = new Set<string>();
  const namedObjects = new Map<string, ZodLike>();
  const seen = new Set<unknown>();

  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (!isZod(value)) {
      if (Object.getPrototypeOf(value) === Object.prototype) {
        for (const child of Object.values(value)) visit(child, depth + 1);
      }
      return;
    }
    const def = value._zod.def;
    const shape = shapeOf(value);
    if (shape) {
      objects.add(value);
      for (const [key, child] of Object.entries(shape)) {
        fieldNames.add(key);
        const inner = unwrap(child);
        if (shapeOf(inner) && !namedObjects.has(key)) namedObjects.set(key, inner);
        visit(child, depth + 1);
      }
      return;
    }
    const children = [def.innerType, def.in, def.out, def.element, def.keyType, def.valueType, ...(def.options ?? [])];
    for (const child of children) if (child) visit(child, depth + 1);
  };

  for (const module of modules) for (const exported of Object.values(module)) visit(exported, 0);
  return { objects: [...objects], fieldNames: [...fieldNames].sort(), namedObjects };
}

// ---------------------------------------------------------------------------------------------
// Strings.

export const LONG = 100_000;

/** Characters and snippets that have broken servers before, the likeliest culprits most often. */
export const hostileFragment: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constant("\u0000") },
  { weight: 3, arbitrary: fc.constantFrom("\ud800", "\udbff") },
  { weight: 3, arbitrary: fc.constant("\udc00") },
  { weight: 2, arbitrary: fc.constantFrom("\u202e", "\u200f", "\u2066", "\u009b", "\u0085") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("%00", "%", "\u0001", "\u001b[31m", "\u007f", "\r\n", "\t", "\ufeff", "\uffff"),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "😀",
      "👩‍👩‍👧‍👦",
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "'; drop table cases; --",
      '"',
      "\\",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
      "${7*7}",
      "{{7*7}}",
      "../../etc/passwd",
      "__proto__",
      "\u200b",
      "ǅ",
      "İ",
    ),
  },
);

const WORDS = ["hello", "Ada", "Lovelace", "Engineer", "12 Main St", "will", "general", "openai", "info", "x", "", " "];

const word = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
);

/** `text` with `fragment` inserted at `at` (modulo its length). */
const insert = (text: string, fragment: string, at: number) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + fragment + text.slice(i);
};

/** `base` with 1 to 3 hostile fragments inserted at random places. */
export function withFragments(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.array(fc.tuple(hostileFragment, fc.nat()), { minLength: 1, maxLength: 3 }))
    .map(([text, inserts]) => inserts.reduce((out, [fragment, at]) => insert(out, fragment, at), text));
}

/** Strings of 100,000 UTF-16 units (some ending in something hostile). */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("a", "😀", "é", " ", "<b>", "\u202e"), fc.constantFrom("", "\u0000", "\ud800", "!"))
  .map(([unit, tail]) => unit.repeat(Math.ceil(LONG / unit.length)).slice(0, LONG - tail.length) + tail);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: withFragments(word) },
  { weight: 2, arbitrary: hostileFragment },
  { weight: 2, arbitrary: word },
  { weight: 1, arbitrary: longString },
);

// ---------------------------------------------------------------------------------------------
// Query values, cursors, dates.

export const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

export const uuid: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
);

const DATE_STRINGS = [
  "-200000-01-01T00:00:00Z",
  "+275760-09-13",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "0000-01-01",
  "0001-01-01T00:00:00Z",
  "1970-01-01",
  "9999-12-31T23:59:59Z",
  "10000-01-01",
  "2026-02-30",
  "2026-13-45T25:61:61Z",
  "2026-01-31",
  "2026-01-31T10:00:00+99:99",
  "2026-01-31 00:00:00+00",
  "8640000000000000",
  "-8640000000000001",
  "1e400",
  "Infinity",
  "NaN",
  "now",
  "",
];

export const dateString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...DATE_STRINGS) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: withFragments(fc.constant("2026-01-31")) },
);

/** A position in a list as the server writes it (base64url JSON of `{ ts, id }`), valid or crafted. */
export const cursor: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      base64url(JSON.stringify({ ts: "garbage", id: "------------------------------------" })),
      base64url(JSON.stringify({ ts: "2026-01-01 00:00:00+00", id: "not-a-uuid" })),
      base64url(JSON.stringify({ ts: "-200000-01-01T00:00:00Z", id: "00000000-0000-0000-0000-000000000000" })),
      base64url(JSON.stringify({ ts: "+275760-09-13", id: "00000000-0000-0000-0000-000000000000" })),
      base64url(JSON.stringify({ ts: "2026-13-45 25:61:61+00", id: "00000000-0000-0000-0000-000000000000" })),
      base64url(JSON.stringify({ ts: "2026-01-01 00:00:00.123456+00", id: "00000000-0000-0000-0000-000000000000" })),
      base64url(JSON.stringify({ ts: "2026-01-01\u0000", id: "00000000-0000-0000-0000-000000000000" })),
      base64url(JSON.stringify({ ts: 1, id: null })),
      base64url(JSON.stringify(["2026-01-01", "x"])),
      base64url("null"),
      base64url("{"),
      Buffer.from([0xff, 0xfe, 0x00, 0x80]).toString("base64url"),
      "!!!",
      "",
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ ts: fc.oneof(dateString, hostileString), id: fc.oneof(uuid, hostileString) })
      .map((value) => base64url(JSON.stringify(value))),
  },
  { weight: 1, arbitrary: hostileString },
);

const NUMBER_STRINGS = [
  "0",
  "1",
  "-1",
  "2",
  "3.5",
  "100",
  "101",
  "500",
  "501",
  "1e309",
  "-1e309",
  "9007199254740993",
  "99999999999999999999",
  "NaN",
  "0x10",
  " 5 ",
  "",
];

const anyQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_STRINGS) },
  { weight: 2, arbitrary: cursor },
  { weight: 2, arbitrary: dateString },
  { weight: 1, arbitrary: uuid },
  { weight: 1, arbitrary: fc.constantFrom("debug", "info", "warn", "error", "auth", "case", "txt", "pdf", "docx") },
);

/** A value for a query key, the kind its name suggests most of the time. */
export function queryValue(key: string): fc.Arbitrary<string> {
  const likely = /cursor|page|after/i.test(key)
    ? cursor
    : /^(from|to|since|until|before)$|date|time/i.test(key)
      ? dateString
      : /limit|offset|size|count/i.test(key)
        ? fc.constantFrom(...NUMBER_STRINGS)
        : hostileString;
  return fc.oneof({ weight: 3, arbitrary: likely }, { weight: 1, arbitrary: anyQueryValue });
}

export const QUERY_KEYS = [
  "cursor",
  "limit",
  "before",
  "after",
  "from",
  "to",
  "userId",
  "level",
  "category",
  "action",
  "table",
  "q",
  "search",
  "status",
  "format",
  "page",
  "offset",
  "sort",
] as const;

/** A query string's pairs (keys may repeat), mostly with the keys the route is known to read. */
export function queryPairs(routeKeys: readonly string[]): fc.Arbitrary<[string, string][]> {
  const key = fc.oneof(
    ...(routeKeys.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...routeKeys) }] : []),
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: word },
  );
  const pair = key.chain((k) => queryValue(k).map((v): [string, string] => [k, v]));
  // Mostly each key once (a repeated key is refused as a list before its value is looked at).
  return fc.oneof(
    { weight: 5, arbitrary: fc.uniqueArray(pair, { maxLength: 4, selector: ([k]) => k }) },
    { weight: 1, arbitrary: fc.array(pair, { maxLength: 4 }) },
  );
}

// ---------------------------------------------------------------------------------------------
// JSON values.

const smallKey = fc.oneof(fc.constantFrom("a", "fullName", "title", "__proto__", "constructor", "0", ""), word);

export const wildValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    { weight: 6, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, 2, 3, -1, 0.5, 1e308, -1e308, 2 ** 53 + 2, -0) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(smallKey, tie("value"), { maxKeys: 4 }) },
  ),
})).value;

/** Known good values of some fields, by field name (e.g. template ids). */
export type Hints = Record<string, readonly string[]>;

/** A plain value for a string field from its name, when the name says what it holds. */
function plausibleText(key: string | undefined, hints: Hints): fc.Arbitrary<string> | null {
  if (!key) return null;
  const hinted = hints[key];
  if (hinted && hinted.length > 0) return fc.constantFrom(...hinted);
  if (/email/i.test(key)) {
    return fc.oneof(
      fc.constantFrom("someone@example.com", "admin@example.com"),
      fc.stringMatching(/^[a-z0-9]{6,12}$/).map((local) => `fuzz-${local}@example.com`),
    );
  }
  if (/password/i.test(key)) return fc.constantFrom("Correct-horse-9", "another-pass-1", "x");
  if (/phone/i.test(key)) return fc.constantFrom("+1 555 123 4567", "(555) 123-4567");
  if (/name$/i.test(key)) return fc.constantFrom("Ada", "Zoë", "O'Brien");
  if (/token/i.test(key)) return fc.stringMatching(/^[A-Za-z0-9]{24}$/);
  if (/url$|redirect/i.test(key)) return fc.constantFrom("/dashboard", "http://localhost:3000/reset-password");
  if (/id$/i.test(key)) return uuid;
  if (/^(from|to|date|before|after)$/i.test(key)) return fc.constantFrom("2026-01-31", "2026-01-31T10:00:00Z");
  return null;
}

/** A value the schema would likely accept (strings short and plain), so a hostile detail goes deep. */
export function plausible(schema: ZodLike, hints: Hints = {}, depth = 0, key?: string): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const s = unwrap(schema);
  const def = s._zod.def;
  switch (def.type) {
    case "string": {
      if (def.format === "email") return fc.constantFrom("someone@example.com", "fuzz.person@example.org");
      if (def.format === "uuid" || def.format === "guid") return uuid;
      const byName = plausibleText(key, hints);
      if (byName) return byName;
      const min = s.minLength ?? 1;
      return fc.constantFrom("Ada", "Lovelace", "Engineer", "hello there", "12 Main St").map((t) => t.padEnd(min, "x"));
    }
    case "number": {
      const min = Number.isFinite(s.minValue) ? (s.minValue as number) : 0;
      const max = Number.isFinite(s.maxValue) ? (s.maxValue as number) : min + 100;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
    }
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { x: "x" }));
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "object": {
      const shape = def.shape ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, plausible(v, hints, depth + 1, k)])),
      );
    }
    case "record":
      return fc.dictionary(
        fc.constantFrom("fullName", "state", "address", "children", "a"),
        def.valueType ? plausible(def.valueType, hints, depth + 1, "answer") : fc.string(),
        { minKeys: 1, maxKeys: 4 },
      );
    case "array":
      return fc.array(def.element ? plausible(def.element, hints, depth + 1, key) : fc.string(), { maxLength: 3 });
    case "union":
      return fc.oneof(...(def.options ?? []).map((o) => plausible(o, hints, depth + 1, key)));
    case "date":
      return fc.constant("2026-01-31");
    default:
      return fc.constantFrom("hello", 1, true);
  }
}

export type Path = (string | number)[];

function own(node: unknown, key: string | number): unknown {
  return Object.getOwnPropertyDescriptor(node as object, key)?.value;
}

function get(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = own(node, key);
  return node;
}

/** Paths to the leaves of a JSON value (the root itself when it is no object). */
function leaves(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value) && value.length > 0) {
    for (const [i, v] of value.entries()) leaves(v, [...path, i], out);
  } else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  } else out.push(path);
  return out;
}

/** `root` with the value at `path` changed; a new root when `path` is empty. */
function setAt(root: unknown, path: Path, make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(root);
  const parent = get(root, path.slice(0, -1)) as object;
  const last = path[path.length - 1] as string | number;
  // defineProperty, not assignment: a key may be "__proto__".
  Object.defineProperty(parent, last, {
    value: make(own(parent, last)),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return root;
}

/** How one value goes bad: hostile text slipped in (mostly), a 100k string, or another type. */
const mutation: fc.Arbitrary<(old: unknown) => unknown> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(hostileFragment, fc.nat()).map(
      ([fragment, at]) =>
        (old: unknown) =>
          insert(typeof old === "string" ? old : (JSON.stringify(old) ?? ""), fragment, at),
    ),
  },
  { weight: 1, arbitrary: longString.map((v) => () => v) },
  { weight: 2, arbitrary: wildValue.map((v) => () => v) },
);

/** `value` with 1 to `max` of its leaves gone bad. */
export function mutate(value: unknown, max: number): fc.Arbitrary<unknown> {
  const targets = leaves(value);
  return fc.array(fc.tuple(fc.nat(targets.length - 1), mutation), { minLength: 1, maxLength: max }).map((changes) => {
    let copy = structuredClone(value);
    for (const [i, change] of changes) copy = setAt(copy, targets[i] as Path, change);
    return copy;
  });
}

/** `value` with one hostile fragment slipped into every string in it. */
export function poisonAll(value: unknown): fc.Arbitrary<unknown> {
  return fc.tuple(hostileFragment, fc.nat()).map(([fragment, at]) => {
    let copy = structuredClone(value);
    for (const path of leaves(copy)) {
      copy = setAt(copy, path, (old) => (typeof old === "string" ? insert(old, fragment, at) : old));
    }
    return copy;
  });
}

/** The strings in a JSON value, with where they are. */
export function stringLeaves(value: unknown): { path: Path; text: string }[] {
  return leaves(value).flatMap((path) => {
    const leaf = get(value, path);
    return typeof leaf === "string" ? [{ path, text: leaf }] : [];
  });
}

/** A copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: Path, leaf: unknown): unknown {
  return setAt(structuredClone(value), path, () => leaf);
}

/** `text` without one kind of hostility named by `kindsOf` (unchanged for a kind nothing removes). */
export function cleanKind(text: string, kind: string): string {
  switch (kind) {
    case "NUL":
      return text.replaceAll("\u0000", "");
    case "lone high surrogate":
      return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])/g, "");
    case "lone low surrogate":
      return text.replace(/(?<![\ud800-\udbff])[\udc00-\udfff]/g, "");
    case "control character":
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them on purpose
      return text.replace(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");
    case "RTL mark":
      return text.replace(/[\u202a-\u202e\u2066-\u2069\u200f]/g, "");
    case "%00":
      return text.replace(/%00/gi, "");
    case "very long string":
      return Array.from(text).slice(0, 40).join("");
    default:
      return text;
  }
}

export type FuzzBody = { kind: "json"; value: unknown } | { kind: "raw"; text: string } | { kind: "empty" };

const RAW_BODIES = ["{", "not json", "{'a':1}", '{"a":1}{"b":2}', "\u0000", '"text', "1e999", "\ufeff{}", "[1,]"];

export interface BodyOptions {
  catalogue: SchemaCatalogue;
  /** Field names worth sending besides the schemas' (e.g. better-auth's). */
  extraFields: readonly string[];
  /** The fields the route is known to read: most bodies spoil one or two of them. */
  routeFields: readonly string[];
  hints: Hints;
  /** Schemas the request's path names (e.g. a settings section): bodies of them are likely. */
  preferred: readonly ZodLike[];
}

/**
 * A request body. Mostly a plausible object with every schema's fields in which one or two of the
 * route's fields went bad; else a schema's plausible object gone bad, hostile text in every
 * string, wild values under the known field names, a JSON value that is no object, text that is
 * not JSON, or nothing.
 */
export function body(options: BodyOptions): fc.Arbitrary<FuzzBody> {
  const { catalogue, hints, preferred, routeFields } = options;
  const fields = [...new Set([...catalogue.fieldNames, ...options.extraFields])];
  // Fields of no schema (better-auth's) get a value their name suggests.
  const others = fields.filter((name) => !catalogue.fieldNames.includes(name));
  const unschemed = fc.record(
    Object.fromEntries(others.map((name) => [name, plausibleText(name, hints) ?? fc.constant("hello")])),
  );
  const merged = fc
    .tuple(unschemed, ...catalogue.objects.map((s) => plausible(s, hints)))
    .map((parts) => Object.assign({}, ...(parts as object[])) as Record<string, unknown>);
  const json: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 2,
      arbitrary: fc.constantFrom(...catalogue.objects).chain((s) => plausible(s, hints).chain((v) => mutate(v, 2))),
    },
    { weight: 1, arbitrary: merged.chain((v) => mutate(v, 12)) },
    { weight: 2, arbitrary: merged.chain((v) => poisonAll(v)) },
    {
      weight: 2,
      arbitrary: fc.dictionary(
        fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: smallKey }),
        wildValue,
        { maxKeys: 8 },
      ),
    },
    { weight: 1, arbitrary: fc.oneof(wildValue, fc.constant([]), fc.constant(null)) },
  ];
  if (routeFields.length > 0) {
    const spoiled = merged.chain((value) => {
      // The route's fields, each plausible, with one to three gone bad (text ones most often: most bugs are there).
      const base: Record<string, unknown> = {};
      for (const name of routeFields) base[name] = value[name] ?? "hello";
      const texts = routeFields.filter((name) => stringLeaves(base[name]).length > 0);
      const pick = fc.oneof(...(texts.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...texts) }] : []), {
        weight: 1,
        arbitrary: fc.constantFrom(...routeFields),
      });
      const spoilt = fc
        .uniqueArray(pick, { minLength: 1, maxLength: 3 })
        .chain((names) => fc.tuple(...names.map((name) => mutate(base[name], 2).map((bad) => [name, bad] as const))));
      // Most often everything else too (non-strict schemas ignore it), sometimes the route's fields alone.
      return fc
        .tuple(fc.boolean(), spoilt)
        .map(([alone, bad]) => ({ ...(alone ? base : { ...value, ...base }), ...Object.fromEntries(bad) }));
    });
    json.push({ weight: 12, arbitrary: spoiled });
  }
  if (preferred.length > 0) {
    const ofPreferred = fc.constantFrom(...preferred).chain((s) => plausible(s, hints).chain((v) => mutate(v, 2)));
    json.push({ weight: 10, arbitrary: ofPreferred });
  }
  return fc.oneof(
    { weight: 12, arbitrary: fc.oneof(...json).map((value): FuzzBody => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((text): FuzzBody => ({ kind: "raw", text })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "empty" }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Content types.

/** The JSON label every API body should carry. */
export const JSON_TYPE = "application/json";

/**
 * A request's Content-Type: mostly JSON (so bodies reach the schemas), else something the API does
 * not read (text, a form, multipart, a near miss), or none at all (null: the body goes as bytes,
 * which no client labels).
 */
export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 14, arbitrary: fc.constant(JSON_TYPE) },
  { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "application/problem+json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=----fuzz",
      "application/jsonp",
      "application/xml",
      "json",
      "",
      "application/octet-stream",
    ),
  },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Whether a Content-Type says JSON (application/json or application/…+json, parameters allowed). */
export const isJsonType = (type: string | null) =>
  type !== null && /^application\/([a-z0-9!#$&^_.-]+\+)?json\s*(;|$)/i.test(type.trim());

// ---------------------------------------------------------------------------------------------
// Stripe events.

/** What a Stripe event may point at: ids the test's fake Stripe and database know. */
export interface StripeKnown {
  subscriptionIds: string[];
  sessionIds: string[];
}

const SUBSCRIPTION_EVENT_TYPES = STRIPE_SUBSCRIPTION_EVENTS;

/**
 * A Stripe event body as a signed webhook may carry it: plausible events about known and unknown
 * subscriptions (ids, expanded objects, objects without ids), events of other or broken types, and
 * payloads that are no event at all. Returned as the JSON text that gets signed.
 */
export function stripeEvent(known: StripeKnown): fc.Arbitrary<string> {
  const some = <T>(list: T[], fallback: T) => (list.length > 0 ? fc.constantFrom(...list) : fc.constant(fallback));
  const subscriptionId = fc.oneof(
    { weight: 4, arbitrary: some(known.subscriptionIds, "sub_none") },
    { weight: 2, arbitrary: fc.stringMatching(/^sub_[A-Za-z0-9]{1,24}$/) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: wildValue },
  );
  const subscriptionRef = fc.oneof(
    { weight: 4, arbitrary: subscriptionId },
    { weight: 2, arbitrary: subscriptionId.map((id) => ({ id, object: "subscription" })) },
    { weight: 1, arbitrary: fc.constant({ object: "subscription" }) },
    { weight: 1, arbitrary: fc.constantFrom(null, 42, [], true) },
  );
  const object = fc.record(
    {
      id: fc.oneof(
        { weight: 3, arbitrary: subscriptionId },
        { weight: 2, arbitrary: some(known.sessionIds, "cs_test_none") },
        { weight: 1, arbitrary: fc.stringMatching(/^(in|cs_test)_[A-Za-z0-9]{1,24}$/) },
        { weight: 1, arbitrary: wildValue },
      ),
      subscription: subscriptionRef,
      parent: fc.oneof(
        fc.record({ subscription_details: fc.record({ subscription: subscriptionRef }, { requiredKeys: [] }) }),
        wildValue,
      ),
      amount_paid: fc.oneof(fc.integer(), wildValue),
      customer: fc.oneof(fc.stringMatching(/^cus_[A-Za-z0-9]{1,24}$/), wildValue),
      metadata: fc.oneof(fc.record({ userId: hostileString }), wildValue),
    },
    { requiredKeys: [] },
  );
  const eventId = fc.oneof(
    { weight: 6, arbitrary: fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: wildValue },
  );
  const type = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...SUBSCRIPTION_EVENT_TYPES) },
    { weight: 1, arbitrary: fc.constantFrom("charge.succeeded", "invoice.created", "customer.created") },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: wildValue },
  );
  const event = fc.record(
    {
      id: eventId,
      object: fc.constant("event"),
      type,
      data: fc.oneof({ weight: 6, arbitrary: fc.record({ object }) }, { weight: 1, arbitrary: wildValue }),
      created: fc.integer({ min: 0, max: 2_000_000_000 }),
    },
    { requiredKeys: ["id", "type"] },
  );
  return fc.oneof(
    { weight: 12, arbitrary: event.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: wildValue.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: fc.constantFrom('{"id":5,"type":null}', "null", "[]", '"evt"', "{}") },
  );
}

// ---------------------------------------------------------------------------------------------
// Describing an input in a failure report.

/** JSON text of a value with long strings cut (`"aaaa…(100000 chars)"`), at most `max` characters. */
export function brief(value: unknown, max = 200): string {
  const text =
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === "string" && v.length > 40 ? `${v.slice(0, 24)}…(${v.length} chars)` : v,
    ) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What is hostile in a string, by name (to group failures). */
export function kindsOf(text: string): string[] {
  const kinds: string[] = [];
  if (text.includes("\u0000")) kinds.push("NUL");
  if (/[\ud800-\udbff](?![\udc00-\udfff])/.test(text)) kinds.push("lone high surrogate");
  if (/(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) kinds.push("lone low surrogate");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them on purpose
  if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)) kinds.push("control character");
  if (/[\u202a-\u202e\u2066-\u2069\u200f]/.test(text)) kinds.push("RTL mark");
  if (text.length >= 10_000) kinds.push("very long string");
  if (/%00/i.test(text)) kinds.push("%00");
  if (/^[+-]\d{5,6}-/.test(text) || /^\d{5,}-/.test(text)) kinds.push("extreme date");
  if (decodedCursor(text) !== null) kinds.push("crafted cursor");
  return kinds;
}

/** The JSON text inside a base64url string, if it holds one. */
export function decodedCursor(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{8,}$/.test(text)) return null;
  const decoded = Buffer.from(text, "base64url").toString("utf8");
  return /^\s*[[{"n]/.test(decoded) && decoded.length > 3 ? decoded : null;
}
