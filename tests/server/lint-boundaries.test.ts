import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the lint set-up, without types
import { CLIENT_FEATURES, isCurrent } from "../../scripts/lint/boundaries.mjs";

/**
 * The import boundaries are written once (scripts/lint/boundaries.mjs) and generated into the
 * Biome overrides biome.json extends. These tests hold the generated file to its source, the list
 * of client features to the folders, and the rules to what they promise: Biome itself lints probe
 * files placed where real ones would be, in a copy of the configuration.
 */

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules", ".bin", "biome");
const probe = mkdtempSync(path.join(tmpdir(), "lawguide-lint-probe-"));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

// A copy of the configuration (without the transactions plugin, whose file stays behind).
mkdirSync(path.join(probe, "scripts", "lint"), { recursive: true });
writeFileSync(
  path.join(probe, "scripts", "lint", "boundaries.json"),
  readFileSync(path.join(root, "scripts", "lint", "boundaries.json")),
);
const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8")) as Record<string, unknown>;
delete config.vcs;
delete config.$schema;
config.overrides = (config.overrides as Array<{ plugins?: unknown }>).filter((o) => !o.plugins);
writeFileSync(path.join(probe, "biome.json"), JSON.stringify(config));

/** The lint errors Biome gives a file with `source` at `file` (a path inside the project). */
function lintErrors(file: string, source: string): string[] {
  rmSync(path.join(probe, "src"), { recursive: true, force: true });
  mkdirSync(path.dirname(path.join(probe, file)), { recursive: true });
  writeFileSync(path.join(probe, file), source);
  const result = spawnSync(biome, ["lint", "--colors=off", "src"], { cwd: probe, encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.includes("lint/"));
}

const importing = (from: string) => `import { thing } from "${from}";\nexport const kept = thing;\n`;

describe("import boundaries", () => {
  it("are generated from their one source (run node scripts/lint/boundaries.mjs after changing it)", () => {
    expect(isCurrent()).toBe(true);
  });

  it("list every client feature folder, and no other", () => {
    const folders = readdirSync(path.join(root, "src/client/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...CLIENT_FEATURES].sort()).toEqual(folders);
  });

  it("refuse a client feature importing another one at any depth, and let it import itself", () => {
    const file = "src/client/features/cases/Probe.tsx";
    expect(lintErrors(file, importing("@client/features/billing/deep/thing"))).toHaveLength(1);
    expect(lintErrors(file, importing("@client/features/billing/billing-api"))).toHaveLength(1);
    expect(lintErrors(file, importing("@client/features/billing"))).toHaveLength(1);
    expect(lintErrors("src/client/features/site/Probe.tsx", importing("@client/features/landing/x"))).toHaveLength(1);
    expect(lintErrors(file, importing("@client/features/cases/deep/thing"))).toEqual([]);
    expect(lintErrors(file, importing("@client/components/site/SiteHeader"))).toEqual([]);
  });

  it("keep the server's layers: uploads know nothing of cases, the layers below import no feature", () => {
    expect(lintErrors("src/server/features/uploads/probe.ts", importing("../cases/cases.service"))).toHaveLength(1);
    expect(
      lintErrors("src/server/features/uploads/probe.ts", importing("../assistant/assistant.service")),
    ).toHaveLength(1);
    expect(lintErrors("src/server/features/uploads/uploads.routes.ts", importing("../assistant/x"))).toHaveLength(1);
    expect(lintErrors("src/server/http/probe.ts", importing("../features/cases/cases.service"))).toHaveLength(1);
    expect(lintErrors("src/server/features/cases/probe.ts", importing("../uploads/uploads.queries"))).toHaveLength(1);
    expect(lintErrors("src/server/features/cases/probe.ts", importing("../uploads/uploads.service"))).toEqual([]);
  });
});
