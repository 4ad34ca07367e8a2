import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { chunkPlan } from "./scripts/chunk-plan";

const here = import.meta.dirname;

/** The head both pages share (index.html and welcome.html hold a `<!--lawguide:head-->` marker). */
const SHARED_HEAD = `<meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <title>LawGuide · Legal information, in plain words</title>
    <meta
      name="description"
      content="LawGuide explains your legal situation in plain language: ask an AI assistant, analyse your papers, create documents from guided templates and get referred to an attorney. Legal information, not legal advice."
    />
    <meta name="theme-color" content="#1e1b4b" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="LawGuide" />
    <meta property="og:title" content="LawGuide · Legal information, in plain words" />
    <meta
      property="og:description"
      content="Ask legal questions, understand your documents and create your own: legal information, not legal advice."
    />
    <meta name="twitter:card" content="summary" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />`;

const sharedHead: Plugin = {
  name: "lawguide-shared-head",
  transformIndexHtml: {
    order: "pre",
    handler: (html) => html.replace("<!--lawguide:head-->", SHARED_HEAD),
  },
};

/** In development, serve the landing page's own entry at /welcome, as the server does. */
const landingPage: Plugin = {
  name: "lawguide-landing-page",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === "/welcome" || req.url?.startsWith("/welcome?"))
        req.url = req.url.replace("/welcome", "/welcome.html");
      next();
    });
  },
};

const chunks = chunkPlan(path.join(here, "src/client"));

/**
 * The landing page is built on its own (`vite build --mode landing`, after the app's build, into
 * the same folder) with Preact standing in for React: a first visit loads a third of the
 * JavaScript (decision 023). Development serves it with React, as the prerendering does.
 */
export const LANDING_MODE = "landing";
/** Where the landing build writes its manifest; scripts/client-build.mjs merges it into the app's. */
export const LANDING_MANIFEST = ".vite/manifest-landing.json";
const PREACT_IN_PLACE_OF_REACT = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig(({ mode }): UserConfig => {
  const landing = mode === LANDING_MODE;
  const input: Record<string, string> = landing
    ? { welcome: path.join(here, "welcome.html") }
    : { index: path.join(here, "index.html") };
  return {
    plugins: [react(), tailwindcss(), sharedHead, landingPage, ...(landing ? [] : [chunks.plugin])],
    resolve: {
      alias: [
        { find: "@shared", replacement: path.join(here, "src/shared") },
        { find: "@client", replacement: path.join(here, "src/client") },
        ...(landing ? PREACT_IN_PLACE_OF_REACT : []),
      ],
    },
    publicDir: landing ? false : "public",
    build: {
      outDir: "dist/client",
      // The app's build empties the folder; the landing page's adds to it.
      emptyOutDir: !landing,
      target: "es2022",
      sourcemap: false,
      reportCompressedSize: false,
      // The server reads the manifest to preload each page's own chunk with the HTML.
      manifest: landing ? LANDING_MANIFEST : true,
      rollupOptions: {
        input,
        output: {
          codeSplitting: {
            groups: [
              // The icons in one file: a page asks for one script instead of one per icon
              // (decision 020).
              { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 50 },
              // What a page of the app loads at start in a few files instead of one per shared
              // module (decision 022).
              ...(landing ? [] : chunks.groups),
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        "/api": { target: "http://localhost:3000", changeOrigin: false },
        "/dev": { target: "http://localhost:3000", changeOrigin: false },
      },
    },
  };
});
