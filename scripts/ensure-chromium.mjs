// Find a Chromium for the browser tests: CHROME_PATH, else /usr/bin/chromium, else install
// Debian's chromium when running as root.
import { execFileSync } from "node:child_process";
import { ensureDebianPackage } from "./debian-package.mjs";

export function ensureChromium() {
  return ensureDebianPackage({
    name: "chromium",
    paths: [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"],
    why: "The browser tests need Chromium",
    hint: ["or point CHROME_PATH at a Chromium or Chrome binary."],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  if (!path) process.exit(1);
  try {
    console.log(execFileSync(path, ["--version"], { encoding: "utf8" }).trim());
  } catch {
    console.log(path);
  }
}
