import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PAGE_MODULES } from "@server/http/page-modules";
import { PAGES, type PageEntry } from "@shared/pages";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkSizeBudget,
  failureMessage,
  firstLoadFiles,
  formatTable,
  pagesFromSource,
} from "../../scripts/size-budget.mjs";

/** The build's size budget (scripts/size-budget.mjs): each page's first-load JavaScript. */
describe("the size budget", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A hand-made manifest: an entry that loads its app, two pages sharing a chunk, dialogs lazy. */
  const manifest = {
    "index.html": {
      file: "assets/index.js",
      isEntry: true,
      imports: ["_preload.js"],
      dynamicImports: ["src/client/app-main.tsx"],
    },
    "_preload.js": { file: "assets/preload.js" },
    "src/client/app-main.tsx": {
      file: "assets/app-main.js",
      imports: ["_react.js", "_preload.js"],
      dynamicImports: ["src/client/features/a/APage.tsx", "src/client/features/b/BPage.tsx"],
      css: ["assets/app.css"],
    },
    "_react.js": { file: "assets/react.js" },
    "src/client/app/layouts/Layout.tsx": { file: "assets/Layout.js", imports: ["_react.js"] },
    "src/client/features/a/APage.tsx": {
      file: "assets/APage.js",
      imports: ["_shared.js", "src/client/app-main.tsx"],
      dynamicImports: ["src/client/features/a/Dialog.tsx"],
    },
    "src/client/features/b/BPage.tsx": { file: "assets/BPage.js", imports: ["_shared.js"] },
    "_shared.js": { file: "assets/shared.js", imports: ["_deep.js"] },
    "_deep.js": { file: "assets/deep.js", css: ["assets/deep.css"] },
    "src/client/features/a/Dialog.tsx": { file: "assets/Dialog.js", imports: ["_heavy.js"] },
    "_heavy.js": { file: "assets/heavy.js" },
  };
  const PAGES_SOURCE = `
export const LAYOUT_MODULES: Record<PageLayout, string> = {
  dashboard: "app/layouts/Layout",
};
export const PAGES = {
  APage: { path: "/a/:id", title: "A", module: "features/a/APage", layout: "dashboard" },
  BPage: {
    path: "/b",
    title: "B",
    module: "features/b/BPage",
    alsoAt: ["/bee"],
  },
} as const satisfies Record<string, PageEntry>;
`;

  /** A build in a temp dir: the manifest, each file with content of its own size. */
  function build() {
    const dir = mkdtempSync(path.join(tmpdir(), "lawguide-budget-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, ".vite"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
    const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...("css" in chunk ? chunk.css : [])]);
    let seed = 1;
    for (const file of files) {
      // Random-looking text, so that gzip cannot shrink it to nothing and each file counts.
      let body = "";
      for (let i = 0; i < (file.includes("heavy") ? 40_000 : 3_000); i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        body += String.fromCharCode(33 + (seed % 90));
      }
      writeFileSync(path.join(dir, file), body);
    }
    writeFileSync(path.join(dir, "pages.ts"), PAGES_SOURCE);
    const gz = (files: string[]) =>
      files.reduce((n, file) => n + gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length, 0) / 1024;
    return { dir, gz };
  }

  function check(dir: string, pages: Record<string, unknown>) {
    writeFileSync(path.join(dir, "budget.json"), JSON.stringify({ pages }));
    return checkSizeBudget({
      clientDir: dir,
      budgetFile: path.join(dir, "budget.json"),
      pagesFile: path.join(dir, "pages.ts"),
    });
  }

  it("reads the pages' modules as the server's preloads have them", () => {
    const pages = pagesFromSource(PAGES_SOURCE);
    expect(pages).toEqual([
      {
        name: "APage",
        paths: ["/a/:id"],
        modules: ["src/client/app/layouts/Layout.tsx", "src/client/features/a/APage.tsx"],
      },
      { name: "BPage", paths: ["/b", "/bee"], modules: ["src/client/features/b/BPage.tsx"] },
    ]);
    // The real table: the same modules src/server/http/page-modules.ts preloads for each path.
    const real = pagesFromSource(readFileSync(path.resolve(import.meta.dirname, "../../src/shared/pages.ts"), "utf8"));
    expect(real.map((page) => page.name)).toEqual(Object.keys(PAGES));
    for (const page of Object.values(PAGES as Record<string, PageEntry>)) {
      const ours = real.find((p) => p.paths[0] === page.path);
      const servers = PAGE_MODULES.find((p) => p.path.test(page.path.replace(/:\w+/g, "x")));
      expect(ours?.modules, page.path).toEqual(servers?.modules);
    }
  });

  it("follows static imports through shared chunks, with the entry's app, and leaves dynamic imports out", () => {
    const a = firstLoadFiles(manifest, {
      entry: "index.html",
      modules: ["src/client/app/layouts/Layout.tsx", "src/client/features/a/APage.tsx"],
    });
    expect(a.js.sort()).toEqual(
      [
        "assets/index.js",
        "assets/preload.js",
        "assets/app-main.js",
        "assets/react.js",
        "assets/Layout.js",
        "assets/APage.js",
        "assets/shared.js",
        "assets/deep.js",
      ].sort(),
    );
    expect(a.css.sort()).toEqual(["assets/app.css", "assets/deep.css"]);
    expect(a.js).not.toContain("assets/Dialog.js");
    expect(a.js).not.toContain("assets/heavy.js");
    expect(a.js).not.toContain("assets/BPage.js");
    expect(() => firstLoadFiles(manifest, { entry: "index.html", modules: ["src/client/Gone.tsx"] })).toThrow(
      /Gone\.tsx.*not in the build's manifest/,
    );
  });

  it("sums each file's gzip size and counts the scripts", () => {
    const { dir, gz } = build();
    const { rows, failures } = check(dir, {
      "/a/:id": { maxKb: 100, maxScripts: 10 },
      "/bee": { maxKb: 100, maxScripts: 10 },
    });
    expect(failures).toEqual([]);
    const [a, b] = rows;
    const appFiles = ["index.js", "preload.js", "app-main.js", "react.js"].map((f) => `assets/${f}`);
    expect(a?.scripts).toBe(8);
    expect(a?.kb).toBeCloseTo(
      gz([...appFiles, "assets/Layout.js", "assets/APage.js", "assets/shared.js", "assets/deep.js"]),
      6,
    );
    expect(a?.cssKb).toBeCloseTo(gz(["assets/app.css", "assets/deep.css"]), 6);
    // Found by another path of the page, without a layout.
    expect(b?.scripts).toBe(7);
    expect(b?.kb).toBeCloseTo(gz([...appFiles, "assets/BPage.js", "assets/shared.js", "assets/deep.js"]), 6);
    // About 2.3 kB of gzip per 3,000 random characters: the heavy dialog (40,000) is not counted.
    expect(a?.kb).toBeGreaterThan(8 * 2);
    expect(a?.kb).toBeLessThan(8 * 3);
  });

  it("names the page, its figure and its budget when it is over", () => {
    const { dir } = build();
    const { rows, failures, table } = check(dir, {
      "/a/:id": { maxKb: 5, maxScripts: 10, targetKb: 4 },
      "/b": { maxKb: 100, maxScripts: 6 },
      "/welcome": { entry: "index.html", maxKb: 100, maxScripts: 10 },
    });
    const kb = rows[0]?.kb.toFixed(1);
    expect(failures).toEqual([
      `/a/:id: ${kb} kB gzip of JavaScript, over its budget of 5 kB`,
      "/b: 7 scripts, over its budget of 6",
    ]);
    expect(table).toMatch(new RegExp(`✗ /a/:id +${kb} +8 +5 kB, 10 +4 kB`));
    expect(table).toMatch(/\n\/welcome +\S+ +4 +100 kB, 10 +–/);
    expect(failureMessage(failures, false)).toMatch(
      /over its size budget[\s\S]*- \/a\/:id: .*budget of 5 kB[\s\S]*SIZE_BUDGET=warn/,
    );
    expect(failureMessage(failures, true)).toMatch(/^Size budget exceeded \(SIZE_BUDGET=warn/);
    expect(formatTable(rows).split("\n")).toHaveLength(4);
  });

  it("refuses a budget for a page it cannot find", () => {
    const { dir } = build();
    expect(() => check(dir, { "/nowhere": { maxKb: 1, maxScripts: 1 } })).toThrow(/\/nowhere: no such page/);
  });
});
