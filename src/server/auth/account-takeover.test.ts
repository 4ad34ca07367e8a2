import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { AUTH_TEXT } from "@shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONSENT } from "../../../tests/factories/people";
import { setupTestApp } from "../../../tests/factories/test-app";
import { appLogs, auditLogs, user } from "../db/schema";
import { seedAccounts } from "../features/account/account.seed";
import { createMailDelivery } from "../features/mail/mail.service";
import { createLogger } from "../lib/logger";

// Client addresses come from X-Forwarded-For here, so one test can sign in from several places.
const t = setupTestApp({ TRUST_PROXY: "true", SIGNUP_LIMIT_PER_HOUR: "5" });

/** A client whose requests come from `ip`. */
function from(ip: string, client = t.client()) {
  return {
    client,
    signIn: (email: string, password: string) =>
      client.request("/api/auth/sign-in/email", {
        json: { email, password },
        headers: { "x-forwarded-for": ip },
      }),
    signUp: (email: string) =>
      client.request("/api/auth/sign-up/email", {
        json: { email, password: "secret-pass", firstName: "Sam", ...CONSENT },
        headers: { "x-forwarded-for": ip },
      }),
  };
}

/** A logger that keeps its JSON lines for the test to read. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("administrator rights", () => {
  it("come from the role alone: the built-in admin's e-mail without the role grants nothing", async () => {
    const admin = await t.admin();
    expect((await admin.get("/api/admin/stats")).status).toBe(200);
    await t.services.db.update(user).set({ role: "user" }).where(eq(user.email, "admin@example.com"));
    expect((await admin.get("/api/admin/stats")).status).toBe(403);
    expect((await admin.me())?.isAdmin).toBe(false);
  });

  it("refuse sign-up with the built-in administrator's e-mail, with the generic registration error", async () => {
    await t.services.db.delete(user).where(eq(user.email, "admin@example.com"));
    for (const email of ["admin@example.com", " Admin@Example.COM "]) {
      const response = await t.client().signUp({ email, password: "attacker-pass-1", firstName: "M" });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual({
        code: "REGISTRATION_FAILED",
        message: AUTH_TEXT.registrationFailed,
      });
    }
    expect(await t.services.db.select().from(user).where(eq(user.email, "admin@example.com"))).toHaveLength(0);
  });

  it("are never given at start to an account the server did not create, whose password stays its owner's", async () => {
    // Someone registered the address before the operator chose it as ADMIN_EMAIL (or started with
    // DATABASE_URL and no ADMIN_PASSWORD), then the server starts with ADMIN_PASSWORD.
    const squatter = await t.member({ email: "boss@example.com", password: "squatter-pass" });
    const { logger, lines } = capturedLogger();
    const config = { ...t.services.config, admin: { email: "boss@example.com", password: "operator-pass" } };
    await seedAccounts({ ...t.services, logger }, config);

    const [row] = await t.services.db.select().from(user).where(eq(user.email, "boss@example.com"));
    expect(row?.role).toBe("user");
    expect((await squatter.client.get("/api/admin/stats")).status).toBe(403);
    expect((await squatter.client.me())?.isAdmin).toBe(false);
    expect((await t.client().signIn("boss@example.com", "operator-pass")).status).toBe(401);
    expect((await t.client().signIn("boss@example.com", "squatter-pass")).status).toBe(200);
    const warning = lines.find((l) => l.level === 40 && String(l.msg).includes("ADMIN_EMAIL"));
    expect(warning?.msg).toContain("grant Admin Access");
  });
});

describe("the mail outbox", () => {
  async function resetMailFor(email: string) {
    await t.client().post("/api/auth/request-password-reset", { email });
  }

  it("is read by administrators only, at /dev/outbox and in the admin API", async () => {
    const member = await t.member();
    await resetMailFor(member.email);

    const visitorPage = await t.client().get("/dev/outbox");
    expect(visitorPage.status).toBe(401);
    const memberPage = await member.client.get("/dev/outbox");
    expect(memberPage.status).toBe(403);
    for (const body of [await visitorPage.text(), await memberPage.text()]) {
      expect(body).not.toContain("reset-password?token=");
      expect(body).not.toContain(member.email);
    }
    expect((await t.client().get("/api/admin/outbox")).status).toBe(401);
    expect((await member.client.get("/api/admin/outbox")).status).toBe(403);

    const admin = await t.admin();
    const page = await admin.get("/dev/outbox");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("reset-password?token=");
    const api = await admin.get("/api/admin/outbox");
    expect(api.status).toBe(200);
    const body = (await api.json()) as { kind: string; mails: Array<{ to: string; subject: string; text: string }> };
    expect(body.kind).toBe("outbox");
    expect(body.mails[0]).toMatchObject({ to: member.email, subject: "Reset your LawGuide password" });
    expect(body.mails[0]?.text).toContain("/reset-password?token=");
  });

  it("names a kept mail by its subject in the server log, never its links", async () => {
    const { logger, lines } = capturedLogger();
    const delivery = createMailDelivery(
      { smtpUrl: undefined, from: "LawGuide <x@example.com>" },
      t.services.db,
      logger,
    );
    await delivery.deliver(
      {
        to: "a@example.com",
        subject: "Reset",
        text: "Open https://lawguide.test/reset?token=abc now",
        kind: "account",
      },
      randomUUID(),
    );
    expect(lines.find((l) => l.subject === "Reset")).toBeTruthy();
    expect(JSON.stringify(lines)).not.toContain("token=abc");
    expect(JSON.stringify(lines)).not.toContain("a@example.com");
  });
});

describe("lockout", () => {
  it("locks the guessing address out of the account, never the owner elsewhere, and keeps sessions", async () => {
    const { email, password } = await t.member();
    const owner = from("10.0.0.3");
    expect((await owner.signIn(email, password)).status).toBe(200);

    const guesser = from("10.0.0.1");
    for (let i = 0; i < 5; i++) expect((await guesser.signIn(email, "wrong-guess")).status).toBe(401);
    const refused = await guesser.signIn(email, password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect((await refused.json()).error).toEqual({ code: "ACCOUNT_LOCKED", message: AUTH_TEXT.lockedOut(15) });

    // The owner's session goes on working, and the owner signs in again from another address.
    expect((await owner.client.me())?.email).toBe(email);
    expect((await from("10.0.0.2").signIn(email, password)).status).toBe(200);
  });

  it("counts only a real address from X-Forwarded-For: anything else is not stored nor used as a key", async () => {
    const { email } = await t.member();
    const forged = `not-an-address-${"x".repeat(4000)}`;
    expect((await from(forged).signIn(email, "wrong-guess")).status).toBe(401);
    expect((await from("2001:db8::1").signIn(email, "wrong-guess")).status).toBe(401);
    const addresses = (await t.services.db.select().from(appLogs).where(eq(appLogs.category, "auth"))).map(
      (row) => row.ipAddress,
    );
    expect(addresses).toContain("2001:db8::1");
    expect(addresses).not.toContain(forged);
  });

  it("takes the address the proxy appended, not one the client put before it", async () => {
    const { email, password } = await t.member();
    // nginx's $proxy_add_x_forwarded_for keeps the client's header and appends the address it saw.
    for (let i = 0; i < 5; i++)
      expect((await from(`10.9.9.${i}, 10.0.0.7`).signIn(email, "wrong-guess")).status).toBe(401);
    expect((await from("10.9.9.99, 10.0.0.7").signIn(email, password)).status).toBe(429);
    expect((await from("10.0.0.7, 10.0.0.8").signIn(email, password)).status).toBe(200);
  });

  it("can be lifted by an administrator, which is audited", async () => {
    const { email, password, id } = await t.member();
    const guesser = from("10.0.0.1");
    for (let i = 0; i < 5; i++) await guesser.signIn(email, "wrong-guess");
    expect((await guesser.signIn(email, password)).status).toBe(429);

    const { client: member } = await t.member();
    expect((await member.post(`/api/admin/users/${id}/unlock`)).status).toBe(403);
    const admin = await t.admin();
    const unlocked = await admin.post(`/api/admin/users/${id}/unlock`);
    expect(unlocked.status).toBe(200);
    expect((await unlocked.json()).unlocked).toBeGreaterThanOrEqual(1);
    expect((await guesser.signIn(email, password)).status).toBe(200);
    const [audit] = await t.services.db.select().from(auditLogs).where(eq(auditLogs.action, "user.unlock"));
    expect(audit).toMatchObject({ tableName: "login_attempts", recordId: id });
  });

  it("pauses the account for growing delays once guesses from many addresses pass a much higher ceiling", async () => {
    await t.services.settings.update("security", { maxLoginAttempts: 3 }, {});
    const { email, password } = await t.member();
    const known = from("10.0.9.9");
    expect((await known.signIn(email, password)).status).toBe(200);

    // 3 × 10 = 30 wrong passwords, each from its own address: none of them is locked by itself.
    for (let i = 0; i < 30; i++) expect((await from(`10.1.0.${i}`).signIn(email, "wrong")).status).toBe(401);

    const stranger = await from("10.2.0.1").signIn(email, password);
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).error.code).toBe("ACCOUNT_LOCKED");
    const firstDelay = Number(stranger.headers.get("retry-after"));
    expect(firstDelay).toBeGreaterThanOrEqual(1);
    expect(firstDelay).toBeLessThanOrEqual(2);

    // The owner's own address is not paused by the ceiling.
    expect((await known.signIn(email, password)).status).toBe(200);

    // Each further failure doubles the pause (wait it out by moving the pause into the past).
    const { loginAttempts } = await import("../db/schema");
    for (let i = 0; i < 5; i++) {
      await t.services.db.update(loginAttempts).set({ lockedUntil: new Date(Date.now() - 1000) });
      expect((await from(`10.3.0.${i}`).signIn(email, "wrong")).status).toBe(401);
    }
    const later = await from("10.2.0.2").signIn(email, password);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBeGreaterThanOrEqual(32);
  });
});

describe("sign-up from one address", () => {
  it("is limited per hour (SIGNUP_LIMIT_PER_HOUR), counted in the database, and creates nothing once refused", async () => {
    const here = from("10.5.0.1");
    for (let i = 0; i < 5; i++) expect((await here.signUp(`new${i}@example.com`)).status).toBe(200);
    const refused = await here.signUp("new5@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await refused.json()).error).toEqual({ code: "RATE_LIMITED", message: AUTH_TEXT.tooManySignUps });
    expect(await t.services.db.select().from(user).where(eq(user.email, "new5@example.com"))).toHaveLength(0);
    expect((await from("10.5.0.2").signUp("new6@example.com")).status).toBe(200);
  });
});

describe("one's own comparison", () => {
  it("is the only one a Free member's choose reaches: someone else's answers 404", async () => {
    const owner = await t.member({ premium: true });
    const caseId = (await (await owner.client.post("/api/cases", {})).json()).case.id as string;
    const started = await owner.client.post(`/api/cases/${caseId}/comparisons`, { content: "x".repeat(120) });
    expect(started.status).toBe(200);
    const text = await started.text();
    const comparisonId = /"id":"([0-9a-f-]{36})"/.exec(text)?.[1];
    expect(comparisonId).toBeDefined();

    const free = await t.member();
    const response = await free.client.post(`/api/cases/${caseId}/comparisons/${comparisonId}/choose`, {
      side: "anthropic",
    });
    expect(response.status).toBe(404);
  });
});
