import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isStale } from "../../scripts/build-stamp.mjs";

/** When `npm start` rebuilds the client or the server before running them. */
describe("a build's staleness", () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A folder with a build (stamp and output) made at `builtAt`, and package.json changed at `packageAt`. */
  function project(options: { withSources: boolean; builtAt: number; sourceAt: number; packageAt: number }) {
    const root = mkdtempSync(path.join(tmpdir(), "lawguide-stamp-"));
    roots.push(root);
    const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);
    mkdirSync(path.join(root, "dist"));
    for (const file of ["dist/.build-stamp", "dist/main.js"]) {
      writeFileSync(path.join(root, file), "x");
      at(path.join(root, file), options.builtAt);
    }
    if (options.withSources) {
      mkdirSync(path.join(root, "src"));
      writeFileSync(path.join(root, "src/app.ts"), "x");
      writeFileSync(path.join(root, "src/app.test.ts"), "x");
      at(path.join(root, "src/app.ts"), options.sourceAt);
      at(path.join(root, "src/app.test.ts"), options.builtAt + 500);
      at(path.join(root, "src"), options.sourceAt);
    }
    writeFileSync(path.join(root, "package.json"), "{}");
    at(path.join(root, "package.json"), options.packageAt);
    return {
      root,
      stamp: path.join(root, "dist/.build-stamp"),
      output: path.join(root, "dist/main.js"),
      sources: ["src", "package.json"],
    };
  }

  it("is stale when a source changed after the build, not when only a test file did", () => {
    expect(isStale(project({ withSources: true, builtAt: 1000, sourceAt: 2000, packageAt: 500 }))).toBe(true);
    expect(isStale(project({ withSources: true, builtAt: 1000, sourceAt: 500, packageAt: 500 }))).toBe(false);
    expect(isStale(project({ withSources: true, builtAt: 1000, sourceAt: 500, packageAt: 2000 }))).toBe(true);
  });

  it("is stale when the output is missing", () => {
    const built = project({ withSources: true, builtAt: 1000, sourceAt: 500, packageAt: 500 });
    rmSync(built.output);
    expect(isStale(built)).toBe(true);
  });

  it("is never stale when shipped without its sources (dist/ and production dependencies), however new package.json is", () => {
    expect(isStale(project({ withSources: false, builtAt: 1000, sourceAt: 0, packageAt: 2000 }))).toBe(false);
  });
});
