import { createHmac, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE_NAMES = ["lawguide.session_token", "__Secure-lawguide.session_token"] as const;

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 1) continue;
    cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/** The token of one signed cookie value ("token.signature", URI-encoded), or null when forged. */
function verifySigned(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

/**
 * The session token from better-auth's signed session cookie (value "token.signature", the
 * signature a base64 HMAC-SHA256 of the token with the auth secret), or null when absent or forged.
 * Reading it here lets one query load the session and its member together.
 */
export function readSessionToken(cookieHeader: string | null, secret: string): string | null {
  return createSessionTokenReader(secret, { maxEntries: 0 })(cookieHeader);
}

/**
 * `readSessionToken` for every request: a signed value once verified is remembered (the same
 * value always verifies the same way), so a member's later requests skip the HMAC. Only genuine
 * values are kept, at most `maxEntries`, the oldest going first; a forged one is checked each time.
 */
export function createSessionTokenReader(secret: string, options: { maxEntries?: number } = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const verified = new Map<string, string>();
  return (cookieHeader: string | null): string | null => {
    const cookies = parseCookies(cookieHeader);
    for (const name of SESSION_COOKIE_NAMES) {
      const raw = cookies.get(name);
      if (!raw) continue;
      const known = verified.get(raw);
      if (known !== undefined) return known;
      const token = verifySigned(raw, secret);
      if (token !== null && maxEntries > 0) {
        if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
        verified.set(raw, token);
      }
      return token;
    }
    return null;
  };
}
