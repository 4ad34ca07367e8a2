// npm start: build the web client when it is missing or stale, then run the server in this process.
import { register } from "tsx/esm/api";
import { buildClient } from "./client-build.mjs";

await buildClient();
register();
const { runFromCli } = await import("../src/server/main.ts");
runFromCli();
