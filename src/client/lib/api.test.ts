import { describe, expect, it } from "vitest";
import { ApiRequestError, refusalText } from "./api";

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
