// npm start: build the web client and the server when either is missing or stale, then run the
// compiled server (dist/server/main.js) in this process, with its source maps for stack traces.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { clientIsStale } from "./client-build.mjs";
import { SERVER_OUT, serverIsStale } from "./server-build.mjs";

// A build runs in processes of its own: prerendering loads React and every public page, which the
// server's process would otherwise keep for its whole life (some 50 MB of its idle memory).
for (const [stale, script] of [
  [clientIsStale(), "client-build.mjs"],
  [serverIsStale(), "server-build.mjs"],
]) {
  if (!stale) continue;
  const built = spawnSync(process.execPath, [path.join(import.meta.dirname, script)], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
process.setSourceMapsEnabled(true);
const { runFromCli } = await import(pathToFileURL(path.join(SERVER_OUT, "main.js")).href);
runFromCli();
