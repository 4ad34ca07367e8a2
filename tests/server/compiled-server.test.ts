import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { buildServer } from "../../scripts/server-build.mjs";
import type { UploadSummary } from "../../src/shared/schemas/uploads";
import { WILL_ANSWERS } from "../factories/documents";
import { ROOT, type RunningServer, signInOverHttp, startServer, stopGracefully } from "../factories/server-process";
import { openTestDatabase } from "../factories/test-db";
import { leasePdf } from "../factories/uploads";
import { waitUntil } from "../factories/wait";

/**
 * The server as `npm start` runs it: compiled to JavaScript (scripts/server-build.mjs), with no
 * TypeScript loader, its reading process and render worker compiled beside it; and, on
 * PostgreSQL, WEB_CONCURRENCY workers that replace one killed with kill -9.
 */
const outDir = path.join(ROOT, ".tmp", `compiled-server-${process.pid}`);
const main = path.join(outDir, "main.js");
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-compiled-"));
  dirs.push(dir);
  return dir;
};

beforeAll(() => buildServer({ force: true, outDir }), 120_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function health(base: string): Promise<{ code: number; version?: string }> {
  const response = await fetch(`${base}/api/health`);
  return { code: response.status, ...((await response.json()) as { version?: string }) };
}

describe("the compiled server", () => {
  it("is JavaScript alone: every program it starts is built beside it, none needs tsx", () => {
    const files = readdirSync(outDir);
    for (const program of ["main.js", "extraction-process.js", "render-worker.js", "backup.js", "restore.js"])
      expect(files).toContain(program);
    expect(files).toContain("migrations");
    for (const file of files.filter((f) => f.endsWith(".js")))
      expect(readFileSync(path.join(outDir, file), "utf8"), file).not.toMatch(/from "tsx|import\("tsx/);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "serves on the embedded engine: health with the package's version, an account, a file read by the compiled reading process, a PDF from the compiled render worker, and a clean stop",
    { timeout: 180_000 },
    async () => {
      const server = await startServer({ DATA_DIR: dataDir(), LOG_LEVEL: "warn" }, { compiled: main });
      try {
        expect(await health(server.url)).toMatchObject({ code: 200, version: packageJson.version });
        const cookie = await signInOverHttp(server.url, {
          email: "compiled@example.com",
          password: "compiled-pass",
          firstName: "Casey",
        });

        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(await leasePdf())]), "lease.pdf");
        const sent = await fetch(`${server.url}/api/uploads`, {
          method: "POST",
          headers: { origin: server.url, cookie },
          body: form,
        });
        expect(sent.status, await sent.clone().text()).toBe(201);
        const { upload } = (await sent.json()) as { upload: UploadSummary };
        const read = await waitUntil(
          async () => {
            const response = await fetch(`${server.url}/api/uploads/${upload.id}`, { headers: { cookie } });
            const body = (await response.json()) as { upload: UploadSummary };
            return body.upload.status === "reading" ? null : body.upload;
          },
          { what: "the lease to be read", timeout: 60_000, interval: 200 },
        );
        expect(read.status).toBe("ready");

        const created = await fetch(`${server.url}/api/documents/generate`, {
          method: "POST",
          headers: { origin: server.url, cookie, "content-type": "application/json" },
          body: JSON.stringify({ templateId: "will", answers: WILL_ANSWERS }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const { document } = (await created.json()) as { document: { id: string } };
        const pdf = await fetch(`${server.url}/api/documents/${document.id}/download?format=pdf`, {
          headers: { cookie },
        });
        expect(pdf.status).toBe(200);
        expect(
          Buffer.from(await pdf.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");
      } finally {
        server.process.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      }
    },
  );

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "refuses WEB_CONCURRENCY above 1 on the embedded engine, naming DATABASE_URL",
    { timeout: 60_000 },
    async () => {
      const server = await startServer(
        { DATA_DIR: dataDir(), WEB_CONCURRENCY: "2" },
        { compiled: main, expectFailure: true },
      );
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("WEB_CONCURRENCY: above 1 needs DATABASE_URL");
    },
  );
});

/** The status of a GET sent on a connection of its own (none kept alive from earlier requests). */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .once("error", reject);
  });
}

/** The worker processes of a cluster's primary (Linux). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe.runIf(Boolean(process.env.DATABASE_URL))("WEB_CONCURRENCY on PostgreSQL", () => {
  let server: RunningServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (server && server.process.exitCode === null) await stopGracefully(server);
    await drop?.();
  });

  it("runs two workers on one port, replaces one killed with kill -9 while serving, and stops them all on SIGTERM", {
    timeout: 180_000,
  }, async () => {
    const test = await openTestDatabase();
    drop = test.drop;
    server = await startServer(
      {
        DATABASE_URL: test.url as string,
        AUTH_SECRET: "a-secret-shared-by-every-worker-of-this-test",
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
      },
      { compiled: main },
    );
    const primary = server.process.pid as number;
    expect(server.output()).toContain("2 workers");
    // Each worker logs "started" once it listens.
    const listening = () => server?.output().split('"msg":"started"').length ?? 1;
    await waitUntil(async () => listening() > 2 || null, { what: "two workers listening", timeout: 60_000 });
    expect(workersOf(primary)).toHaveLength(2);

    // A session made through one worker is honoured by whichever worker answers next.
    const cookie = await signInOverHttp(server.url, {
      email: "cluster@example.com",
      password: "cluster-pass",
      firstName: "Kai",
    });
    for (let i = 0; i < 6; i++) {
      const me = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
      expect(((await me.json()) as { user?: { email: string } }).user?.email).toBe("cluster@example.com");
    }

    const [victim] = workersOf(primary);
    process.kill(victim as number, "SIGKILL");
    // Once the primary has seen the worker go (it says so), the other worker answers every new
    // connection while the replacement starts. Connections the killed worker held, or was being
    // handed in that instant, are lost with it, as with any crash: the load balancer retries those.
    await waitUntil(async () => server?.output().includes("worker stopped; replacing it") || null, {
      what: "the primary to see the worker go",
      timeout: 10_000,
    });
    for (let i = 0; i < 10; i++) expect(await statusOnNewConnection(`${server.url}/api/health`)).toBe(200);
    const replaced = await waitUntil(
      async () => {
        const now = workersOf(primary);
        return now.length === 2 && !now.includes(victim as number) ? now : null;
      },
      { what: "a replacement worker", timeout: 60_000, interval: 200 },
    );
    expect(replaced).toHaveLength(2);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(workersOf(primary)).toEqual([]);
  });
});
