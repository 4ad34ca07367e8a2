import { randomBytes, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { isIP } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { ERROR_CODES } from "@shared/api-error";
import { GENERIC_TEXT } from "@shared/messages";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "./env";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The Content-Security-Policy of every response. A page with our own <style> tags carries a nonce
 * that admits them alone; every other response (the API, files) admits no inline style at all.
 */
export function contentSecurityPolicy(nonce: string | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/**
 * This response's CSP nonce, made the first time a handler asks (a page that writes <style>
 * tags). Most responses never ask, and making 16 random bytes costs more than the rest of a small
 * JSON answer's headers.
 */
export function cspNonce(c: Context<AppEnv>): string {
  let nonce = c.get("cspNonce");
  if (!nonce) {
    nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    nodeResponse(c)?.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  return nonce;
}

/**
 * Every answer's X-Request-Id, which is also the errorId an unhandled error is logged and answered
 * with. Written on Node's response, as the security headers are (Hono's own middleware sets it on
 * the context's headers, which makes every answer build a `Headers` object).
 */
export function requestIds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = randomUUID();
    c.set("requestId", id);
    const outgoing = nodeResponse(c);
    if (outgoing) outgoing.setHeader("X-Request-Id", id);
    else c.header("X-Request-Id", id);
    return next();
  };
}

/** Node's own response object, when the app is served by @hono/node-server (not in `app.request`). */
function nodeResponse(c: Context<AppEnv>): ServerResponse | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.outgoing as ServerResponse | undefined;
}

export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  const fixed: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)"],
  ];
  if (options.https) fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  const withoutNonce = contentSecurityPolicy(undefined);
  return async (c, next) => {
    const outgoing = nodeResponse(c);
    if (outgoing) {
      // Written on Node's response, where a handler's own headers still win: the handler's
      // Response keeps its plain headers, which @hono/node-server writes without building a
      // `Headers` object for every answer, as setting them on c.res.headers does.
      outgoing.setHeader("Content-Security-Policy", withoutNonce);
      for (const [name, value] of fixed) outgoing.setHeader(name, value);
      if (c.req.path.startsWith("/api/")) outgoing.setHeader("Cache-Control", "no-store");
      return next();
    }
    await next();
    const h = c.res.headers;
    const nonce = c.get("cspNonce");
    h.set("Content-Security-Policy", nonce ? contentSecurityPolicy(nonce) : withoutNonce);
    for (const [name, value] of fixed) h.set(name, value);
    if (c.req.path.startsWith("/api/") && !h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  };
}

/**
 * Refuse state-changing requests that did not come from our own pages: the Origin header must be
 * the public URL's origin or the origin the request was sent to (same-origin).
 */
export function originCheck(options: { publicUrl: string; exempt: string[] }): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || options.exempt.some((p) => c.req.path.startsWith(p))) {
      return next();
    }
    const origin = c.req.header("origin");
    if (!origin || !isAllowedOrigin(origin, publicOrigin, c.req.url)) {
      throw new ApiError(403, ERROR_CODES.badOrigin, GENERIC_TEXT.badOrigin);
    }
    return next();
  };
}

/**
 * The public URL's origin, or the very origin (scheme, host and port) the request was sent to:
 * `http://lawguide.example` does not pass for `https://lawguide.example`.
 */
function isAllowedOrigin(origin: string, publicOrigin: string, requestUrl: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(requestUrl).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The client's address: the socket's peer, or behind a trusted proxy the last entry of
 * X-Forwarded-For, the one that proxy wrote. Earlier entries come from the client itself (nginx's
 * `$proxy_add_x_forwarded_for` keeps what the client sent and appends the address it saw), so
 * taking the first would let anyone pick the address their sign-in attempts are counted against.
 */
export function clientAddress(options: { trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("clientIp", resolveIp(c, options.trustProxy));
    return next();
  };
}

function resolveIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    // Only an address is taken (it is stored with log rows and keys the sign-in limits).
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded && isIP(forwarded)) return plainAddress(forwarded);
  }
  try {
    return plainAddress(getConnInfo(c).remote.address ?? null);
  } catch {
    return null;
  }
}

/**
 * An IPv4 client reaching a server that listens on IPv6 too is seen as `::ffff:a.b.c.d`: the same
 * client must be counted, and logged, under one address whichever way it came in.
 */
function plainAddress(address: string | null): string | null {
  const mapped = address?.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped ? (mapped[1] as string) : address;
}
