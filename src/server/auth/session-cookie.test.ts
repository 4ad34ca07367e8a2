import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readSessionToken } from "./session-cookie";

const secret = "s".repeat(40);
const sign = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`);

describe("session cookie", () => {
  it("reads a correctly signed token", () => {
    expect(readSessionToken(`other=1; lawguide.session_token=${sign("abc123")}`, secret)).toBe("abc123");
    expect(readSessionToken(`__Secure-lawguide.session_token=${sign("xyz")}`, secret)).toBe("xyz");
  });

  it("refuses a missing, tampered or foreign-signed token", () => {
    expect(readSessionToken(null, secret)).toBeNull();
    expect(readSessionToken("lawguide.session_token=abc123", secret)).toBeNull();
    expect(readSessionToken(`lawguide.session_token=${sign("abc123").replace("abc123", "abc124")}`, secret)).toBeNull();
    expect(
      readSessionToken(`lawguide.session_token=${sign("abc123", "another-secret-another-secret-12")}`, secret),
    ).toBeNull();
    expect(readSessionToken("lawguide.session_token=%E0%A4%A", secret)).toBeNull();
  });
});
