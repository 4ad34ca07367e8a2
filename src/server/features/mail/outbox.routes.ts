import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AppEnv } from "../../http/env";
import { cspNonce } from "../../http/security";
import type { createSessionGuards } from "../../http/session";
import type { Mailer } from "./mail.service";

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/**
 * /dev/outbox: the mail LawGuide would have sent, when no SMTP server is configured. Password-reset
 * links are in it, so only a signed-in administrator reads it (a visitor gets 401, a member 403).
 */
export function createOutboxRoutes(mailer: Mailer, guards: ReturnType<typeof createSessionGuards>) {
  return new Hono<AppEnv>().get("/outbox", async (c) => {
    c.header("Cache-Control", "no-store");
    const nonce = cspNonce(c);
    const user = await guards.currentUser(c);
    if (!user) {
      return c.html(
        page(
          nonce,
          html`<h1>Mail outbox</h1>
      <p class="lead">Only administrators can read the outbox. <a href="/login">Sign in</a> with an administrator account, then open this page again.</p>
      <p class="lead">Trying LawGuide on your own computer? While the administrator account has its built-in password, the sign-in page lists it.</p>`,
        ),
        401,
      );
    }
    if (!user.isAdmin) {
      return c.html(
        page(
          nonce,
          html`<h1>Mail outbox</h1>
      <p class="lead">Only administrators can read the outbox. <a href="/dashboard">Back to your dashboard</a></p>`,
        ),
        403,
      );
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

function page(nonce: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Mail outbox · LawGuide</title>
    <style nonce="${nonce}">
      body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #0f172a; background: #f8fafc; line-height: 1.5; }
      main { max-width: 48rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
      h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
      p.lead { color: #475569; margin: 0 0 1.5rem; }
      article { background: #fff; border: 1px solid #cbd5e1; border-radius: 12px; padding: 1rem; margin-bottom: 1rem; }
      h2 { font-size: 1.125rem; margin: 0 0 .25rem; }
      .meta { color: #475569; font-size: .875rem; margin: 0 0 .75rem; }
      pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
      a { color: #3730a3; }
      a:focus-visible { outline: 3px solid #4f46e5; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      ${body}
    </main>
  </body>
</html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(LINK, (url) => `<a href="${url}">${url}</a>`);
}
