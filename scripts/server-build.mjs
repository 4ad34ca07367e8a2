// Compile the server to JavaScript when it is missing or older than its sources (or always with
// --force): one esbuild pass over the server's entry points into dist/server, packages left to
// node_modules, `@shared/*` resolved through tsconfig, source maps beside the code, and the SQL
// migrations copied next to the output (the compiled server reads them from there).
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isStale } from "./build-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
export const SERVER_OUT = path.join(root, "dist/server");
const SOURCES = [
  "src/server",
  "src/shared",
  "scripts/backup.ts",
  "scripts/restore.ts",
  "package-lock.json",
  "package.json",
];

/**
 * Every program the server runs, named as it is written to dist/server. The worker and reading
 * process sit beside main.js: the pool and the extractor look for them there (`render-worker.js`,
 * `extraction-process.js`) before falling back to the TypeScript boot files.
 */
const ENTRIES = {
  main: "src/server/main.ts",
  "render-worker": "src/server/features/documents/render-worker.ts",
  "extraction-process": "src/server/features/uploads/extraction/extraction-process.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
};

export function serverIsStale(outDir = SERVER_OUT) {
  return isStale({
    root,
    stamp: path.join(outDir, ".build-stamp"),
    output: path.join(outDir, "main.js"),
    sources: SOURCES,
  });
}

/** Build into `outDir` (dist/server unless told otherwise: the tests build a copy of their own). */
export async function buildServer({ force = false, outDir = SERVER_OUT } = {}) {
  if (!force && !serverIsStale(outDir)) return;
  console.log("Building the server (esbuild)...");
  // esbuild is a development dependency: loaded only when there is something to build.
  const { build } = await import("esbuild");
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: outDir,
    bundle: true,
    splitting: true,
    // Chunks stay beside the entries: modules find their neighbours through import.meta.url.
    chunkNames: "chunk-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    legalComments: "none",
  });
  cpSync(path.join(root, "src/server/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
  writeFileSync(path.join(outDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  writeFileSync(path.join(outDir, ".build-stamp"), new Date().toISOString());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await buildServer({ force: process.argv.includes("--force") });
