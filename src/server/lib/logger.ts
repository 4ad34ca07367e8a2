import pino from "pino";

/** Server log (stdout, JSON). Secrets and personal credentials are redacted wherever they appear. */
export const REDACT_PATHS = [
  "password",
  "*.password",
  "newPassword",
  "*.newPassword",
  "currentPassword",
  "*.currentPassword",
  "token",
  "*.token",
  "apiKey",
  "*.apiKey",
  "secret",
  "*.secret",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
];

export type Logger = pino.Logger;

/** The most characters a log line keeps of any one string (the message included); the rest is counted. */
export const LOG_STRING_MAX = 2_000;
/** The longest log line written: a longer one is replaced by a short line that says so. */
export const LOG_LINE_MAX = 16_384;
/** The most items of a list, and keys of an object, a log line keeps; and how deep it looks. */
const LOG_ITEMS_MAX = 50;
const LOG_DEPTH_MAX = 6;

/** A string cut to LOG_STRING_MAX characters, saying how many were left out. */
export function boundedText(text: string): string {
  return text.length > LOG_STRING_MAX
    ? `${text.slice(0, LOG_STRING_MAX)}… [${text.length - LOG_STRING_MAX} more characters]`
    : text;
}

/**
 * A logged value with every string, list and object bounded, so that nothing a client sends can
 * make a log line large. Errors are left to pino's error serializer (the line cap holds them).
 */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return boundedText(value);
  if (value === null || typeof value !== "object" || value instanceof Error || value instanceof Date) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (depth >= LOG_DEPTH_MAX) return "[…]";
  if (Array.isArray(value)) {
    const kept = value.slice(0, LOG_ITEMS_MAX).map((item) => bounded(item, depth + 1));
    if (value.length > LOG_ITEMS_MAX) kept.push(`… [${value.length - LOG_ITEMS_MAX} more items]`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (n === LOG_ITEMS_MAX) {
      out["…"] = "[more keys left out]";
      break;
    }
    out[boundedText(key)] = bounded((value as Record<string, unknown>)[key], depth + 1);
    n += 1;
  }
  return out;
}

/** A line over LOG_LINE_MAX, replaced by one that keeps its level, time and beginning. */
function cutLine(line: string): string {
  const head = line.slice(0, 300);
  const level = Number(/"level":(\d+)/.exec(head)?.[1] ?? 50);
  const time = /"time":"([^"]+)"/.exec(head)?.[1];
  return `${JSON.stringify({
    level,
    time,
    service: "lawguide",
    msg: "log line cut: longer than the limit",
    length: line.length,
    start: line.slice(0, 1_000),
  })}\n`;
}

/** A destination that never writes a line longer than LOG_LINE_MAX. */
function capped(destination: pino.DestinationStream): pino.DestinationStream {
  const target = destination as pino.DestinationStream & { flush?: (cb?: () => void) => void; flushSync?: () => void };
  return {
    write: (line: string) => target.write(line.length > LOG_LINE_MAX ? cutLine(line) : line),
    ...(target.flush ? { flush: (cb?: () => void) => target.flush?.(cb) } : {}),
    ...(target.flushSync ? { flushSync: () => target.flushSync?.() } : {}),
  } as pino.DestinationStream;
}

/**
 * The server log. Every line is bounded (DESIGN section 9): strings at LOG_STRING_MAX characters,
 * lists and objects at LOG_ITEMS_MAX entries, and the line itself at LOG_LINE_MAX.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      base: { service: "lawguide" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (object) => bounded(object) as Record<string, unknown> },
      serializers: { msg: (message: unknown) => (typeof message === "string" ? boundedText(message) : message) },
    },
    capped(destination ?? pino.destination({ dest: 1, sync: true })),
  );
}

/** Remove credentials from a free-text string (URLs with passwords, bearer tokens, API keys). */
export function redactText(text: string): string {
  return text
    .replace(/(\w+:\/\/[^:/\s]+:)[^@\s]+@/g, "$1[redacted]@")
    .replace(/\b(Bearer)\s+[\w.~+/-]+=*/gi, "$1 [redacted]")
    .replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_-]{8,}/g, "$1_[redacted]")
    .replace(/\bsk-[A-Za-z0-9_-]{8,}/g, "sk-[redacted]");
}

/**
 * What the server log keeps of an unexpected error: its kind, the database's error code and where
 * in the code it happened, never its message. A database error's message carries the statement's
 * parameters (a member's words, an e-mail address), so it stays out of the log.
 */
export function describeFault(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { kind: typeof error };
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = (e: Error | null) => {
    const value = e ? (e as { code?: unknown }).code : undefined;
    return typeof value === "string" || typeof value === "number" ? value : undefined;
  };
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  return {
    kind: error.name,
    ...(code(error) === undefined ? {} : { code: code(error) }),
    ...(cause ? { cause: cause.name, ...(code(cause) === undefined ? {} : { causeCode: code(cause) }) } : {}),
    at: frames,
  };
}
