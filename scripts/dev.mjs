// npm run dev: the API server (restarts on change) and Vite's dev server (hot reload) side by side.
// Open http://localhost:5173; API calls are proxied to the server on port 3000.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const children = [
  spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "--clear-screen=false", "src/server/main.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
    },
  ),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
