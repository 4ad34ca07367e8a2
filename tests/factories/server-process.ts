import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { CONSENT } from "./people";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX_IMPORT = ["--import", "tsx"];
/** Node's flags for the compiled server, as package.json's `start` script gives them. */
const COMPILED_FLAGS = ["--max-semi-space-size=4"];
/** The environment package.json's `start` script gives every server, compiled or not. */
const START_ENV = { MALLOC_MMAP_THRESHOLD_: "1048576" };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  process: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Start the server as its own process and wait until it listens: `src/server/main.ts` through tsx,
 * or with `compiled`, a compiled entry (dist/server/main.js as `npm start` runs it).
 */
export async function startServer(
  env: Record<string, string>,
  options: { expectFailure?: boolean; timeoutMs?: number; compiled?: string } = {},
): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const entry = options.compiled
    ? [...COMPILED_FLAGS, "--enable-source-maps", options.compiled]
    : [...TSX_IMPORT, "src/server/main.ts"];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: RunningServer = { process: child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
  if (options.expectFailure) return server;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!out.includes("LawGuide is running")) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return server;
}

export async function killHard(server: RunningServer): Promise<void> {
  server.process.kill("SIGKILL");
  await server.exited;
}

export async function stopGracefully(server: RunningServer): Promise<void> {
  server.process.kill("SIGTERM");
  await server.exited;
}

/** Run a TypeScript script of the repository to its end. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TSX_IMPORT, script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

export async function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(url).origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A request from a signed-in browser on `base`: a GET, or with `json` a POST (or `method`). */
export function call(base: string, route: string, cookie: string, json?: unknown, method = "POST"): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: json === undefined ? "GET" : method,
    headers: { origin: base, cookie, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** The cookies a response sets, as the `Cookie` header a browser would send back. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Sign up (`firstName` given) or sign in over HTTP at `base`; the session's `Cookie` header.
 * Throws with the server's answer when it is refused.
 */
export async function signInOverHttp(
  base: string,
  account: { email: string; password: string; firstName?: string },
): Promise<string> {
  const path = account.firstName === undefined ? "sign-in" : "sign-up";
  const response = await post(
    `${base}/api/auth/${path}/email`,
    path === "sign-up" ? { ...account, ...CONSENT } : account,
  );
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return cookieOf(response);
}
