import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import { session } from "../db/schema";
import { createSessionTokenReader, readSessionToken } from "./session-cookie";

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

  it("remembers genuine values only, and no more of them than it may keep", () => {
    const read = createSessionTokenReader(secret, { maxEntries: 2 });
    const forged = `lawguide.session_token=${sign("abc123").replace("abc123", "abc124")}`;
    for (let i = 0; i < 3; i++) expect(read(forged)).toBeNull();
    for (const token of ["t1", "t2", "t3", "t1"]) {
      expect(read(`lawguide.session_token=${sign(token)}`)).toBe(token);
    }
    // A value signed with another key never reads as its token, before or after a genuine one.
    expect(read(`lawguide.session_token=${sign("t1", "another-secret-another-secret-12")}`)).toBeNull();
    expect(read(`lawguide.session_token=${sign("t1")}`)).toBe("t1");
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
