// Find a Chromium for the browser tests: CHROME_PATH, else /usr/bin/chromium, else install
// Debian's chromium when running as root. Nothing is ever downloaded by the test tools themselves.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
            stdio: "inherit",
            env,
          })
        : update;
    if (install.status === 0 && findChromium()) return findChromium();
  }
  console.error(
    [
      "The browser tests need Chromium, and none was found.",
      "Install it with:  sudo apt-get update && sudo apt-get install -y chromium",
      "or point CHROME_PATH at a Chromium or Chrome binary.",
    ].join("\n"),
  );
  return null;
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
