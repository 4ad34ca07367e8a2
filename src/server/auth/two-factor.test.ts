import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { ADMIN, setupTestApp } from "../../../tests/factories/test-app";
import type { TestClient } from "../../../tests/factories/test-client";
import { totpCode, totpSecret } from "../../../tests/factories/totp";

const t = setupTestApp();

const offerTwoFactor = (on: boolean) => t.services.settings.update("security", { enableTwoFactor: on }, {});

/** Turn on TOTP for the signed-in `client` (password given), confirmed with a first code. */
async function enrol(client: TestClient, password: string) {
  const enabled = await client.post("/api/auth/two-factor/enable", { password });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/LawGuide:/);
  expect(backupCodes).toHaveLength(10);
  const secret = totpSecret(totpURI);
  // Not on until a first code confirms it.
  expect((await client.me())?.twoFactorEnabled).toBe(false);
  const confirmed = await client.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  expect((await client.me())?.twoFactorEnabled).toBe(true);
  return { secret, backupCodes };
}

describe("two-factor sign-in (enableTwoFactor)", () => {
  it("stays out of the way while off: nobody enrols, the administrator is not held", async () => {
    const member = await t.member();
    const refused = await member.client.post("/api/auth/two-factor/enable", { password: member.password });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(AUTH_TEXT.twoFactorOff);
    const admin = await t.admin();
    expect((await admin.get("/api/admin/stats")).status).toBe(200);
  });

  it("holds an administrator until they enrol", async () => {
    await offerTwoFactor(true);
    const admin = await t.admin();
    const held = await admin.get("/api/admin/stats");
    expect(held.status).toBe(403);
    expect((await held.json()).error).toEqual({
      code: ERROR_CODES.twoFactorRequired,
      message: AUTH_TEXT.twoFactorRequired,
    });
    const { secret } = await enrol(admin, ADMIN.password);
    expect((await admin.get("/api/admin/stats")).status).toBe(200);

    // Signing in again asks for a code.
    const again = t.client();
    const first = await again.signIn(ADMIN.email, ADMIN.password);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await again.me()).toBeNull();
    expect((await again.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret, 1) })).status).toBe(200);
    expect((await again.get("/api/admin/stats")).status).toBe(200);
  });

  it("asks a member with TOTP for a code; a backup code works once", async () => {
    await offerTwoFactor(true);
    const member = await t.member();
    const { secret, backupCodes } = await enrol(member.client, member.password);

    const browser = t.client();
    expect(await (await browser.signIn(member.email, member.password)).json()).toMatchObject({
      twoFactorRedirect: true,
    });
    expect(await browser.me()).toBeNull();
    expect((await browser.get("/api/cases")).status).toBe(401);
    const ok = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) });
    expect(ok.status).toBe(200);
    expect((await browser.me())?.email).toBe(member.email);

    const [backup] = backupCodes;
    const other = t.client();
    await other.signIn(member.email, member.password);
    expect((await other.post("/api/auth/two-factor/verify-backup-code", { code: backup })).status).toBe(200);
    expect((await other.me())?.email).toBe(member.email);
    const third = t.client();
    await third.signIn(member.email, member.password);
    const reused = await third.post("/api/auth/two-factor/verify-backup-code", { code: backup });
    expect(reused.status).toBe(401);
    expect((await reused.json()).error.message).toBe(AUTH_TEXT.backupCodeInvalid);
    expect(await third.me()).toBeNull();

    // Without a pending sign-in a code opens nothing.
    expect((await t.client().post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) })).status).toBe(401);
  });

  it("counts wrong codes toward the lockout", async () => {
    await offerTwoFactor(true);
    const member = await t.member();
    const { secret } = await enrol(member.client, member.password);
    const browser = t.client();
    await browser.signIn(member.email, member.password);
    const wrong = totpCode(secret, 5) === "000000" ? "111111" : "000000";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await browser.post("/api/auth/two-factor/verify-totp", { code: wrong });
      statuses.push(response.status);
      if (response.status !== 401) break;
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    // Locked now: even the right password and the right code are refused from this address.
    const locked = await browser.signIn(member.email, member.password);
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.code).toBe(ERROR_CODES.accountLocked);
  });

  it("lets a member turn it off with their password", async () => {
    await offerTwoFactor(true);
    const member = await t.member();
    await enrol(member.client, member.password);
    const wrong = await member.client.post("/api/auth/two-factor/disable", { password: "wrong-password" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe(AUTH_TEXT.currentPasswordWrong);
    expect((await member.client.post("/api/auth/two-factor/disable", { password: member.password })).status).toBe(200);
    expect((await member.client.me())?.twoFactorEnabled).toBe(false);
    const browser = t.client();
    expect(await (await browser.signIn(member.email, member.password)).json()).not.toHaveProperty("twoFactorRedirect");
    expect(await browser.me()).not.toBeNull();
  });
});
