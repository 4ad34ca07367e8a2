import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../playwright.config";
import { startServer, stopGracefully } from "../tests/factories/server-process";
import { median, record } from "./lib";

/** gzip size of every JavaScript file a page loads on a first visit (kB). */
async function firstLoadJs(url: string): Promise<{ kb: number; files: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith(".js")) scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const bytes = [...scripts].reduce(
      (n, p) => n + gzipSync(readFileSync(path.join("dist/client", p)), { level: 9 }).length,
      0,
    );
    return { kb: bytes / 1024, files: scripts.size };
  } finally {
    await browser.close();
  }
}

/** How many Lighthouse runs a page's figures are the median of (they vary from run to run). */
export const LIGHTHOUSE_RUNS = 5;

/**
 * One Lighthouse run (mobile preset) in a fresh Chromium profile; `cookie` signs the page's
 * requests in (a member's page).
 */
export async function lighthouseRun(url: string, chromeTmp: string, cookie?: string): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    userDataDir: mkdtempSync(path.join(chromeTmp, "profile-")),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const categories = result?.lhr.categories ?? {};
    const audits = result?.lhr.audits ?? {};
    return {
      performance: (categories.performance?.score ?? 0) * 100,
      accessibility: (categories.accessibility?.score ?? 0) * 100,
      "best-practices": (categories["best-practices"]?.score ?? 0) * 100,
      seo: (categories.seo?.score ?? 0) * 100,
      LCP: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      TBT: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The public face: Lighthouse (mobile preset, Debian's Chromium) for /welcome and /login, and the
 * JavaScript /welcome loads.
 */
export async function benchLanding() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-landing-"));
  const chromeTmp = path.resolve(".tmp/lighthouse");
  mkdirSync(chromeTmp, { recursive: true });
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    // A warm server, as in production: one visit first.
    await firstLoadJs(`${server.url}/login`);
    const js = await firstLoadJs(`${server.url}/welcome`);
    record("landing", "JavaScript loaded by /welcome", js.kb, "kB gzip", `${js.files} files; target ≤ 85 kB`);
    for (const page of ["/welcome", "/login"]) {
      const runs: Array<Record<string, number>> = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(`${server.url}${page}`, chromeTmp));
      const med = (key: string) => median(runs.map((r) => r[key] ?? Number.NaN));
      for (const [id, target] of [
        ["performance", "≥ 98"],
        ["accessibility", "100"],
        ["best-practices", "100"],
        ["seo", "100"],
      ] as const) {
        record(
          "landing",
          `Lighthouse mobile ${page} ${id}`,
          Math.round(med(id)),
          "/100",
          `median of ${LIGHTHOUSE_RUNS}; target ${target}`,
        );
      }
      record("landing", `Lighthouse mobile ${page} LCP`, med("LCP"), "ms", `median of ${LIGHTHOUSE_RUNS}`);
      record("landing", `Lighthouse mobile ${page} TBT`, med("TBT"), "ms", `median of ${LIGHTHOUSE_RUNS}`);
    }
  } finally {
    await stopGracefully(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(chromeTmp, { recursive: true, force: true });
  }
}
