// LawGuide's import boundaries, written once: which layer may import which. `node
// scripts/lint/boundaries.mjs` writes them as Biome overrides into scripts/lint/boundaries.json,
// which biome.json extends; `--check` says whether that file is current (the lint test runs it).
//
// Biome applies the last override that matches a file for a rule, options and all, so each area's
// override lists every group that holds there: the generator repeats them, the reader does not.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The client's features (src/client/features/*): none imports another, at any depth. */
export const CLIENT_FEATURES = [
  "account",
  "admin",
  "billing",
  "cases",
  "documents",
  "health",
  "help",
  "landing",
  "legal",
  "profile",
  "site",
  "uploads",
];

/** The server's layers below the features: each receives what it needs and imports no feature. */
const SERVER_LAYERS = {
  ai: {
    lower: ["../auth/*", "../http/*"],
    why: "src/server/ai holds the providers, which know no feature, account or request.",
  },
  http: {},
  auth: {},
  lib: { lower: ["../auth/*", "../http/*", "../ai/*"], why: "src/server/lib is the lowest layer." },
  db: { lower: ["../auth/*", "../http/*", "../ai/*"], why: "src/server/db is the lowest layer.", drizzle: true },
};

const group = (patterns, message) => ({ group: patterns, message });

const G = {
  noClient: group(["@client/*", "**/client/**"], "The server never imports the client."),
  noServer: group(
    ["@server/*", "**/server/**"],
    "The client never imports the server: the API's request and response shapes live in src/shared/schemas.",
  ),
  drizzle: (pgCore) =>
    group(
      ["drizzle-orm", "drizzle-orm/*", ...(pgCore ? ["!drizzle-orm/pg-core"] : [])],
      "Only *.queries.ts files touch Drizzle.",
    ),
  throughService: group(
    ["../*/*.queries", "../*/*.routes"],
    "A feature uses another feature only through its service.",
  ),
  routesOfOthers: group(["../*/*.routes"], "A feature uses another feature only through its service."),
  compositionRoot: group(
    ["../../services", "../../app", "../../main", "../../seed", "../services", "../app", "../main"],
    "Only app.ts and main.ts build the services (the composition root); a feature receives what it needs.",
  ),
  schemasInShared: group(
    ["zod", "zod/*"],
    "Body, query and param schemas live in src/shared/schemas; routes import them from there.",
  ),
  uploadsBelowCases: group(
    ["../cases/*", "../../cases/*", "**/features/cases/**"],
    "Uploads sit below cases and know nothing of them: the caller checks a case (decision 010).",
  ),
  uploadsBelowAssistant: group(
    ["../assistant/*", "../../assistant/*", "**/features/assistant/**"],
    "Uploads sit below the assistant: a file's analysis, and its routes, are the assistant's (features/assistant).",
  ),
  belowFeatures: (layer) =>
    group(
      ["../features/*", "../features/**", "../services", "../app", "../main"],
      `src/server/${layer} is a layer below the features: it receives what it needs at construction and imports no feature.`,
    ),
  sharedPure: group(
    ["@server/*", "@client/*", "**/server/**", "**/client/**"],
    "src/shared imports nothing else of ours.",
  ),
  sharedRuntime: group(
    ["node:*", "react", "react-dom", "react/*", "drizzle-orm", "drizzle-orm/*", "hono", "hono/*"],
    "src/shared is pure TypeScript that runs in the browser and on the server.",
  ),
  testOnly: group(["fast-check", "@tests/**", "**/tests/**"], "Test-only code: import it from tests only."),
  otherFeature: (feature) =>
    group(
      [
        "@client/features/*",
        "@client/features/*/**",
        `!@client/features/${feature}`,
        `!@client/features/${feature}/**`,
      ],
      "A client feature does not import another feature, at any depth: move what both need to src/client/components or src/client/lib, or let src/client/app compose them.",
    ),
  appShell: group(
    ["@client/app", "@client/app/**"],
    "Features do not import the app shell; the app composes features.",
  ),
  relativeOut: group(
    ["../*", "../**"],
    "Leave the feature folder through an alias (@client/..., @shared/...), never a relative path.",
  ),
};

const notTests = (glob) => [glob, `!${glob.replace(/\*\*$/, "")}**/*.test.ts`];
const uploads = "src/server/features/uploads";

/** Every area's groups, in the order Biome applies them (a later match wins). */
function areas() {
  return [
    [["src/shared/**"], [G.sharedPure, G.sharedRuntime, G.testOnly]],
    [["src/shared/**/*.test.ts"], [G.sharedPure, G.sharedRuntime]],
    [["src/server/**"], [G.noClient]],
    [
      ["src/server/**", "!src/server/**/*.queries.ts", "!src/server/db/**", "!src/server/**/*.test.ts"],
      [G.noClient, G.drizzle(true)],
    ],
    [["src/server/features/**"], [G.noClient, G.drizzle(false), G.throughService, G.compositionRoot]],
    [
      ["src/server/features/**/*.queries.ts", "src/server/features/**/*.test.ts"],
      [G.noClient, G.routesOfOthers],
    ],
    [
      ["src/server/**/*.routes.ts"],
      [G.noClient, G.drizzle(false), G.throughService, G.compositionRoot, G.schemasInShared],
    ],
    [
      [`${uploads}/**`, `!${uploads}/**/*.queries.ts`, `!${uploads}/**/*.test.ts`, `!${uploads}/**/*.routes.ts`],
      [G.noClient, G.drizzle(false), G.throughService, G.compositionRoot, G.uploadsBelowCases, G.uploadsBelowAssistant],
    ],
    [
      [`${uploads}/**/*.routes.ts`],
      [
        G.noClient,
        G.drizzle(false),
        G.throughService,
        G.compositionRoot,
        G.uploadsBelowCases,
        G.uploadsBelowAssistant,
        G.schemasInShared,
      ],
    ],
    ...Object.entries(SERVER_LAYERS).map(([layer, rule]) => [
      notTests(`src/server/${layer}/**`),
      [
        G.noClient,
        ...(rule.drizzle ? [] : [G.drizzle(true)]),
        G.belowFeatures(layer),
        ...(rule.lower ? [group(rule.lower, rule.why)] : []),
      ],
    ]),
    [["src/client/**"], [G.noServer]],
    ...CLIENT_FEATURES.map((feature) => [
      [`src/client/features/${feature}/**`],
      [G.otherFeature(feature), G.appShell, G.relativeOut, G.noServer],
    ]),
  ];
}

export function boundaries() {
  return {
    $schema: "../../node_modules/@biomejs/biome/configuration_schema.json",
    overrides: areas().map(([includes, patterns]) => ({
      includes,
      linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } },
    })),
  };
}

const file = path.join(import.meta.dirname, "boundaries.json");
const text = () => `${JSON.stringify(boundaries(), null, 2)}\n`;

/** Whether boundaries.json says what this file does. */
export function isCurrent() {
  try {
    return readFileSync(file, "utf8") === text();
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--check")) {
    if (!isCurrent()) {
      console.error("scripts/lint/boundaries.json is out of date: run node scripts/lint/boundaries.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(file, text());
  }
}
