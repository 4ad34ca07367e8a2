import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, apiFetch, refusalText } from "./api";

const FALLBACK = "It could not be saved. Please try again.";

describe("refusalText", () => {
  it("gives the server's own message for a request it refused", () => {
    expect(refusalText(new ApiRequestError(409, "CONFLICT", "That e-mail is taken."), FALLBACK)).toBe(
      "That e-mail is taken.",
    );
    expect(refusalText(new ApiRequestError(401, "UNAUTHORIZED", "Invalid email or password"), FALLBACK)).toBe(
      "Invalid email or password",
    );
  });

  it("gives the fallback for a server error, a network failure or anything else thrown", () => {
    expect(refusalText(new ApiRequestError(500, "INTERNAL", "boom"), FALLBACK)).toBe(FALLBACK);
    expect(refusalText(new ApiRequestError(0, "NETWORK", "offline"), FALLBACK)).toBe(FALLBACK);
    expect(refusalText(new Error("TypeError"), FALLBACK)).toBe(FALLBACK);
    expect(refusalText(undefined, FALLBACK)).toBe(FALLBACK);
  });

  it("treats the statuses it is told are unexplained as unexplained", () => {
    const expired = new ApiRequestError(401, "UNAUTHORIZED", "Please sign in");
    expect(refusalText(expired, FALLBACK, [401])).toBe(FALLBACK);
    expect(refusalText(new ApiRequestError(400, "VALIDATION", "Name is required"), FALLBACK, [401])).toBe(
      "Name is required",
    );
  });
});

describe("apiFetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The requests apiFetch makes, answered with `{}`. */
  function recordRequests() {
    const sent: Array<{ method: string; type: string | null; body: unknown }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        sent.push({
          method: String(init.method),
          type: new Headers(init.headers).get("content-type"),
          body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
        });
        return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    return sent;
  }

  it("labels every body JSON, and sends {} on a POST, PUT or PATCH without one; GET and DELETE send none", async () => {
    const sent = recordRequests();
    await apiFetch("/api/cases", { body: { title: "Deposit" } });
    await apiFetch("/api/billing/cancel", { method: "POST" });
    await apiFetch("/api/profile", { method: "patch" });
    await apiFetch("/api/cases");
    await apiFetch("/api/uploads/x", { method: "DELETE" });
    expect(sent).toEqual([
      { method: "POST", type: "application/json", body: { title: "Deposit" } },
      { method: "POST", type: "application/json", body: {} },
      { method: "PATCH", type: "application/json", body: {} },
      { method: "GET", type: null, body: undefined },
      { method: "DELETE", type: null, body: undefined },
    ]);
  });
});
