import { ERROR_CODES, isApiErrorBody } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";

/** An error answered by the API (or a network failure, status 0), with the server's message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

async function toError(response: Response): Promise<ApiRequestError> {
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) {
      return new ApiRequestError(response.status, body.error.code, body.error.message, body.error.fields);
    }
  } catch {
    // not JSON
  }
  return new ApiRequestError(response.status, "HTTP_ERROR", AUTH_TEXT.unexpected);
}

/**
 * The server's own message for a request it refused (a 4xx: a taken e-mail, a field's rule, wrong
 * credentials), else `fallback` (a network failure, a server error). Statuses in `unexplained` are
 * treated as unexplained too: an administrator whose session ran out is told the action failed, not
 * the sign-in refusal.
 */
export function refusalText(error: unknown, fallback: string, unexplained: readonly number[] = []): string {
  return error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    !unexplained.includes(error.status)
    ? error.message
    : fallback;
}

/** Sent on window when the API answers that the site is down for maintenance (the app shows its page). */
export const MAINTENANCE_EVENT = "lawguide:maintenance";

/** Read a JSON answer, or throw ApiRequestError with the server's message. */
export async function unwrap<T>(responsePromise: Promise<Response> | Response): Promise<T> {
  let response: Response;
  try {
    response = await responsePromise;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(0, "NETWORK", AUTH_TEXT.unexpected);
  }
  if (!response.ok) {
    const error = await toError(response);
    if (error.code === ERROR_CODES.maintenance && typeof window !== "undefined") {
      window.dispatchEvent(new Event(MAINTENANCE_EVENT));
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A file from our API (a document to download), or ApiRequestError with the server's message: a
 * download it refuses (too many at once, the renderers busy) is said on the page, not lost in
 * the browser's downloads.
 */
export async function fetchFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw new ApiRequestError(0, "NETWORK", AUTH_TEXT.unexpected);
  }
  if (!response.ok) await unwrap(response);
  return response.blob();
}

/** Methods whose requests carry a body: always JSON, `{}` when the caller gives none. */
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * JSON request to our API. The API takes JSON only (any other Content-Type is 415), so a POST,
 * PUT or PATCH always sends a JSON body labelled `application/json`, `{}` when there is nothing to
 * say; GET and DELETE send none.
 */
export function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = (options.method ?? (options.body === undefined ? "GET" : "POST")).toUpperCase();
  const body = options.body === undefined && WITH_BODY.has(method) ? {} : options.body;
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  return unwrap<T>(fetch(path, init));
}
