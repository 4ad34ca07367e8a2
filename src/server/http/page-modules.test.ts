import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PAGES } from "@shared/pages";
import { describe, expect, it } from "vitest";
import { chunkFiles, PAGE_MODULES } from "./page-modules";

const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("page modules", () => {
  it("name only modules that exist and that the router loads lazily", () => {
    const router = readFileSync(path.join(ROOT, "src/client/app/router.tsx"), "utf8");
    for (const page of PAGE_MODULES) {
      for (const module of page.modules) {
        expect(existsSync(path.join(ROOT, module)), module).toBe(true);
        const specifier = module.replace("src/client/", "@client/").replace(/\.tsx$/, "");
        const relative = module.replace("src/client/app/", "./").replace(/\.tsx$/, "");
        expect(router.includes(`import("${specifier}")`) || router.includes(`import("${relative}")`), module).toBe(
          true,
        );
      }
    }
  });

  it("are loaded by the router under each page's name, from the module the pages' table names", () => {
    const router = readFileSync(path.join(ROOT, "src/client/app/router.tsx"), "utf8");
    for (const [name, page] of Object.entries(PAGES)) {
      const specifier = page.module.startsWith("app/") ? `./${page.module.slice(4)}` : `@client/${page.module}`;
      expect(router, name).toContain(`${name}: () => import("${specifier}")`);
    }
    const paths = PAGE_MODULES.map((p) => p.path);
    expect(paths.some((p) => p.test("/dashboard/case/3f0c"))).toBe(true);
    expect(paths.some((p) => p.test("/dashboard"))).toBe(true);
    expect(paths.some((p) => p.test("/dashboard/case/a/b"))).toBe(false);
  });

  it("follow static imports and leave the entry out", () => {
    const manifest = {
      "index.html": { file: "assets/index.js" },
      "src/a.tsx": { file: "assets/a.js", imports: ["_shared.js", "index.html"] },
      "_shared.js": { file: "assets/shared.js", imports: ["_deep.js"] },
      "_deep.js": { file: "assets/deep.js" },
    };
    expect(chunkFiles(manifest, ["src/a.tsx"]).sort()).toEqual(["assets/a.js", "assets/deep.js", "assets/shared.js"]);
  });
});
