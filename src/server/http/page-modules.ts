/**
 * Which source modules each page of the web client needs (the lazy chunks of the router), from
 * the pages' table (src/shared/pages.ts). The server preloads them with the HTML, so a page's own
 * code downloads alongside the app's entry instead of after it. A test checks that every module
 * named here is in the build and loaded by the router.
 */
import { LAYOUT_MODULES, PAGES, type PageEntry } from "@shared/pages";

/** The app itself, loaded by the tiny entry (src/client/boot.ts). */
export const APP_MODULE = "src/client/app-main.tsx";

const source = (module: string) => `src/client/${module}.tsx`;

/** A react-router path as a pattern of whole paths (`:id` is one segment). */
function pathPattern(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("\\/");
  return new RegExp(`^${escaped}$`);
}

export const PAGE_MODULES: Array<{ path: RegExp; modules: string[]; signedIn?: boolean }> = Object.values(
  PAGES as Record<string, PageEntry>,
).flatMap((page) => {
  const modules = [...(page.layout ? [source(LAYOUT_MODULES[page.layout])] : []), source(page.module)];
  const signedIn = Boolean(page.layout || page.signedIn);
  return [page.path, ...(page.alsoAt ?? [])].map((path) => ({
    path: pathPattern(path),
    modules,
    ...(signedIn ? { signedIn } : {}),
  }));
});

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunk files of `modules` and everything they import statically (the entry excluded). */
export function chunkFiles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === "index.html" || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}
