import { z } from "zod";

/**
 * The one rule for every string a person sends LawGuide: trimmed, bounded in length, and free of
 * the characters a database or a log cannot keep or a reader cannot see (NUL, the other C0 and C1
 * control characters outside line breaks and tabs, the bidirectional embeddings, overrides and
 * isolates that make text read backwards, and UTF-16 surrogates without their pair). The
 * direction marks U+200E and U+200F, which right-to-left writing needs, are kept. Every body, query and parameter
 * schema builds its strings from here, so bad text is a 400 at the edge and never reaches storage.
 */

export const TEXT_RULE_MESSAGE = "This text contains a character that cannot be used. Please remove it and try again.";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character PostgreSQL's text refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A string PostgreSQL's text and jsonb accept, for what is recorded rather than refused (logs):
 * NUL and unpaired surrogates become U+FFFD.
 */
export function storableText(value: string): string {
  return value.replace(UNSTORABLE, "\uFFFD");
}

/**
 * Whether a string may be stored: no NUL or other control characters (C0, C1), no bidirectional
 * embeddings, overrides or isolates, no unpaired surrogates.
 */
export function isSafeText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return !control.test(value) && !UNPAIRED_SURROGATE.test(value);
}

export interface TextOptions {
  /** Longest accepted length, after trimming. */
  max: number;
  /** Shortest accepted length, after trimming (0 by default). */
  min?: number;
  /** Line breaks and tabs allowed (descriptions, messages, addresses). */
  multiline?: boolean;
  /** Keep leading and trailing spaces (passwords). */
  keepSpaces?: boolean;
  /** Message when the value is missing or too short. */
  required?: string;
  /** Message when the value is too long. */
  tooLong?: string;
  /** Message when the value holds a character the rule refuses. */
  invalid?: string;
}

/** A string under the text rule. */
export function text(options: TextOptions) {
  const base = z.string(options.required ? { error: options.required } : undefined);
  const trimmed = options.keepSpaces ? base : base.trim();
  return trimmed
    .refine((value) => isSafeText(value, { multiline: options.multiline ?? false }), {
      message: options.invalid ?? TEXT_RULE_MESSAGE,
      abort: true,
    })
    .refine((value) => value.length >= (options.min ?? 0), {
      message: options.required ?? `Please enter at least ${options.min} characters.`,
      abort: true,
    })
    .refine((value) => value.length <= options.max, {
      message: options.tooLong ?? `This can be up to ${options.max} characters.`,
      abort: true,
    });
}

/** A record id made by PostgreSQL (cases, documents, comparisons, attorneys). */
export const uuidSchema = (message = "Not found") => z.uuid({ error: message });

/** A member id made by the account system (letters, digits, '-' and '_'). */
export const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid user id.");

/**
 * A date in a query string: ISO 8601, between the years 2000 and 9999 (so it is one PostgreSQL
 * and JavaScript both hold).
 */
export const queryDateSchema = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    "Please use a date like 2026-01-31.",
  )
  .transform((value, ctx) => {
    const date = new Date(value);
    const year = date.getUTCFullYear();
    // A day the calendar does not have (2026-02-31) is refused, not rolled over into the next month.
    const [y, m, d] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
    const real = new Date(Date.UTC(y, m - 1, d));
    const onCalendar = real.getUTCFullYear() === y && real.getUTCMonth() === m - 1 && real.getUTCDate() === d;
    if (Number.isNaN(date.getTime()) || !onCalendar || year < 2000 || year > 9999) {
      ctx.addIssue({ code: "custom", message: "Please use a date like 2026-01-31." });
      return z.NEVER;
    }
    return date;
  });

/**
 * A position in a list (keyset pagination): base64url of `{ ts, id }`, where `ts` is the row's
 * time as PostgreSQL writes it and `id` its uuid. Anything else is refused, so no crafted cursor
 * reaches a query.
 */
export const LIST_CURSOR_MESSAGE = "This list position is not valid. Reload the list and try again.";
const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ListCursor {
  ts: string;
  id: string;
}

export function encodeListCursor(cursor: ListCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ ts: cursor.ts, id: cursor.id }));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeListCursor(value: string): ListCursor | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed: unknown = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))),
    );
    if (typeof parsed !== "object" || parsed === null) return null;
    const { ts, id } = parsed as Record<string, unknown>;
    if (typeof ts !== "string" || typeof id !== "string" || !PG_TIMESTAMP.test(ts) || !UUID.test(id)) return null;
    if (!isPostgresTimestamp(ts)) return null;
    return { ts, id };
  } catch {
    return null;
  }
}

/** `2026-11-24 00:15:01.123456+00` with every field in range (PostgreSQL refuses the rest). */
function isPostgresTimestamp(value: string): boolean {
  const m = PG_TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes = "0", offsetSeconds = "0"] = m
    .slice(1)
    .map((part) => part ?? "0");
  const y = Number(year);
  const date = new Date(Date.UTC(y, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  return (
    y >= 2000 &&
    y <= 9999 &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hour) &&
    date.getUTCMinutes() === Number(minute) &&
    date.getUTCSeconds() === Number(second) &&
    Number(offsetHours) <= 15 &&
    Number(offsetMinutes) < 60 &&
    Number(offsetSeconds) < 60
  );
}

export const listCursorSchema = z
  .string()
  .max(300, LIST_CURSOR_MESSAGE)
  .transform((value, ctx) => {
    const cursor = decodeListCursor(value);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: LIST_CURSOR_MESSAGE });
      return z.NEVER;
    }
    return cursor;
  });
