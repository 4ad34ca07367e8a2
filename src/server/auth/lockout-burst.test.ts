import { ERROR_CODES } from "@shared/api-error";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import type { TestClient } from "../../../tests/factories/test-client";
import { totpCode, totpSecret } from "../../../tests/factories/totp";
import { loginAttempts } from "../db/schema";

/**
 * Every check of a password or a sign-in code is counted before it is made, so requests sent at
 * once cannot pass the lockout: of 25 wrong passwords at once, at most `maxLoginAttempts` are
 * checked (401) and the rest are refused unchecked (429). On PostgreSQL (DATABASE_URL) the
 * reservation is one statement that takes the row's lock, which holds across processes too.
 */

const t = setupTestApp();

const BURST = 25;
const MAX_ATTEMPTS = 5;

async function statusesOf(requests: Array<Promise<Response>>) {
  const responses = await Promise.all(requests);
  const statuses = responses.map((r) => r.status);
  const codes = await Promise.all(
    responses.map(async (r) => ((await r.json()) as { error?: { code: string } }).error?.code),
  );
  return { statuses, codes, checked: statuses.filter((s) => s !== 429).length };
}

async function failuresOf(email: string) {
  const rows = await t.services.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
  return rows.find((r) => r.client !== "*");
}

describe("the lockout under requests sent at once", () => {
  it(`checks at most maxLoginAttempts of ${BURST} wrong passwords sent at once, and locks the address`, async () => {
    const { email, password } = await t.member();
    const burst = await statusesOf(Array.from({ length: BURST }, () => t.client().signIn(email, "wrong-password")));
    expect(burst.checked).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(burst.checked).toBeGreaterThan(0);
    expect(burst.statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(burst.codes.filter((c) => c === ERROR_CODES.accountLocked)).toHaveLength(BURST - burst.checked);
    // Locked: the right password is refused too.
    expect((await t.client().signIn(email, password)).status).toBe(429);
    expect((await failuresOf(email))?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it("follows a lower maxLoginAttempts under a burst too", async () => {
    await t.services.settings.update("security", { maxLoginAttempts: 3 }, {});
    const { email } = await t.member();
    const burst = await statusesOf(Array.from({ length: BURST }, () => t.client().signIn(email, "wrong-password")));
    expect(burst.checked).toBeLessThanOrEqual(3);
  });

  it("gives a right password's place back: the member signs in again and again without a lockout", async () => {
    const { email, password } = await t.member();
    for (let i = 0; i < MAX_ATTEMPTS * 2; i++) expect((await t.client().signIn(email, password)).status).toBe(200);
    expect((await failuresOf(email))?.failedCount ?? 0).toBe(0);
  });

  it("does not count a refusal that judged no password (a request the schema refuses is not counted)", async () => {
    const { email, password } = await t.member();
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      expect((await t.client().post("/api/auth/sign-in/email", { email, password: "" })).status).toBe(400);
    }
    expect((await t.client().signIn(email, password)).status).toBe(200);
  });

  it(`checks at most maxLoginAttempts of ${BURST} wrong sign-in codes sent at once`, async () => {
    await t.services.settings.update("security", { enableTwoFactor: true }, {});
    const member = await t.member();
    const enabled = await member.client.post("/api/auth/two-factor/enable", { password: member.password });
    const secret = totpSecret(((await enabled.json()) as { totpURI: string }).totpURI);
    expect((await member.client.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) })).status).toBe(200);

    const browser = t.client();
    expect((await browser.signIn(member.email, member.password)).status).toBe(200);
    const right = totpCode(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const copies: TestClient[] = Array.from({ length: BURST }, () => {
      const copy = t.client();
      for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
      return copy;
    });
    const burst = await statusesOf(copies.map((c) => c.post("/api/auth/two-factor/verify-totp", { code: wrong })));
    // The password's check was given back when the code was asked for: only the codes count.
    expect(burst.checked).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(burst.statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(BURST - MAX_ATTEMPTS);
  });

  it("counts a password typed to delete the account: 70 wrong ones are refused after maxLoginAttempts", async () => {
    const member = await t.member();
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      statuses.push((await member.client.post("/api/profile/delete", { password: `wrong-${i}` })).status);
    }
    expect(statuses.slice(0, MAX_ATTEMPTS)).toEqual(Array(MAX_ATTEMPTS).fill(400));
    expect(statuses.slice(MAX_ATTEMPTS).every((s) => s === 429)).toBe(true);
    // The same lockout: signing in from this address is paused as well.
    const locked = await t.client().signIn(member.email, member.password);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.accountLocked);
    // And the account is still there.
    expect(await member.client.me()).not.toBeNull();
  });

  it(`checks at most maxLoginAttempts of ${BURST} wrong passwords sent at once to delete the account`, async () => {
    const member = await t.member();
    const burst = await statusesOf(
      Array.from({ length: BURST }, (_, i) => member.client.post("/api/profile/delete", { password: `wrong-${i}` })),
    );
    expect(burst.checked).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(await member.client.me()).not.toBeNull();
  });

  it("counts the current password of a password change and of turning two-factor on", async () => {
    await t.services.settings.update("security", { enableTwoFactor: true }, {});
    const member = await t.member();
    for (let i = 0; i < 3; i++) {
      const response = await member.client.post("/api/auth/change-password", {
        currentPassword: `wrong-${i}`,
        newPassword: "another-secret-pass",
      });
      expect(response.status).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      expect((await member.client.post("/api/auth/two-factor/enable", { password: `wrong-${i}` })).status).toBe(400);
    }
    const locked = await member.client.post("/api/auth/change-password", {
      currentPassword: member.password,
      newPassword: "another-secret-pass",
    });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.accountLocked);
  });
});
