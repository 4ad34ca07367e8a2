import { AUTH_TEXT } from "@shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/factories/test-app";
import { appLogs, loginAttempts, session, user, userProfiles, verification } from "../db/schema";

const t = setupTestApp();

/** The password-reset mails in the outbox, newest first (members also get a welcome mail). */
const resetMails = async () => (await t.outbox()).filter((m) => m.subject.startsWith("Reset your"));

interface ErrorBody {
  error: { code: string; message: string };
}

async function json(response: Response): Promise<ErrorBody> {
  return (await response.json()) as ErrorBody;
}

describe("registration", () => {
  it("creates the account, its profile with default preferences and a session", async () => {
    const c = t.client();
    const response = await c.signUp({ email: "Ann@Example.com", password: "secret1", firstName: "Ann", lastName: "" });
    expect(response.status).toBe(200);
    const me = await c.me();
    expect(me).toMatchObject({
      email: "ann@example.com",
      firstName: "Ann",
      lastName: "",
      phone: "",
      address: "",
      profession: "",
      isAdmin: false,
      plan: "free",
      preferences: { emailNotifications: true, pushNotifications: true, marketingEmails: false },
    });
    expect(Object.keys(me ?? {}).sort()).toEqual(
      [
        "id",
        "email",
        "phone",
        "firstName",
        "lastName",
        "address",
        "profession",
        "createdAt",
        "lastActive",
        "isAdmin",
        // Beside the spec's fields: whether sign-in asks for a code (the profile and admin gate read it).
        "twoFactorEnabled",
        "preferences",
        "plan",
      ].sort(),
    );
    const logs = await t.services.db.select().from(appLogs).where(eq(appLogs.message, "User registered"));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.category).toBe("auth");
    expect(logs[0]?.userId).toBe(me?.id);
  });

  it("never lets a visitor choose their role", async () => {
    const c = t.client();
    const response = await c.signUp({ email: "sneaky@example.com", role: "admin", emailVerified: true, banned: false });
    expect(response.status).toBe(200);
    const me = await c.me();
    expect(me?.isAdmin).toBe(false);
    const [row] = await t.services.db.select().from(user).where(eq(user.email, "sneaky@example.com"));
    expect(row?.role).toBe("user");
    expect(row?.emailVerified).toBe(false);
    const admin = await c.get("/api/admin/stats");
    expect(admin.status).toBe(403);
  });

  it("requires email, password and first name", async () => {
    const c = t.client();
    for (const body of [
      { email: "a@example.com", password: "secret1" },
      { email: "", password: "secret1", firstName: "A" },
      { email: "a@example.com", firstName: "A" },
    ]) {
      const response = await c.post("/api/auth/sign-up/email", body);
      expect(response.status).toBe(400);
      expect((await json(response)).error.message).toBe(AUTH_TEXT.registrationMissingFields);
    }
  });

  it("requires both boxes of the form, and records when they were ticked", async () => {
    const c = t.client();
    const body = { email: "boxes@example.com", password: "secret1", firstName: "Bo" };
    for (const [sent, message] of [
      [body, AUTH_TEXT.mustAgreeTerms],
      [{ ...body, acceptTerms: false, acknowledgeAi: true }, AUTH_TEXT.mustAgreeTerms],
      [{ ...body, acceptTerms: "yes", acknowledgeAi: true }, AUTH_TEXT.mustAgreeTerms],
      [{ ...body, acceptTerms: true }, AUTH_TEXT.mustAcknowledgeAi],
      [{ ...body, acceptTerms: true, acknowledgeAi: false }, AUTH_TEXT.mustAcknowledgeAi],
    ] as const) {
      const response = await c.post("/api/auth/sign-up/email", sent);
      expect(response.status, JSON.stringify(sent)).toBe(400);
      expect((await json(response)).error.message).toBe(message);
    }
    expect(await t.services.db.select().from(user).where(eq(user.email, body.email))).toHaveLength(0);

    const before = Date.now();
    const response = await c.post("/api/auth/sign-up/email", { ...body, acceptTerms: true, acknowledgeAi: true });
    expect(response.status).toBe(200);
    const me = await c.me();
    const [profile] = await t.services.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, me?.id ?? ""));
    expect(profile?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(profile?.termsAcceptedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("rejects an invalid e-mail address", async () => {
    const response = await t.client().signUp({ email: "not-an-email" });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe(AUTH_TEXT.invalidEmail);
  });

  it("applies the minimum password length from the security settings", async () => {
    let response = await t.client().signUp({ email: "short@example.com", password: "12345" });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe("Password must be at least 6 characters");

    await t.services.settings.update("security", { passwordMinLength: 8 }, {});
    response = await t.client().signUp({ email: "short@example.com", password: "1234567" });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe("Password must be at least 8 characters");
    response = await t.client().signUp({ email: "short@example.com", password: "12345678" });
    expect(response.status).toBe(200);
  });

  it("is refused while registration is turned off", async () => {
    await t.services.settings.update("general", { allowRegistration: false }, {});
    const response = await t.client().signUp({ email: "closed@example.com" });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      error: { code: "REGISTRATION_CLOSED", message: AUTH_TEXT.registrationClosed },
    });
    expect(await t.services.db.select().from(user).where(eq(user.email, "closed@example.com"))).toHaveLength(0);
  });

  it("refuses an e-mail address that already has an account", async () => {
    await t.client().signUp({ email: "twice@example.com" });
    const response = await t.client().signUp({ email: "TWICE@example.com" });
    expect(response.status).toBe(422);
    expect((await json(response)).error).toEqual({ code: "EMAIL_TAKEN", message: AUTH_TEXT.emailTaken });
  });
});

describe("sign-in", () => {
  it("signs in, records the sign-in and answers the session user", async () => {
    const { email, password } = await t.member({ firstName: "Bea" });
    const c = t.client();
    const response = await c.signIn(email.toUpperCase(), password);
    expect(response.status).toBe(200);
    const me = await c.me();
    expect(me?.firstName).toBe("Bea");
    expect(me?.lastActive).not.toBeNull();
    const logs = await t.services.db.select().from(appLogs).where(eq(appLogs.message, "User signed in"));
    expect(logs.map((l) => l.userId)).toContain(me?.id);
  });

  it("answers the spec's text for wrong credentials and logs the failure", async () => {
    const { email } = await t.member();
    const response = await t.client().signIn(email, "wrong-password");
    expect(response.status).toBe(401);
    expect((await json(response)).error).toEqual({ code: "INVALID_CREDENTIALS", message: AUTH_TEXT.loginFailed });
    const [log] = await t.services.db.select().from(appLogs).where(eq(appLogs.message, "Sign-in failed"));
    expect(log).toMatchObject({ level: "warn", category: "auth" });
    expect(log?.metadata).toMatchObject({ email });
  });

  it("requires both email and password", async () => {
    const response = await t.client().post("/api/auth/sign-in/email", { email: "a@example.com", password: "" });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe(AUTH_TEXT.emailAndPasswordRequired);
  });

  it("locks an account for this address after five failures, even for the right password, for 15 minutes", async () => {
    const { email, password } = await t.member();
    const c = t.client();
    for (let i = 0; i < 5; i++) expect((await c.signIn(email, "wrong")).status).toBe(401);
    const locked = await c.signIn(email, password);
    expect(locked.status).toBe(429);
    expect((await json(locked)).error).toEqual({ code: "ACCOUNT_LOCKED", message: AUTH_TEXT.lockedOut(15) });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(await c.me()).toBeNull();

    const rows = await t.services.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    const pair = rows.find((r) => r.client !== "*");
    const minutes = ((pair?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
    // Five failures are far below the account's ceiling for guesses from many addresses.
    expect(rows.find((r) => r.client === "*")).toMatchObject({ failedCount: 5, lockedUntil: null });

    // When the 15 minutes have passed, the right password works again and the address's count is cleared.
    await t.services.db
      .update(loginAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginAttempts.email, email));
    expect((await c.signIn(email, password)).status).toBe(200);
    const after = await t.services.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(after.find((r) => r.client !== "*")).toMatchObject({ failedCount: 0, lockedUntil: null });
  });

  it("follows the maxLoginAttempts setting and a success resets the count", async () => {
    await t.services.settings.update("security", { maxLoginAttempts: 3 }, {});
    const { email, password } = await t.member();
    const c = t.client();
    await c.signIn(email, "wrong");
    await c.signIn(email, "wrong");
    expect((await c.signIn(email, password)).status).toBe(200);
    for (let i = 0; i < 3; i++) await c.signIn(email, "wrong");
    expect((await c.signIn(email, password)).status).toBe(429);
  });

  it("keeps the session with the browser only when Remember me is unchecked", async () => {
    const { email, password } = await t.member();
    const forget = await t.client().signIn(email, password, false);
    const forgetCookie = forget.headers.getSetCookie().find((c) => c.startsWith("lawguide.session_token="));
    expect(forgetCookie).toBeDefined();
    expect(forgetCookie).not.toMatch(/max-age|expires/i);

    const remember = await t.client().signIn(email, password, true);
    const rememberCookie = remember.headers.getSetCookie().find((c) => c.startsWith("lawguide.session_token="));
    expect(rememberCookie).toMatch(/Max-Age=\d+/);
    expect(rememberCookie).toMatch(/HttpOnly/);
  });

  it("gives sessions the timeout of the security settings", async () => {
    await t.services.settings.update("security", { sessionTimeout: 2 }, {});
    const { id } = await t.member();
    const [row] = await t.services.db.select().from(session).where(eq(session.userId, id));
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
  });

  it("signs out and logs it", async () => {
    const { client, id } = await t.member();
    const response = await client.post("/api/auth/sign-out");
    expect(response.status).toBe(200);
    expect(await client.me()).toBeNull();
    const logs = await t.services.db.select().from(appLogs).where(eq(appLogs.message, "User signed out"));
    expect(logs.map((l) => l.userId)).toContain(id);
  });
});

describe("profile loading", () => {
  it("recreates a missing profile with the default preferences", async () => {
    const { client, id } = await t.member({ firstName: "Cleo" });
    await t.services.db.delete(userProfiles).where(eq(userProfiles.id, id));
    const me = await client.me();
    expect(me?.preferences).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: false,
      compareAnswers: "every",
    });
    expect(await t.services.db.select().from(userProfiles).where(eq(userProfiles.id, id))).toHaveLength(1);
  });

  it("answers { user: null } to a visitor", async () => {
    const response = await t.client().get("/api/me");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null });
  });
});

describe("change password", () => {
  it("changes it, keeps the rules of the settings and logs it", async () => {
    const { client, email, password, id } = await t.member();
    let response = await client.post("/api/auth/change-password", {
      currentPassword: "nope-nope",
      newPassword: "new-secret",
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe(AUTH_TEXT.currentPasswordWrong);

    response = await client.post("/api/auth/change-password", { currentPassword: password, newPassword: "123" });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe("New password must be at least 6 characters");

    response = await client.post("/api/auth/change-password", { currentPassword: password, newPassword: "new-secret" });
    expect(response.status).toBe(200);
    expect((await t.client().signIn(email, password)).status).toBe(401);
    expect((await t.client().signIn(email, "new-secret")).status).toBe(200);
    const logs = await t.services.db.select().from(appLogs).where(eq(appLogs.userId, id));
    expect(logs.map((l) => l.message)).toEqual(expect.arrayContaining(["Password change failed", "Password changed"]));
  });

  it("ends the member's other sessions, whatever the client asks, and keeps this one", async () => {
    for (const asked of [false, undefined, true]) {
      const { client, email, password } = await t.member();
      const elsewhere = t.client();
      expect((await elsewhere.signIn(email, password)).status).toBe(200);
      const response = await client.post("/api/auth/change-password", {
        currentPassword: password,
        newPassword: "new-secret",
        ...(asked === undefined ? {} : { revokeOtherSessions: asked }),
      });
      expect(response.status, String(asked)).toBe(200);
      expect(await elsewhere.me(), String(asked)).toBeNull();
      expect(await client.me(), String(asked)).not.toBeNull();
    }
  });

  it("needs a session", async () => {
    const response = await t
      .client()
      .post("/api/auth/change-password", { currentPassword: "a", newPassword: "bbbbbbbb" });
    expect(response.status).toBe(401);
    // The API's own refusal of a visitor, not better-auth's code and text.
    expect(await json(response)).toEqual({
      error: { code: "UNAUTHENTICATED", message: "Please sign in to continue." },
    });
  });
});

describe("password reset through the outbox", () => {
  it("mails a one-time link to PUBLIC_URL/reset-password that expires", async () => {
    const { email } = await t.member();
    const response = await t.client().post("/api/auth/request-password-reset", { email });
    expect(response.status).toBe(200);
    const [mail] = await resetMails();
    expect(mail?.to).toBe(email);
    const link = mail?.text.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? "";

    let reset = await t.client().post("/api/auth/reset-password", { token, newPassword: "brand-new-1" });
    expect(reset.status).toBe(200);
    expect((await t.client().signIn(email, "brand-new-1")).status).toBe(200);

    reset = await t.client().post("/api/auth/reset-password", { token, newPassword: "another-one" });
    expect(reset.status).toBe(400);
    expect((await json(reset)).error).toEqual({ code: "INVALID_TOKEN", message: AUTH_TEXT.resetLinkInvalid });
  });

  it("ends the member's other reset links and every session once one link is used", async () => {
    const { email, id, client } = await t.member();
    const other = await t.member();
    for (const address of [email, email, email, other.email]) {
      await t.client().post("/api/auth/request-password-reset", { email: address });
    }
    const tokens = (await resetMails())
      .filter((m) => m.to === email)
      .map((m) => m.text.match(/token=([\w-]+)/)?.[1] ?? "");
    expect(tokens).toHaveLength(3);
    const [used, ...rest] = tokens;
    expect(
      (await t.client().post("/api/auth/reset-password", { token: used, newPassword: "brand-new-1" })).status,
    ).toBe(200);
    for (const token of rest) {
      const again = await t.client().post("/api/auth/reset-password", { token, newPassword: "sneaky-pass-2" });
      expect(again.status).toBe(400);
      expect((await json(again)).error.code).toBe("INVALID_TOKEN");
    }
    expect((await t.client().signIn(email, "brand-new-1")).status).toBe(200);
    expect(await client.me()).toBeNull();
    const left = await t.services.db.select().from(verification).where(eq(verification.value, id));
    expect(left).toHaveLength(0);
    // Another member's link still works.
    const otherToken = (await resetMails()).find((m) => m.to === other.email)?.text.match(/token=([\w-]+)/)?.[1];
    expect(
      (await t.client().post("/api/auth/reset-password", { token: otherToken, newPassword: "their-new-1" })).status,
    ).toBe(200);
  });

  it("lets at most one of two links used at the same moment change the password", async () => {
    const { email } = await t.member();
    for (let i = 0; i < 2; i++) await t.client().post("/api/auth/request-password-reset", { email });
    const tokens = (await resetMails()).map((m) => m.text.match(/token=([\w-]+)/)?.[1] ?? "");
    const passwords = ["first-new-1", "second-new-2"];
    const answers = await Promise.all(
      tokens.map((token, i) => t.client().post("/api/auth/reset-password", { token, newPassword: passwords[i] })),
    );
    const worked = answers.flatMap((r, i) => (r.status === 200 ? [passwords[i] as string] : []));
    expect(worked.length).toBeLessThanOrEqual(1);
    for (const password of passwords) {
      expect((await t.client().signIn(email, password)).status).toBe(worked.includes(password) ? 200 : 401);
    }
  });

  it("refuses an expired link", async () => {
    const { email } = await t.member();
    await t.client().post("/api/auth/request-password-reset", { email });
    const [mail] = await resetMails();
    const token = mail?.text.match(/token=([\w-]+)/)?.[1] ?? "";
    await t.services.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    const reset = await t.client().post("/api/auth/reset-password", { token, newPassword: "brand-new-1" });
    expect(reset.status).toBe(400);
    expect((await json(reset)).error.code).toBe("INVALID_TOKEN");
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const response = await t.client().post("/api/auth/request-password-reset", { email: "nobody@example.com" });
    expect(response.status).toBe(200);
    expect(await resetMails()).toHaveLength(0);
  });

  it("lifts a lockout", async () => {
    const { email } = await t.member();
    for (let i = 0; i < 5; i++) await t.client().signIn(email, "wrong");
    await t.client().post("/api/auth/request-password-reset", { email });
    const [mail] = await resetMails();
    const token = mail?.text.match(/token=([\w-]+)/)?.[1] ?? "";
    expect((await t.client().post("/api/auth/reset-password", { token, newPassword: "after-lock" })).status).toBe(200);
    expect((await t.client().signIn(email, "after-lock")).status).toBe(200);
  });
});

describe("endpoints", () => {
  it.each(["/api/auth/admin/list-users", "/api/auth/update-user", "/api/auth/delete-user", "/api/auth/list-accounts"])(
    "exposes only the allowed better-auth endpoints: %s answers 404, even to the administrator",
    async (path) => {
      const admin = await t.admin();
      expect((await admin.post(path, {})).status).toBe(404);
    },
  );
});
