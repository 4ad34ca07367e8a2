// The first-load JavaScript budget of the web client's pages (decision 020), checked after every
// client build (scripts/client-build.mjs) and on its own with `node scripts/size-budget.mjs`.
// SIZE_BUDGET=warn prints the excess without failing (an emergency only).
//
// A page's first load is computed from the build manifest (dist/client/.vite/manifest.json),
// the way the server and the browser get it:
// - the HTML entry's chunk and the chunks it imports statically;
// - the modules the entry imports dynamically. The entries (src/client/boot.ts and
//   src/client/landing-boot.ts) are tiny on purpose: their one dynamic import is the app
//   (app-main, landing-app), loaded at once or right after the prerendered paint, and the
//   server preloads app-main with the HTML. Leaving them out would measure 2 kB of a 100 kB page;
//   counting every dynamic import of the entry errs towards too much, never too little;
// - for a page of the app, its layout and its module from src/shared/pages.ts (the router loads
//   the current route's module at start; src/server/http/page-modules.ts preloads the same list);
// - each of those with the closure of its static imports. Other dynamic imports (dialogs, menus,
//   other pages) are not first load.
// Each file counts its gzip size (level 9, the size the server sends with its .gz files).
//
// The browser's figure (bench/chat.bench.ts, bench/landing.bench.ts: every .js response until
// the page is usable or the network idle) counts the same set plus what the first render loads
// lazily (a component the page shows at once through React.lazy): a page that does so measures
// more in the bench than here, and its budget should then be set from the bench's figure. On
// 2026-11-28 the two agreed file for file on all five budgeted pages (the chat 157.3 kB in 34
// scripts, /welcome 98.5 kB in 21, in Chromium as here): no page loads more at start.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");

/** Where Vite (8, as 5 to 7) writes the manifest with `build.manifest: true`, below outDir. */
export const MANIFEST_PATH = ".vite/manifest.json";

/**
 * The app's pages from the source of src/shared/pages.ts (read as text: scripts run on plain
 * Node): each with its paths and the source modules the router loads for it (layout, page).
 * @param {string} source
 */
export function pagesFromSource(source) {
  const layoutsBlock = source.match(/LAYOUT_MODULES\b[^=]*=\s*\{([^}]*)\}/)?.[1];
  const start = source.indexOf("export const PAGES");
  const end = source.indexOf("} as const", start);
  if (!layoutsBlock || start < 0 || end < 0) throw new Error("src/shared/pages.ts: LAYOUT_MODULES or PAGES not found");
  /** @type {Record<string, string>} */
  const layouts = {};
  for (const [, name, module] of layoutsBlock.matchAll(/(\w+):\s*"([^"]+)"/g)) layouts[name ?? ""] = module ?? "";
  const source_ = (/** @type {string} */ module) => `src/client/${module}.tsx`;
  const pages = [];
  for (const [, name, body = ""] of source.slice(start, end).matchAll(/(\w+):\s*\{([^{}]*)\}/g)) {
    const field = (/** @type {string} */ key) => body.match(new RegExp(`\\b${key}:\\s*"([^"]+)"`))?.[1];
    const pagePath = field("path");
    const module = field("module");
    if (!pagePath || !module) continue;
    const layout = field("layout");
    if (layout && !layouts[layout]) throw new Error(`src/shared/pages.ts: ${name}'s layout ${layout} is unknown`);
    const alsoAt = [...(body.match(/\balsoAt:\s*\[([^\]]*)\]/)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    pages.push({
      name: name ?? "",
      paths: [pagePath, ...alsoAt],
      modules: [...(layout ? [source_(layouts[layout] ?? "")] : []), source_(module)],
    });
  }
  if (pages.length === 0) throw new Error("src/shared/pages.ts: no pages found");
  return pages;
}

/**
 * The files of a page's first load: JavaScript and CSS, from the HTML entry and the modules.
 * @param {Record<string, {file: string, imports?: string[], dynamicImports?: string[], css?: string[]}>} manifest
 * @param {{entry: string, modules?: string[]}} page
 */
export function firstLoadFiles(manifest, { entry, modules = [] }) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (/** @type {string} */ key, /** @type {string} */ from) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} (from ${from}) is not in the build's manifest`);
    seen.add(key);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  visit(entry, "the page");
  for (const key of manifest[entry]?.dynamicImports ?? []) visit(key, entry);
  for (const module of modules) visit(module, "the page");
  return { js: [...js], css: [...css] };
}

/**
 * gzip (level 9) sizes of files below `dir`, in bytes, each compressed once per `cache`.
 * @param {string} dir
 * @param {string[]} files
 * @param {Map<string, number>} [cache]
 */
export function gzipBytes(dir, files, cache = new Map()) {
  let total = 0;
  for (const file of files) {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
      cache.set(file, size);
    }
    total += size;
  }
  return total;
}

/**
 * Measure each budgeted page of a build and compare it with its budget.
 * @param {{clientDir: string, budgets: import("./size-budget.d.mts").Budgets, pages: ReturnType<typeof pagesFromSource>}} options
 * @returns {import("./size-budget.d.mts").PageSize[]}
 */
export function measurePages({ clientDir, budgets, pages }) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, MANIFEST_PATH), "utf8"));
  const cache = new Map();
  return Object.entries(budgets.pages).map(([page, budget]) => {
    const modules = budget.entry ? [] : pages.find((p) => p.paths.includes(page))?.modules;
    if (!modules) throw new Error(`${page}: no such page in src/shared/pages.ts (or give its "entry")`);
    const files = firstLoadFiles(manifest, { entry: budget.entry ?? "index.html", modules });
    const kb = gzipBytes(clientDir, files.js, cache) / 1024;
    const cssKb = gzipBytes(clientDir, files.css, cache) / 1024;
    const over = [];
    if (kb > budget.maxKb) over.push(`${kb.toFixed(1)} kB gzip of JavaScript, over its budget of ${budget.maxKb} kB`);
    if (files.js.length > budget.maxScripts)
      over.push(`${files.js.length} scripts, over its budget of ${budget.maxScripts}`);
    return { page, kb, scripts: files.js.length, cssKb, budget, over };
  });
}

/**
 * The table printed after the build: one row per page.
 * @param {import("./size-budget.d.mts").PageSize[]} rows
 */
export function formatTable(rows) {
  const lines = [["page", "JS kB gzip", "scripts", "budget", "target", "CSS kB gzip"]];
  for (const { page, kb, scripts, cssKb, budget, over } of rows) {
    const target = [
      budget.targetKb !== undefined && `${budget.targetKb} kB`,
      budget.targetScripts !== undefined && `${budget.targetScripts} scripts`,
    ]
      .filter(Boolean)
      .join(", ");
    lines.push([
      `${over.length ? "✗ " : ""}${page}`,
      kb.toFixed(1),
      String(scripts),
      `${budget.maxKb} kB, ${budget.maxScripts}`,
      target || "–",
      cssKb.toFixed(1),
    ]);
  }
  const widths = lines[0]?.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? "").length))) ?? [];
  return lines
    .map((line) =>
      line
        .map((cell, i) => (i === 0 || i >= 3 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  "),
    )
    .map((line) => line.trimEnd())
    .join("\n");
}

/**
 * The messages naming each page over its budget (none: all within).
 * @param {import("./size-budget.d.mts").PageSize[]} rows
 */
export function failures(rows) {
  return rows.flatMap((row) => row.over.map((reason) => `${row.page}: ${reason}`));
}

/**
 * Check the build in dist/client against scripts/size-budget.json. Returns the table to print and
 * the failures (an empty list when every page is within its budget).
 * @param {{clientDir?: string, budgetFile?: string, pagesFile?: string}} [options]
 */
export function checkSizeBudget({
  clientDir = path.join(root, "dist/client"),
  budgetFile = path.join(root, "scripts/size-budget.json"),
  pagesFile = path.join(root, "src/shared/pages.ts"),
} = {}) {
  const budgets = JSON.parse(readFileSync(budgetFile, "utf8"));
  const rows = measurePages({ clientDir, budgets, pages: pagesFromSource(readFileSync(pagesFile, "utf8")) });
  const table = `First-load JavaScript per page (static, from the build manifest; budgets in scripts/size-budget.json):\n${formatTable(rows)}`;
  return { rows, table, failures: failures(rows) };
}

/** Whether an excess only warns (SIZE_BUDGET=warn, an emergency) instead of failing the build. */
export const budgetWarnOnly = () => process.env.SIZE_BUDGET === "warn";

/** The message of a build over its budget. */
export function failureMessage(/** @type {string[]} */ over, warnOnly = budgetWarnOnly()) {
  return [
    warnOnly
      ? "Size budget exceeded (SIZE_BUDGET=warn: the build goes on):"
      : "The web client is over its size budget (scripts/size-budget.json):",
    ...over.map((line) => `  - ${line}`),
    ...(warnOnly
      ? []
      : [
          "Make the page lighter (decision 020), or raise its budget in scripts/size-budget.json with the reason;",
          "in an emergency, SIZE_BUDGET=warn builds anyway.",
        ]),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { table, failures: over } = checkSizeBudget();
  console.log(table);
  if (over.length) {
    console.error(failureMessage(over));
    if (!budgetWarnOnly()) process.exit(1);
  }
}
