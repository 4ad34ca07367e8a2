import { ERROR_CODES, type ErrorCode } from "@shared/api-error";
import { GENERIC_TEXT } from "@shared/messages";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error meant for the client: its status, code and message leave the server as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (message: string = GENERIC_TEXT.notFound) => new ApiError(404, ERROR_CODES.notFound, message);
export const forbidden = (message: string = GENERIC_TEXT.forbidden) =>
  new ApiError(403, ERROR_CODES.forbidden, message);
export const unauthenticated = (message: string = GENERIC_TEXT.signInRequired) =>
  new ApiError(401, ERROR_CODES.unauthenticated, message);
export const invalidInput = (message: string = GENERIC_TEXT.invalidInput, fields?: Record<string, string>) =>
  new ApiError(400, ERROR_CODES.invalidInput, message, fields);
export const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);
export const planLimit = (message: string) => new ApiError(402, ERROR_CODES.planLimit, message);
/** 429 with Retry-After in whole seconds (at least 1). */
export const tooManyRequests = (code: ErrorCode, message: string, retryAfterSeconds: number) =>
  new ApiError(429, code, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
