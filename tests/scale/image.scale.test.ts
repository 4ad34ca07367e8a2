import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { CONSENT } from "../factories/people";
import { freePort, ROOT } from "../factories/server-process";
import { waitUntil } from "../factories/wait";
import { mapPaths, runDockerfile, type Stage } from "./dockerfile";

/**
 * The Dockerfile's steps, run as written (tests/scale/dockerfile.ts, no container engine): the
 * build stage installs everything and builds, the runtime stage installs production dependencies
 * only and takes the built output; the image then starts as its unprivileged user with nothing but
 * its own ENV, answers its health check, takes a sign-up and stops cleanly on SIGTERM.
 */
const isRoot = process.getuid?.() === 0;
// /tmp rather than TMPDIR: the image's user must reach it, as any user reaches a container's files.
const into = mkdtempSync("/tmp/lawguide-image-");
afterAll(() => rmSync(into, { recursive: true, force: true }));

/** The Dockerfile's user, made on this machine when it has none (the base image has it). */
function ensureUser(name: string) {
  if (spawnSync("id", [name]).status !== 0) execFileSync("useradd", ["--system", "--no-create-home", name]);
}

describe.runIf(isRoot)("the Dockerfile", () => {
  it("builds an image of production dependencies and built output that runs, unprivileged, on its own ENV", {
    timeout: 900_000,
  }, async () => {
    ensureUser("node");
    const stages = runDockerfile(path.join(ROOT, "Dockerfile"), ROOT, into);
    const image = stages.at(-1) as Stage;
    const app = path.join(image.root, image.workdir);

    // Production dependencies only; the built server and client; no sources.
    expect(existsSync(path.join(app, "dist/server/main.js"))).toBe(true);
    expect(existsSync(path.join(app, "dist/client/index.html"))).toBe(true);
    expect(existsSync(path.join(app, "src"))).toBe(false);
    for (const devOnly of [
      "@biomejs/biome",
      "@playwright/test",
      "vite",
      "vitest",
      "esbuild",
      "tsx",
      "drizzle-kit",
      "autocannon",
    ])
      expect(existsSync(path.join(app, "node_modules", devOnly)), devOnly).toBe(false);
    expect(image.user).toBe("node");
    expect(image.cmd).not.toBeNull();

    const port = await freePort();
    // A container's environment: the image's ENV and what `docker run -e` adds, nothing of the host's.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ...mapPaths(image, image.env),
      PORT: String(port),
    };
    const [command, ...args] = image.cmd as string[];
    let output = "";
    const server: ChildProcess = spawn(
      "setpriv",
      [
        "--reuid",
        image.user as string,
        "--regid",
        image.user as string,
        "--init-groups",
        "--",
        command as string,
        ...args,
      ],
      { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    server.stdout?.on("data", (d) => (output += String(d)));
    server.stderr?.on("data", (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntil(
        async () => {
          if (server.exitCode !== null) throw new Error(`the image's server exited:\n${output}`);
          return fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
        },
        { what: "the image's server to answer", timeout: 90_000, interval: 250 },
      );
      const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
      expect(status.match(/^Uid:\s+(\d+)/m)?.[1]).not.toBe("0");
      const health = (await (await fetch(`${base}/api/health`)).json()) as { version: string; mode: string };
      expect(health).toMatchObject({ version: packageJson.version, mode: "embedded" });

      const [check, ...checkArgs] = image.healthcheck as string[];
      expect(spawnSync(check as string, checkArgs, { env, timeout: 10_000 }).status).toBe(0);

      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: "image@example.com", password: "image-pass-1", firstName: "Ida", ...CONSENT }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      // The embedded database is in the image's data directory, written by its user.
      const data = env.DATA_DIR as string;
      expect(readdirSync(data).length).toBeGreaterThan(0);
      expect(statSync(data).uid).not.toBe(0);
    } finally {
      server.kill("SIGTERM");
      expect(await exited, output).toBe(0);
    }
  });
});
