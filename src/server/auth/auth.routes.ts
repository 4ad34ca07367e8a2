import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT, GENERIC_TEXT } from "@shared/messages";
import { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { notFound } from "../lib/errors";
import { type Auth, CLIENT_IP_HEADER, PUBLIC_AUTH_ENDPOINTS, VERIFY_EMAIL_PAGE } from "./auth";

/** better-auth's codes mapped to the texts LawGuide shows. */
const ERROR_MAP: Record<string, { code: string; message?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: ERROR_CODES.invalidCredentials, message: AUTH_TEXT.loginFailed },
  USER_ALREADY_EXISTS: { code: ERROR_CODES.emailTaken, message: AUTH_TEXT.emailTaken },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: ERROR_CODES.emailTaken, message: AUTH_TEXT.emailTaken },
  INVALID_PASSWORD: { code: ERROR_CODES.invalidCredentials, message: AUTH_TEXT.currentPasswordWrong },
  INVALID_TOKEN: { code: ERROR_CODES.invalidToken, message: AUTH_TEXT.resetLinkInvalid },
  EMAIL_NOT_VERIFIED: { code: ERROR_CODES.emailNotVerified, message: AUTH_TEXT.emailNotVerified },
  INVALID_CODE: { code: ERROR_CODES.invalidCredentials, message: AUTH_TEXT.twoFactorCodeInvalid },
  INVALID_BACKUP_CODE: { code: ERROR_CODES.invalidCredentials, message: AUTH_TEXT.backupCodeInvalid },
  INVALID_TWO_FACTOR_COOKIE: { code: ERROR_CODES.invalidToken, message: AUTH_TEXT.twoFactorExpired },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: ERROR_CODES.invalidToken, message: AUTH_TEXT.twoFactorExpired },
  EMAIL_MISMATCH: { code: ERROR_CODES.invalidInput, message: AUTH_TEXT.verificationForAnotherAccount },
  EMAIL_ALREADY_VERIFIED: { code: ERROR_CODES.invalidInput, message: AUTH_TEXT.emailAlreadyVerified },
  INVALID_EMAIL: { code: ERROR_CODES.invalidInput, message: AUTH_TEXT.invalidEmail },
  PASSWORD_TOO_SHORT: { code: ERROR_CODES.invalidInput },
  PASSWORD_TOO_LONG: { code: ERROR_CODES.invalidInput },
  MISSING_OR_NULL_ORIGIN: { code: ERROR_CODES.badOrigin },
  INVALID_ORIGIN: { code: ERROR_CODES.badOrigin },
  // An endpoint that needs a session (change password, two-factor), called by a visitor.
  UNAUTHORIZED: { code: ERROR_CODES.unauthenticated, message: GENERIC_TEXT.signInRequired },
  FAILED_TO_CREATE_USER: { code: ERROR_CODES.internal, message: AUTH_TEXT.registrationFailed },
};

/** The longest User-Agent better-auth is given (it keeps it with the session). */
const USER_AGENT_MAX = 512;

/**
 * better-auth behind an allow-list of endpoints, with the client's address handed over for rate
 * limits and its error bodies rewritten into the API's error shape. better-auth sees only what
 * LawGuide bounds: no query string (LawGuide's pages send none; better-auth would read a
 * `callbackURL` from it and write it to its log), a User-Agent of at most 512 characters, and a
 * body that its endpoint's shared schema has parsed first (the `before` hook in ./auth.ts).
 */
export function createAuthRoutes(auth: Auth) {
  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const subPath = c.req.path.slice("/api/auth".length);
    if (!PUBLIC_AUTH_ENDPOINTS.has(`${c.req.method} ${subPath}`)) throw notFound();
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const clientIp = c.get("clientIp");
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
    const userAgent = headers.get("user-agent");
    if (userAgent && userAgent.length > USER_AGENT_MAX) headers.set("user-agent", userAgent.slice(0, USER_AGENT_MAX));
    const url = new URL(c.req.url);
    const token = c.req.query("token");
    url.search = "";
    if (subPath === "/verify-email") {
      // The link in a verification mail: its token, and the page that tells the member how it went.
      if (token && token.length <= 2000) url.searchParams.set("token", token);
      url.searchParams.set("callbackURL", VERIFY_EMAIL_PAGE);
    }
    const request = new Request(url, {
      method: c.req.method,
      headers,
      ...(c.req.method === "GET" ? {} : { body: c.req.raw.body, duplex: "half" }),
    } as RequestInit);
    const response = await auth.handler(request);
    if (!response.ok) return rewriteError(response);
    return subPath === "/sign-up/email" ? sameSignUpAnswer(response) : response;
  });
}

/**
 * A sign-up that made no session (e-mail verification on) is answered with the same bytes whether
 * the address was new or already registered: better-auth's answer carries the new account, or a
 * stand-in for a taken address that differs from it (no role, no ban fields), which would tell
 * which addresses have accounts. A sign-up that signed the member in keeps its answer.
 */
async function sameSignUpAnswer(response: Response): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { token?: unknown } | null;
  if (body?.token !== null) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(SIGN_UP_PENDING), { status: 200, headers });
}

/** The answer to a sign-up waiting for its verification link, new address or taken alike. */
export const SIGN_UP_PENDING = { token: null, verificationRequired: true } as const;

async function rewriteError(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  let code: string = ERROR_CODES.internal;
  let message: string = AUTH_TEXT.unexpected;
  try {
    const body = (await response.json()) as { code?: string; message?: string };
    code = body.code ?? code;
    message = body.message ?? message;
  } catch {
    // not JSON: keep the generic text
  }
  if (response.status === 429) {
    // Our own refusals (lockout, the sign-up limit) keep their text; better-auth's limiter gets ours.
    if (code !== ERROR_CODES.accountLocked && code !== ERROR_CODES.rateLimited) {
      code = ERROR_CODES.rateLimited;
      message = AUTH_TEXT.tooManyRequests;
    }
    const retry = headers.get("x-retry-after");
    if (!headers.has("retry-after") && retry) headers.set("Retry-After", retry);
  }
  const mapped = ERROR_MAP[code];
  if (mapped) {
    code = mapped.code;
    message = mapped.message ?? message;
  }
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers });
}
