import type { Hono } from "hono";
import { CONSENT } from "./people";

export const TEST_ORIGIN = "http://localhost:3000";

type Fetchable = Pick<Hono, "request">;

/**
 * A browser-like client of the app: keeps cookies, sends the Origin header of our own pages, and
 * speaks JSON. Requests go through app.request (no network).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: Fetchable,
    private readonly origin: string = TEST_ORIGIN,
  ) {}

  async request(
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: BodyInit } = {},
  ) {
    const headers = new Headers(init.headers);
    if (!headers.has("origin") && this.origin) headers.set("origin", this.origin);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const response = await this.app.request(path, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
      headers,
      ...(init.json !== undefined
        ? { body: JSON.stringify(init.json) }
        : init.body !== undefined
          ? { body: init.body }
          : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get = (path: string, headers?: Record<string, string>) =>
    this.request(path, { method: "GET", ...(headers ? { headers } : {}) });
  post = (path: string, json: unknown = {}) => this.request(path, { method: "POST", json });
  put = (path: string, json: unknown = {}) => this.request(path, { method: "PUT", json });
  patch = (path: string, json: unknown = {}) => this.request(path, { method: "PATCH", json });
  delete = (path: string, json?: unknown) =>
    this.request(path, { method: "DELETE", ...(json === undefined ? {} : { json }) });

  async signUp(input: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    [k: string]: unknown;
  }) {
    return this.post("/api/auth/sign-up/email", {
      password: "secret-pass",
      firstName: "Test",
      lastName: "",
      ...CONSENT,
      ...input,
    });
  }

  async signIn(email: string, password: string, rememberMe?: boolean) {
    return this.post("/api/auth/sign-in/email", {
      email,
      password,
      ...(rememberMe === undefined ? {} : { rememberMe }),
    });
  }

  async me() {
    const response = await this.get("/api/me");
    return ((await response.json()) as { user: import("../../src/shared/session").SessionUser | null }).user;
  }
}
