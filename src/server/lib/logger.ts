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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      base: { service: "lawguide" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
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
