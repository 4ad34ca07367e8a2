// A program the tests need from Debian's packages (Chromium, nginx): found where Debian puts it, or
// installed with apt-get when running as root. Nothing is ever downloaded by the test tools themselves.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The first of `paths` that exists (empty entries skipped), or null. */
function firstExisting(paths) {
  return paths.filter(Boolean).find((p) => existsSync(p)) ?? null;
}

/**
 * The program at one of `paths`, installing Debian's package `name` when none is there and this
 * process may (root, apt-get present). Null, after saying how to install it, when it cannot.
 */
export function ensureDebianPackage({ name, paths, why, hint = [] }) {
  const found = firstExisting(paths);
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log(`${name} is missing: installing Debian's ${name} package (apt-get)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", name], { stdio: "inherit", env })
        : update;
    if (install.status === 0 && firstExisting(paths)) return firstExisting(paths);
  }
  console.error(
    [
      `${why}, and none was found.`,
      `Install it with:  sudo apt-get update && sudo apt-get install -y ${name}`,
      ...hint,
    ].join("\n"),
  );
  return null;
}
