import { ERROR_CODES } from "@shared/api-error";
import { AUTH_TEXT } from "@shared/messages";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AppEnv } from "../../http/env";
import { plainPage } from "../../http/plain-page";
import { cspNonce } from "../../http/security";
import type { createSessionGuards } from "../../http/session";
import type { Mailer } from "./mail.service";
import { escapeHtml } from "./templates";

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/**
 * /dev/outbox: the mail LawGuide would have sent, when no SMTP server is configured. Password-reset
 * links are in it, so only a signed-in administrator reads it (a visitor gets 401, a member 403).
 */
export function createOutboxRoutes(mailer: Mailer, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>().get("/outbox", async (c) => {
    c.header("Cache-Control", "no-store");
    const nonce = cspNonce(c);
    // The administrators' one rule (http/session.ts), two-factor included: the outbox holds live
    // password-reset links, so it is as closed as the admin dashboard.
    const refusal = await guards.adminRefusal(c);
    if (refusal) {
      const status = refusal.status as 401 | 403;
      return c.html(page(nonce, html`<h1>Mail outbox</h1>${refusalText(refusal.code, status)}`), status);
    }
    const mails = await mailer.outbox(50);
    return c.html(
      page(
        nonce,
        html`<h1>Mail outbox</h1>
      <p class="lead">No mail server is configured, so LawGuide keeps its mail here instead of sending it. Newest first. <a href="/admin/dashboard">Back to the admin dashboard</a></p>
      ${
        mails.length === 0
          ? html`<p>No mail yet.</p>`
          : mails.map(
              (m) => html`<article>
        <h2>${m.subject}</h2>
        <p class="meta">To ${m.to} · ${m.createdAt.toISOString()}</p>
        <pre>${raw(linkify(m.text))}</pre>
      </article>`,
            )
      }`,
      ),
    );
  });
}

/** What the outbox page says to someone it refuses. */
function refusalText(code: string, status: 401 | 403) {
  if (status === 401) {
    return html`
      <p class="lead">Only administrators can read the outbox. <a href="/login">Sign in</a> with an administrator account, then open this page again.</p>
      <p class="lead">Trying LawGuide on your own computer? While the administrator account has its built-in password, the sign-in page lists it.</p>`;
  }
  if (code === ERROR_CODES.twoFactorRequired) {
    return html`
      <p class="lead">${AUTH_TEXT.twoFactorRequired} <a href="/dashboard/profile">Open your profile</a></p>`;
  }
  return html`
      <p class="lead">Only administrators can read the outbox. <a href="/dashboard">Back to your dashboard</a></p>`;
}

function page(nonce: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return plainPage({ nonce, title: "Mail outbox · LawGuide", body });
}

function linkify(text: string): string {
  return escapeHtml(text).replace(LINK, (url) => `<a href="${url}">${url}</a>`);
}
