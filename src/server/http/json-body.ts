import { ERROR_CODES } from "@shared/api-error";
import { GENERIC_TEXT } from "@shared/messages";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "./env";

/** application/json, or any application/…+json, with or without parameters (charset). */
const JSON_TYPE = /^application\/([a-z0-9!#$&^_.-]+\+)?json\s*(;|$)/i;

export const isJsonType = (contentType: string | undefined): boolean => JSON_TYPE.test(contentType?.trim() ?? "");

export const notJson = () => new ApiError(415, ERROR_CODES.unsupportedType, GENERIC_TEXT.notJson);

/**
 * Whether a request carries a body, judged by its headers alone (reading it would turn the
 * request into a stream): a Content-Type, a Content-Length above 0, or a chunked body.
 */
function carriesBody(header: (name: string) => string | undefined): boolean {
  if (header("content-type") !== undefined || header("transfer-encoding") !== undefined) return true;
  const length = header("content-length");
  return length !== undefined && length.trim() !== "0";
}

/**
 * The API speaks JSON: a POST, PUT, PATCH or DELETE that carries a body must say
 * `application/json`, whatever the route; anything else (a form, text, multipart) is 415 before a
 * route reads it. A request with neither a body nor a Content-Type (a bodiless POST) passes: a
 * route that takes no body ignores it, and one that takes JSON refuses it (`validate("json")`).
 * `exempt` paths read their own kind of body: the Stripe webhook (raw, signed) and uploads
 * (multipart).
 */
export function jsonBodiesOnly(options: { exempt?: string[] } = {}): MiddlewareHandler<AppEnv> {
  const exempt = new Set(options.exempt ?? []);
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    if (exempt.has(c.req.path)) return next();
    const header = (name: string) => c.req.header(name);
    if (carriesBody(header) && !isJsonType(header("content-type"))) throw notJson();
    return next();
  };
}
