// Build the web client when it is missing or older than its sources (or always with --force):
// the Vite build of both pages, its first-load JavaScript checked against the size budget
// (scripts/size-budget.mjs), then the public pages prerendered into HTML.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { isStale } from "./build-stamp.mjs";
import { budgetWarnOnly, checkSizeBudget, failureMessage, MANIFEST_PATH } from "./size-budget.mjs";

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "dist/client");
const STAMP = path.join(client, ".build-stamp");
const SOURCES = [
  "src/client",
  "src/shared",
  "public",
  "index.html",
  "welcome.html",
  "vite.config.ts",
  "package-lock.json",
  "package.json",
  "scripts/size-budget.json",
  "scripts/chunk-plan.ts",
];
const vite = path.join(root, "node_modules/vite/bin/vite.js");

export function clientIsStale() {
  return isStale({ root, stamp: STAMP, output: path.join(client, "index.html"), sources: SOURCES });
}

function run(args, label) {
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) {
    console.error(`The web client could not be built (${label}).`);
    process.exit(result.status ?? 1);
  }
}

/** Write the prerendered public pages into dist/client/pages, with pages.json naming them. */
async function prerender() {
  const out = path.join(root, "dist/prerender");
  const entry = readdirSync(out).find((f) => /^prerender\.m?js$/.test(f));
  const mod = await import(pathToFileURL(path.join(out, entry)).href);
  const pagesDir = path.join(client, "pages");
  mkdirSync(pagesDir, { recursive: true });
  const fill = (template, html, title) => {
    let page = template.replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${title} · LawGuide</title>`);
    return page;
  };
  const index = readFileSync(path.join(client, "index.html"), "utf8");
  const welcome = readFileSync(path.join(client, "welcome.html"), "utf8");
  const pages = {};
  for (const pagePath of mod.PRERENDERED_PATHS) {
    const { html, title } = await mod.renderAppPage(pagePath);
    const file = `pages/${pagePath.slice(1).replace(/\//g, "-")}.html`;
    writeFileSync(path.join(client, file), fill(index, html, title));
    pages[pagePath] = file;
  }
  for (const [variant, signedIn] of [
    ["visitor", false],
    ["member", true],
  ]) {
    const file = `pages/welcome-${variant}.html`;
    writeFileSync(path.join(client, file), fill(welcome, await mod.renderWelcome(signedIn)));
    pages[`/welcome#${variant}`] = file;
  }
  writeFileSync(path.join(pagesDir, "pages.json"), JSON.stringify(pages, null, 2));
  rmSync(out, { recursive: true, force: true });
}

/** Where Vite writes the landing build's manifest (LANDING_MANIFEST in vite.config.ts). */
const LANDING_MODE = "landing";
const LANDING_MANIFEST = ".vite/manifest-landing.json";

function mergeLandingManifest() {
  const app = path.join(client, MANIFEST_PATH);
  const landing = path.join(client, LANDING_MANIFEST);
  const merged = { ...JSON.parse(readFileSync(app, "utf8")), ...JSON.parse(readFileSync(landing, "utf8")) };
  writeFileSync(app, JSON.stringify(merged, null, 2));
  rmSync(landing);
}

/** Compress every text asset once at build time (the server sends these as they are). */
function precompress(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      precompress(file);
    } else if (/\.(js|css|svg|json)$/.test(entry) && statSync(file).size > 512) {
      const body = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}

export async function buildClient({ force = false } = {}) {
  if (!force && !clientIsStale()) return;
  console.log("Building the web client (vite build)...");
  run(["build"], "client");
  // The landing page on its own, with Preact in React's place (decision 023), into the same
  // folder; its manifest joins the app's, which the server and the size budget read.
  run(["build", "--mode", LANDING_MODE], "landing page");
  mergeLandingManifest();
  // The pages' first-load JavaScript against scripts/size-budget.json (decision 020): over it,
  // the build stops here (no stamp, so the next build checks again) unless SIZE_BUDGET=warn.
  const budget = checkSizeBudget({ clientDir: client });
  if (budget.failures.length && !budgetWarnOnly()) {
    console.error(`${budget.table}\n\n${failureMessage(budget.failures)}`);
    process.exit(1);
  }
  run(["build", "--ssr", "src/client/prerender.tsx", "--outDir", "dist/prerender", "--emptyOutDir"], "prerender");
  await prerender();
  precompress(path.join(client, "assets"));
  writeFileSync(STAMP, new Date().toISOString());
  console.log(budget.table);
  if (budget.failures.length) console.warn(failureMessage(budget.failures));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await buildClient({ force: process.argv.includes("--force") });
