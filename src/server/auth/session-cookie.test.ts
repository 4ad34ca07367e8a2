import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import { session } from "../db/schema";
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

/**
 * The cookie's format ("token.signature", the signature a base64 HMAC-SHA256 of the token) is
 * better-auth's own and undocumented: this holds the reading above to what better-auth writes.
 */
describe("the session cookie better-auth sets", () => {
  const t = setupTestApp();

  it("is read back as the token of the member's session", async () => {
    const { client, id } = await t.member();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const [row] = await t.services.db.select().from(session).where(eq(session.userId, id));
    expect(row?.token).toBeTruthy();
    expect(readSessionToken(cookie, t.services.config.authSecret)).toBe(row?.token);
  });
});
