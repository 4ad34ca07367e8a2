import type { PublicSettings } from "@shared/schemas/settings";
import type { SessionUser } from "@shared/session";
import { vi } from "vitest";

/**
 * A small stand-in for LawGuide's HTTP API in client component tests: `fetch` is replaced by a
 * function that answers "METHOD /path" routes with real `Response` objects in the API's shapes
 * (JSON bodies, errors as `{ error: { code, message } }`), and records every request it gets.
 */

export interface ApiCall {
  method: string;
  path: string;
  /** The parsed JSON body, when the request had one. */
  body: unknown;
}

/** Answers one request; `signal` is the request's abort signal, when the page gave one. */
export type Route = (call: ApiCall, signal?: AbortSignal) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** An error answer in the API's error shape. */
export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/** A route that never answers, as a server that hangs: the request ends only when the page aborts it. */
export const hangs: Route = (_call, signal) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });

/** As real `fetch` does: once the request's signal aborts, the request fails with an AbortError. */
function abortable(answer: Response | Promise<Response>, signal?: AbortSignal | null): Promise<Response> {
  if (!signal) return Promise.resolve(answer);
  const aborted = () => new DOMException("The operation was aborted.", "AbortError");
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(answer).then(
      (response) => {
        signal.removeEventListener("abort", onAbort);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Replace `fetch` with the fake API. `routes` is kept by reference: a test may add or replace a
 * route later ("POST /api/auth/sign-in/email"). An unknown route is answered 404, and recorded.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const unmatched: string[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const call: ApiCall = { method, path: url.pathname, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (!route) {
      unmatched.push(key);
      return apiError(404, "NOT_FOUND", "Not found");
    }
    return abortable(route(call, init?.signal ?? undefined), init?.signal);
  });
  vi.stubGlobal("fetch", fetchFake);
  return {
    routes,
    calls,
    unmatched,
    /** The requests made to one route, e.g. `callsTo("POST /api/auth/sign-up/email")`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** What GET /api/settings/public answers (the server's defaults), with `overrides`. */
export function publicSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    siteName: "LawGuide",
    siteDescription: "Legal help at your fingertips",
    supportEmail: "support@lawguide.example",
    allowRegistration: true,
    maintenanceMode: false,
    passwordMinLength: 6,
    freeUserMessageLimit: 10,
    enableComparison: true,
    maxFileUploadSize: 10,
    trialPeriodDays: 7,
    enableTrials: true,
    phoneSupport: false,
    mode: "configured",
    demoAccounts: [],
    enableTwoFactor: false,
    ...overrides,
  };
}

/** A signed-in member as GET /api/me describes them. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: "u1",
    email: "mia@example.com",
    phone: "",
    firstName: "Mia",
    lastName: "",
    address: "",
    profession: "",
    createdAt: "2026-01-01T00:00:00.000Z",
    lastActive: null,
    isAdmin: false,
    twoFactorEnabled: false,
    preferences: { emailNotifications: true, pushNotifications: true, marketingEmails: false, compareAnswers: "every" },
    plan: "free",
    ...overrides,
  };
}
