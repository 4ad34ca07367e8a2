import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/**
 * A small server-made page outside the web client (the mail outbox, the unsubscribe pages): the
 * site's colours and type, readable at any width, its one `<style>` allowed by the CSP nonce.
 */
export function plainPage(options: {
  nonce: string;
  title: string;
  body: HtmlEscapedString | Promise<HtmlEscapedString>;
  /** Search engines stay away (default). */
  noindex?: boolean;
}) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${options.noindex === false ? "" : html`<meta name="robots" content="noindex" />`}
    <title>${options.title}</title>
    <style nonce="${options.nonce}">
      body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #0f172a; background: #f8fafc; line-height: 1.5; }
      main { max-width: 48rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
      h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
      p.lead { color: #475569; margin: 0 0 1.5rem; }
      article, .card { background: #fff; border: 1px solid #cbd5e1; border-radius: 12px; padding: 1rem; margin-bottom: 1rem; }
      h2 { font-size: 1.125rem; margin: 0 0 .25rem; }
      .meta { color: #475569; font-size: .875rem; margin: 0 0 .75rem; }
      pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
      a { color: #3730a3; }
      button { font: inherit; font-weight: 600; color: #fff; background: #4338ca; border: 0; border-radius: 8px; padding: .625rem 1.25rem; min-height: 44px; cursor: pointer; }
      button:hover { background: #3730a3; }
      a:focus-visible, button:focus-visible { outline: 3px solid #4f46e5; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      ${options.body}
    </main>
  </body>
</html>`;
}
