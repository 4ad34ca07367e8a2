import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { APP_MODULE, chunkFiles, PAGE_MODULES } from "./page-modules";
import { cspNonce } from "./security";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest", ".map"]);
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/** A case chat's path, with the case's id (a UUID, as the API takes it). */
const CASE_CHAT_PATH = /^\/dashboard\/case\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The API answers a page cannot show itself without, preloaded with its HTML so that they come in
 * parallel with the page's code instead of one after the other once it runs: for a case chat, who
 * is signed in (the app's guard waits for it), the case and its latest messages (`useCaseDetail`
 * and `useConversation`), at the very addresses the app asks for. The app's own fetch() takes the
 * preloaded answer instead of asking again, since it asks in the same way: `crossorigin` is CORS
 * mode with same-origin credentials, as `apiFetch` sends a GET, with no header of its own. Only
 * for a signed-in member: the answers are theirs, asked with their cookie, and a 404 (a case that
 * is not theirs) reaches the page as its own request would have.
 */
function dataPreloadsFor(pagePath: string): string {
  const caseId = CASE_CHAT_PATH.exec(pagePath)?.[1];
  if (!caseId) return "";
  return ["/api/me", `/api/cases/${caseId}`, `/api/cases/${caseId}/messages`]
    .map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`)
    .join("");
}

interface Entry {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  immutable: boolean;
}

/**
 * Serves the built client from `dir`: hashed assets cached for a year, everything compressed
 * (brotli or gzip, compressed once and kept); page paths get their prerendered HTML when there
 * is one, /welcome the landing page (member or visitor variant), anything else the app
 * (SPA fallback), with the stylesheet inlined, the page's chunks preloaded and this response's
 * CSP nonce filled in.
 */
export function serveClient(
  dir: string,
  options: { isSignedIn: (c: Context<AppEnv>) => Promise<boolean> },
): MiddlewareHandler<AppEnv> {
  const root = path.resolve(dir);
  const cache = new Map<string, Entry | null>();

  function load(file: string): Entry | null {
    if (cache.has(file)) return cache.get(file) ?? null;
    let entry: Entry | null = null;
    if (existsSync(file) && statSync(file).isFile()) {
      const ext = path.extname(file).toLowerCase();
      const body = readFileSync(file);
      entry = {
        body,
        type: TYPES[ext] ?? "application/octet-stream",
        immutable: file.startsWith(path.join(root, "assets") + path.sep),
      };
      if (COMPRESSIBLE.has(ext) && body.length > 512) {
        // Compressed at build time when possible (scripts/client-build.mjs), else once here.
        entry.br = existsSync(`${file}.br`)
          ? readFileSync(`${file}.br`)
          : brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 10 } });
        entry.gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(body, { level: 9 });
      }
    }
    cache.set(file, entry);
    return entry;
  }

  let manifest: Record<string, { file: string; imports?: string[] }> | null | undefined;
  const preloadCache = new Map<string, string>();

  /** <link rel="modulepreload"> tags for the page's own chunks, from the build manifest. */
  function preloadsFor(pagePath: string, signedIn: boolean): string {
    const key = `${signedIn}:${pagePath}`;
    const known = preloadCache.get(key);
    if (known !== undefined) return known;
    if (manifest === undefined) {
      const file = load(path.join(root, ".vite", "manifest.json"));
      manifest = file ? (JSON.parse(file.body.toString("utf8")) as typeof manifest) : null;
    }
    const page = PAGE_MODULES.find((p) => p.path.test(pagePath) && (!p.signedIn || signedIn));
    const tags = manifest
      ? chunkFiles(manifest, [APP_MODULE, ...(page?.modules ?? [])])
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join("")
      : "";
    if (preloadCache.size < 200) preloadCache.set(key, tags);
    return tags;
  }

  const templates = new Map<string, string | null>();
  let pages: Record<string, string> | null | undefined;

  /**
   * A page's HTML with the stylesheet written into it (one request fewer before the first paint),
   * its <style> carrying the response's nonce.
   */
  function template(file: string): string | null {
    const known = templates.get(file);
    if (known !== undefined) return known;
    const entry = load(path.join(root, file));
    const html = entry
      ? entry.body
          .toString("utf8")
          .replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (tag, href: string) => {
            const css = load(path.join(root, href));
            // The disabled link stays so that the bundler's loader, which adds a page's stylesheet
            // when a lazy chunk needs it, sees it is already there (a disabled link is not fetched).
            return css
              ? `<style nonce="${NONCE_PLACEHOLDER}">${css.body.toString("utf8")}</style><link rel="stylesheet" href="${href}" disabled>`
              : tag;
          })
      : null;
    templates.set(file, html);
    return html;
  }

  /** Which file answers a page path: its prerendered HTML when there is one, else the app. */
  function pageFile(pagePath: string, signedIn: boolean): string {
    if (pages === undefined) {
      const file = load(path.join(root, "pages", "pages.json"));
      pages = file ? (JSON.parse(file.body.toString("utf8")) as Record<string, string>) : null;
    }
    if (pagePath === "/welcome") {
      return pages?.[`/welcome#${signedIn ? "member" : "visitor"}`] ?? "welcome.html";
    }
    return pages?.[pagePath] ?? "index.html";
  }

  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const candidate = path.join(root, path.normalize(decoded));
    const inside = candidate.startsWith(root + path.sep) || candidate === root;
    // The built pages themselves are never served raw: they go through the page path below.
    const rawPage =
      decoded === "/" ||
      /^\/(index|welcome)\.html$/.test(decoded) ||
      decoded.startsWith("/pages/") ||
      decoded.startsWith("/.vite/");
    // Build artefacts are never served: dot-files and folders (the build stamp, the manifest),
    // the prerendered pages' index, and the precompressed copies (served by content negotiation).
    const artefact = /(^|\/)\./.test(decoded) || /\.(br|gz)$/.test(decoded) || decoded === "/pages/pages.json";
    if (artefact) return next();
    const asset = inside && !rawPage ? load(candidate) : null;
    if (asset) return send(c.req.header("accept-encoding"), asset, (h, v) => c.header(h, v), c);

    // Unknown files with an extension are real 404s; page paths get the app.
    if (path.extname(decoded) && !rawPage) return next();
    const hasSessionCookie = /(?:^|;\s*)(?:__Secure-)?lawguide\.session_token=/.test(c.req.header("cookie") ?? "");
    const signedIn = decoded === "/welcome" && hasSessionCookie ? await options.isSignedIn(c) : hasSessionCookie;
    const file = pageFile(decoded, signedIn);
    // The session is looked up (as /welcome's is) only for a page with answers to preload.
    const preloadable = file === "index.html" && hasSessionCookie ? dataPreloadsFor(decoded) : "";
    const data = preloadable && (await options.isSignedIn(c).catch(() => false)) ? preloadable : "";
    const page = template(file) ?? template("index.html");
    if (!page) {
      return c.html(
        "<!doctype html><html lang=en><title>LawGuide</title><p>The web client is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p></html>",
        503,
      );
    }
    const html = Buffer.from(
      page
        .replaceAll(NONCE_PLACEHOLDER, page.includes(NONCE_PLACEHOLDER) ? cspNonce(c) : "")
        .replace('data-session="__SESSION__"', `data-session="${signedIn ? "member" : "visitor"}"`)
        // A prerendered page paints from its HTML and loads its code after; the app's other pages
        // need their code at once, so it is preloaded with the HTML.
        // Its data is asked for after its code, which it needs first: over HTTP/1.1's six
        // connections, answers asked first would hold the scripts up (and the server's time with
        // them), and they still arrive before the code has run.
        .replace("</head>", `${file === "index.html" ? preloadsFor(decoded, hasSessionCookie) : ""}${data}</head>`),
    );
    c.header("Cache-Control", "no-cache");
    c.header("Content-Type", "text/html; charset=utf-8");
    c.header("Vary", "Accept-Encoding");
    const accepts = c.req.header("accept-encoding") ?? "";
    if (/\bbr\b/.test(accepts)) {
      c.header("Content-Encoding", "br");
      return c.body(new Uint8Array(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })));
    }
    if (/\bgzip\b/.test(accepts)) {
      c.header("Content-Encoding", "gzip");
      return c.body(new Uint8Array(gzipSync(html, { level: 6 })));
    }
    return c.body(new Uint8Array(html));
  };
}

function send(
  acceptEncoding: string | undefined,
  entry: Entry,
  setHeader: (name: string, value: string) => void,
  c: { body: (data: Uint8Array | null, status?: 200) => Response; req: { method: string } },
): Response {
  const accepts = acceptEncoding ?? "";
  let body = entry.body;
  if (entry.br && /\bbr\b/.test(accepts)) {
    body = entry.br;
    setHeader("Content-Encoding", "br");
  } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
    body = entry.gzip;
    setHeader("Content-Encoding", "gzip");
  }
  if (entry.br || entry.gzip) setHeader("Vary", "Accept-Encoding");
  setHeader("Content-Type", entry.type);
  setHeader("Cache-Control", entry.immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
  return c.body(c.req.method === "HEAD" ? null : new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
}
