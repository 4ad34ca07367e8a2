// npm start: build the web client and the server when either is missing or stale, then run the
// compiled server (dist/server/main.js) in this process, with its source maps for stack traces.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildClient } from "./client-build.mjs";
import { buildServer, SERVER_OUT } from "./server-build.mjs";

await buildClient();
await buildServer();
process.setSourceMapsEnabled(true);
const { runFromCli } = await import(pathToFileURL(path.join(SERVER_OUT, "main.js")).href);
runFromCli();
