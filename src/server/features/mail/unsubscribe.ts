import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/env";
import { plainPage } from "../../http/plain-page";
import { cspNonce } from "../../http/security";
import { spendUnsubscribeLink, unsubscribeLinkUsed } from "./mail.queries";

/** How long an unsubscribe link in a mail keeps working. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

export type UnsubscribeOutcome = "unsubscribed" | "used" | "invalid";

interface LinkClaims {
  userId: string;
  expiresAt: Date;
  nonce: string;
}

/**
 * Unsubscribe links: a signed, expiring token naming one member, which turns their e-mail
 * notifications and marketing e-mails off without signing in. Each link works once (its nonce is
 * recorded when used), and only for the member it names.
 */
export function createUnsubscribeLinks(deps: { db: Db; secret: string; publicUrl: string }) {
  const { db, secret, publicUrl } = deps;
  const sign = (payload: string) => createHmac("sha256", `unsubscribe:${secret}`).update(payload).digest("base64url");

  function read(token: string): LinkClaims | null {
    const [payload, signature] = token.split(".");
    if (!payload || !signature || signature.length > 64) return null;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [userId, expires, nonce] = Buffer.from(payload, "base64url").toString("utf8").split("\n");
    const expiresAt = new Date(Number(expires) * 1000);
    if (!userId || !nonce || Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() < Date.now()) return null;
    return { userId, expiresAt, nonce };
  }

  return {
    /** A new link for this member's next mail. */
    linkFor(userId: string): string {
      const expires = Math.floor(Date.now() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
      const payload = Buffer.from(`${userId}\n${expires}\n${randomBytes(9).toString("base64url")}`).toString(
        "base64url",
      );
      return `${publicUrl}/unsubscribe?token=${payload}.${sign(payload)}`;
    },

    /** Whether the token is a genuine link that has not expired nor been used. */
    async check(token: string): Promise<UnsubscribeOutcome | "valid"> {
      const claims = read(token);
      if (!claims) return "invalid";
      return (await unsubscribeLinkUsed(db, claims.nonce)) ? "used" : "valid";
    },

    /** Follow the link: the member's notification and marketing e-mails go off, and the link is spent. */
    async use(token: string): Promise<UnsubscribeOutcome> {
      const claims = read(token);
      return claims ? spendUnsubscribeLink(db, claims) : "invalid";
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

const TITLE = "Unsubscribe · LawGuide";

/**
 * /unsubscribe: the link in a mail opens a page that asks for one click (a link checker that
 * fetches the page changes nothing); the click, or a mail client's one-click POST (RFC 8058,
 * `List-Unsubscribe-Post`), turns the member's notification e-mails off and says so.
 */
export function createUnsubscribeRoutes(links: UnsubscribeLinks, siteName: () => Promise<string>) {
  const answer = async (c: Context<AppEnv>, outcome: UnsubscribeOutcome | "valid") => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    const nonce = cspNonce(c);
    const site = await siteName();
    const token = c.req.query("token") ?? "";
    const bodies = {
      valid: html`<h1>Unsubscribe from ${site} e-mails</h1>
      <p class="lead">You will no longer receive welcome, case update and payment e-mails from ${site}. Mails about your account itself, such as a password reset you ask for, still arrive.</p>
      <form method="post" action="/unsubscribe?token=${token}">
        <button type="submit">Unsubscribe</button>
      </form>`,
      unsubscribed: html`<h1>You are unsubscribed</h1>
      <p class="lead">${site} will no longer send you notification e-mails. You can turn them on again at any time in your profile, under Preferences.</p>
      <p><a href="/dashboard/profile">Open your profile</a></p>`,
      used: html`<h1>This link was already used</h1>
      <p class="lead">Your notification e-mails were turned off with this link. To change your e-mail preferences, sign in and open your profile.</p>
      <p><a href="/dashboard/profile">Open your profile</a></p>`,
      invalid: html`<h1>This unsubscribe link does not work</h1>
      <p class="lead">It may be incomplete or older than ${UNSUBSCRIBE_LINK_DAYS} days. Sign in and turn e-mail notifications off in your profile, under Preferences.</p>
      <p><a href="/dashboard/profile">Open your profile</a></p>`,
    };
    return c.html(plainPage({ nonce, title: TITLE, body: bodies[outcome] }), outcome === "invalid" ? 400 : 200);
  };
  return new Hono<AppEnv>()
    .get("/", async (c) => answer(c, await links.check(c.req.query("token") ?? "")))
    .post("/", async (c) => answer(c, await links.use(c.req.query("token") ?? "")));
}
