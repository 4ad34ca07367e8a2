// What the client and server builds share: a build is stale when its stamp or its main output is
// missing, or when any source (test files aside) changed after the stamp was written.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * True when `stamp` or `output` is missing, or a path of `sources` (under `root`) is newer. A
 * build shipped without the folders it was made from (a deployment of `dist/` and production
 * dependencies) cannot be redone, so it is never stale, however new its package.json looks.
 */
export function isStale({ root, stamp, output, sources }) {
  if (!existsSync(stamp) || !existsSync(output)) return true;
  const buildable = sources.some((source) => {
    const full = path.join(root, source);
    return existsSync(full) && statSync(full).isDirectory();
  });
  if (!buildable) return false;
  const built = statSync(stamp).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}
