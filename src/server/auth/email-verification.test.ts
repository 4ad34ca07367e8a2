import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONSENT } from "../../../tests/factories/people";
import { ADMIN, setupTestApp } from "../../../tests/factories/test-app";
import { TestClient } from "../../../tests/factories/test-client";
import { totpCode, totpSecret } from "../../../tests/factories/totp";
import { user } from "../db/schema";
import { SIGN_UP_PENDING } from "./auth.routes";

// Client addresses come from X-Forwarded-For here (the resend limit counts per address).
const t = setupTestApp({ TRUST_PROXY: "true", AUTH_RATE_LIMIT_PER_MINUTE: "30" });

const requireVerification = (on: boolean) =>
  t.services.settings.update("security", { requireEmailVerification: on }, {});

/** The newest verification link mailed to `email` (a path on this server). */
async function verificationLink(email: string): Promise<string> {
  const mail = (await t.outbox()).find((m) => m.to === email && m.subject.startsWith("Verify your e-mail"));
  const link = mail?.text.match(/http:\/\/localhost:3000(\/api\/auth\/verify-email\?token=[\w.%-]+)/)?.[1];
  if (!link) throw new Error(`no verification link for ${email}`);
  return link;
}

const welcomes = async (email: string) =>
  (await t.outbox()).filter((m) => m.to === email && m.subject === "Welcome to LawGuide").length;

const signUpBody = (email: string, password = "secret-pass-1") => ({ email, password, firstName: "Vera", ...CONSENT });

describe("e-mail verification (requireEmailVerification)", () => {
  it("stays out of the way while off: sign-up signs in, no verification mail", async () => {
    const client = t.client();
    const email = "off@example.com";
    const response = await client.post("/api/auth/sign-up/email", signUpBody(email));
    expect(response.status).toBe(200);
    expect((await response.json()).token).toBeTruthy();
    expect(await client.me()).not.toBeNull();
    expect((await t.outbox()).filter((m) => m.subject.startsWith("Verify"))).toEqual([]);
  });

  it("holds a new member until the link is followed; the link signs them in", async () => {
    await requireVerification(true);
    const client = t.client();
    const email = "new@example.com";
    const response = await client.post("/api/auth/sign-up/email", signUpBody(email));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SIGN_UP_PENDING);
    expect(await client.me()).toBeNull();
    expect((await client.get("/api/cases")).status).toBe(401);
    // No welcome yet: the address may be someone else's until the link is followed.
    expect(await welcomes(email)).toBe(0);

    // Signing in before following the link is refused, with a new link mailed.
    const before = (await t.outbox()).length;
    const refused = await client.signIn(email, "secret-pass-1");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({
      code: ERROR_CODES.emailNotVerified,
      message: AUTH_TEXT.emailNotVerified,
    });
    expect((await t.outbox()).length).toBe(before + 1);

    const link = await verificationLink(email);
    const followed = await client.get(link);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/verify-email");
    const me = await client.me();
    expect(me?.email).toBe(email);
    expect((await client.get("/api/cases")).status).toBe(200);
    const [row] = await t.services.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
    expect(await welcomes(email)).toBe(1);
    expect(me?.lastActive).not.toBeNull();
    // Signed out and back in: no link needed any more.
    const later = t.client();
    expect((await later.signIn(email, "secret-pass-1")).status).toBe(200);
  });

  it("answers a sign-up for a taken address exactly like a new one, and tells the owner", async () => {
    const owner = await t.member({ email: "owner@example.com", password: "owners-pass-1" });
    await t.services.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
    await requireVerification(true);
    const taken = await t.client().post("/api/auth/sign-up/email", signUpBody(owner.email, "intruder-pass"));
    const fresh = await t.client().post("/api/auth/sign-up/email", signUpBody("fresh@example.com"));
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    // Byte for byte: no id, role or field tells a stand-in from a new account.
    const [a, b] = [await taken.text(), await fresh.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual(SIGN_UP_PENDING);
    const headersOf = (r: Response) =>
      [...r.headers.entries()].filter(([name]) => !["date", "x-request-id"].includes(name)).sort();
    expect(headersOf(taken)).toEqual(headersOf(fresh));

    const mails = (await t.outbox()).filter((m) => m.to === owner.email);
    expect(mails.map((m) => m.subject)).toContain("Someone tried to create a LawGuide account with your address");
    // Nothing of the owner's changed: their password still signs in, the intruder's does not.
    expect((await t.client().signIn(owner.email, "owners-pass-1")).status).toBe(200);
    expect((await t.client().signIn(owner.email, "intruder-pass")).status).toBe(401);
    expect(await t.services.db.select().from(user).where(eq(user.email, owner.email))).toHaveLength(1);
  });

  it("takes about as long for a taken address as for a new one", async () => {
    const owner = await t.member({ email: "timed-owner@example.com", password: "owners-pass-1" });
    await t.services.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
    await requireVerification(true);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await t.client().post("/api/auth/sign-up/email", signUpBody(email));
      await response.text();
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 7; i++) {
      taken.push(await timed(owner.email));
      fresh.push(await timed(`timed-new-${i}@example.com`));
    }
    // Both hash the password (most of the time); a stall check, not a figure: neither answer is
    // twice as slow as the other.
    const [takenMs, freshMs] = [median(taken), median(fresh)];
    expect(takenMs / freshMs, `taken ${takenMs.toFixed(1)} ms, new ${freshMs.toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(takenMs / freshMs, `taken ${takenMs.toFixed(1)} ms, new ${freshMs.toFixed(1)} ms`).toBeLessThan(2);
  });

  it("only verifies an account with two-factor sign-in: the link sends it to sign in with its code", async () => {
    await t.services.settings.update("security", { enableTwoFactor: true }, {});
    const member = await t.member({ email: "two-step@example.com", password: "two-step-pass" });
    const enabled = await member.client.post("/api/auth/two-factor/enable", { password: member.password });
    const secret = totpSecret(((await enabled.json()) as { totpURI: string }).totpURI);
    expect((await member.client.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) })).status).toBe(200);
    await requireVerification(true);
    // Anyone may have a link sent; whoever follows it is not signed in.
    expect((await t.client().post("/api/auth/send-verification-email", { email: member.email })).status).toBe(200);
    const browser = t.client();
    const followed = await browser.get(await verificationLink(member.email));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/verify-email");
    expect(followed.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    expect(await browser.me()).toBeNull();
    const [row] = await t.services.db.select().from(user).where(eq(user.email, member.email));
    expect(row?.emailVerified).toBe(true);
    // Signing in asks for the code as ever.
    expect(await (await browser.signIn(member.email, member.password)).json()).toMatchObject({
      twoFactorRedirect: true,
    });
    expect(await browser.me()).toBeNull();
  });

  it("sends a member who joined before it was switched on a link at their next sign-in", async () => {
    const earlier = await t.member({ email: "earlier@example.com", password: "earlier-pass" });
    await requireVerification(true);
    // Their session from before goes on working.
    expect(await earlier.client.me()).not.toBeNull();
    const elsewhere = t.client();
    expect((await elsewhere.signIn(earlier.email, "earlier-pass")).status).toBe(403);
    const link = await verificationLink(earlier.email);
    expect((await elsewhere.get(link)).status).toBe(302);
    expect((await elsewhere.me())?.email).toBe(earlier.email);
    // Welcomed once, when they joined: not again.
    expect(await welcomes(earlier.email)).toBe(1);
  });

  it("never holds the administrator, and refuses a link that is not genuine", async () => {
    await requireVerification(true);
    expect((await t.client().signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
    const bad = await t.client().get("/api/auth/verify-email?token=not-a-token");
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/verify-email?error=INVALID_TOKEN");
    // A link for one address never signs in another.
    await t.client().post("/api/auth/sign-up/email", signUpBody("one@example.com"));
    const link = await verificationLink("one@example.com");
    const tampered = link.replace(/token=([\w-]+)\.([\w-]+)\./, (_m, head: string, payload: string) => {
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { email: string };
      claims.email = "two@example.com";
      return `token=${head}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    });
    const refused = await t.client().get(tampered);
    expect(refused.headers.get("location")).toBe("/verify-email?error=INVALID_TOKEN");
  });

  it("sends a new link when asked, three a minute from one address", async () => {
    await requireVerification(true);
    const email = "again@example.com";
    await t.client().post("/api/auth/sign-up/email", signUpBody(email));
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await client.post("/api/auth/send-verification-email", { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const links = (await t.outbox()).filter((m) => m.to === email && m.subject.startsWith("Verify"));
    expect(links).toHaveLength(4);
    // An address without an account gets the same answer, and no mail.
    const unknown = await t.client().request("/api/auth/send-verification-email", {
      json: { email: "nobody@example.com" },
      headers: { "x-forwarded-for": "10.0.0.9" },
    });
    expect(unknown.status).toBe(200);
    expect((await t.outbox()).filter((m) => m.to === "nobody@example.com")).toEqual([]);
  });
});
