import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { type Database, openDatabase } from "../../src/server/db/client";
import { documents } from "../../src/server/db/schema";
import { DATA_EXPORT } from "../../src/shared/schemas/profile";
import { type RunningServer, signInOverHttp, startServer, stopGracefully } from "../factories/server-process";
import { openTestDatabase } from "../factories/test-db";

const MB = 1024 * 1024;
const FILES = 20;
const PIECES_PER_FILE = 10;

/** The server process's resident memory, from the kernel. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? 0) * 1024;
}

/** CPU time the process has used so far, in seconds (user + system). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Give the member 20 files of 10 MB straight in the database (over HTTP it takes minutes): the
 * upload rows and their 1 MB pieces in `file_chunks`, as the file storage writes them. Ten random
 * pieces are sent once; the other files copy them inside the database.
 */
async function seedFiles(database: Database, userId: string, pieces: Buffer[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const [row] = await database.db
      .insert(documents)
      .values({
        userId,
        type: "upload",
        title: `scan-${i}.pdf`,
        fileName: `scan-${i}.pdf`,
        mimeType: "application/pdf",
        fileKind: "pdf",
        sizeBytes: PIECES_PER_FILE * MB,
        status: "ready",
      })
      .returning({ id: documents.id });
    if (!row) throw new Error("no upload row");
    ids.push(row.id);
  }
  const [first] = ids;
  for (const [seq, piece] of pieces.entries()) {
    await database.db.execute(
      sql`insert into file_chunks (document_id, seq, data) values (${first}::uuid, ${seq}, decode(${piece.toString("base64")}::text, 'base64'))`,
    );
  }
  for (const id of ids.slice(1)) {
    await database.db.execute(
      sql`insert into file_chunks (document_id, seq, data) select ${id}::uuid, seq, data from file_chunks where document_id = ${first}::uuid`,
    );
  }
  return ids;
}

interface Download {
  status: number;
  bytes: number;
  /** Resolves when the body has ended (or the request was stopped). */
  done: Promise<void>;
  stop(): void;
}

/** GET the export over real HTTP, writing the body to `file` as it comes (or only counting it). */
function download(server: RunningServer, cookie: string, file: string | null): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port: server.port, path: DATA_EXPORT.path, agent: false, headers: { cookie } },
      (response) => {
        const out = file ? createWriteStream(file) : null;
        const state: Download = {
          status: response.statusCode ?? 0,
          bytes: 0,
          done: new Promise((end) => {
            if (out) out.once("close", () => end());
            else response.once("end", () => end());
            response.once("close", () => {
              if (!out) end();
            });
          }),
          stop: () => request.destroy(),
        };
        response.on("data", (piece: Buffer) => {
          state.bytes += piece.length;
        });
        if (out) response.pipe(out);
        else response.resume();
        resolve(state);
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

/** The entries of a ZIP on disk (name → size), and the SHA-256 of one of them. */
function readZip(file: string, hashOf: string): Promise<{ sizes: Map<string, number>; hash: string }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const sizes = new Map<string, number>();
      let hash = "";
      zip.on("entry", (entry: yauzl.Entry) => {
        sizes.set(entry.fileName, entry.uncompressedSize);
        if (entry.fileName !== hashOf) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const digest = createHash("sha256");
          stream.on("data", (piece: Buffer) => digest.update(piece));
          stream.once("end", () => {
            hash = digest.digest("hex");
            zip.readEntry();
          });
        });
      });
      zip.once("end", () => resolve({ sizes, hash }));
      zip.once("error", reject);
      zip.readEntry();
    });
  });
}

/**
 * The data export as a member's connection meets it, against the real server process: a member
 * holding 200 MB of files downloads all of it while the server's memory stays flat and its health
 * check keeps answering; when the member goes away the server stops working on the export.
 */
describe("data export of 200 MB over real HTTP", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-export-memory-"));
  const pieces = Array.from({ length: PIECES_PER_FILE }, () => randomBytes(MB));
  let server: RunningServer;
  let cookie = "";
  let dropDatabase: (() => Promise<void>) | null = null;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    let shared: Database | null = null;
    if (process.env.DATABASE_URL) {
      // Several processes share a PostgreSQL server: seed while the server runs.
      const own = await openTestDatabase();
      shared = own.database;
      dropDatabase = own.drop;
      env = {
        DATA_DIR: dir,
        DATABASE_URL: own.url ?? "",
        AUTH_SECRET: "export-memory-test-secret-0123456789",
        LOG_LEVEL: "warn",
      };
    } else {
      env = { DATA_DIR: dir, LOG_LEVEL: "warn" };
    }
    server = await startServer(env, { timeoutMs: 120_000 });
    cookie = await signInOverHttp(server.url, {
      email: "exporter@example.com",
      password: "export-pass",
      firstName: "Export",
    });
    const me = await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).json();
    if (shared) {
      await seedFiles(shared, me.user.id, pieces);
    } else {
      // The embedded database belongs to one process: stop the server, seed, start it again.
      await stopGracefully(server);
      const database = await openDatabase({ pgliteDir: path.join(dir, "pgdata") });
      await seedFiles(database, me.user.id, pieces);
      await database.close();
      server = await startServer(env, { timeoutMs: 120_000 });
    }
  }, 240_000);

  afterAll(async () => {
    if (server) await stopGracefully(server);
    await dropDatabase?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it("streams everything with the server's memory flat and /api/health under 500 ms", {
    timeout: 240_000,
  }, async () => {
    const pid = server.process.pid as number;
    // Settle: the first requests load code the export does not need to measure.
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/health`);
    const head = await fetch(`${server.url}${DATA_EXPORT.path}`, { method: "HEAD", headers: { cookie } });
    expect(head.status).toBe(200);

    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const healthTimes: number[] = [];
    let exporting = true;
    const probe = (async () => {
      while (exporting) {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/health`);
        await response.arrayBuffer();
        healthTimes.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const file = path.join(dir, "export.zip");
    const started = performance.now();
    const got = await download(server, cookie, file);
    expect(got.status).toBe(200);
    await got.done;
    const seconds = (performance.now() - started) / 1000;
    exporting = false;
    await probe;
    clearInterval(sampler);

    const growth = peak - before;
    const slowest = Math.max(...healthTimes);
    console.info(
      `export of ${(got.bytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s: server RSS ${(before / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB (+${(growth / MB).toFixed(1)} MB); /api/health ${healthTimes.length} probes, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(got.bytes).toBeGreaterThan(FILES * PIECES_PER_FILE * MB);
    const expected = createHash("sha256").update(Buffer.concat(pieces)).digest("hex");
    const zip = await readZip(file, "files/scan-7.pdf");
    expect(zip.sizes.size).toBe(FILES + 1);
    expect(zip.sizes.has("data.json")).toBe(true);
    for (let i = 0; i < FILES; i++) expect(zip.sizes.get(`files/scan-${i}.pdf`)).toBe(PIECES_PER_FILE * MB);
    expect(zip.hash).toBe(expected);

    expect(growth).toBeLessThan(100 * MB);
    expect(healthTimes.length).toBeGreaterThan(5);
    expect(slowest).toBeLessThan(500);
  });

  it("stops reading when the member goes away", { timeout: 120_000 }, async () => {
    const pid = server.process.pid as number;
    const got = await download(server, cookie, null);
    expect(got.status).toBe(200);
    const deadline = Date.now() + 60_000;
    while (got.bytes < 5 * MB && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got.bytes).toBeGreaterThanOrEqual(5 * MB);
    got.stop();
    await got.done;
    // A piece being read when the connection closed may still finish; after that, nothing.
    await new Promise((r) => setTimeout(r, 500));
    const cpuBefore = cpuSecondsOf(pid);
    await new Promise((r) => setTimeout(r, 2000));
    const cpuUsed = cpuSecondsOf(pid) - cpuBefore;
    console.info(`after the member went away: ${cpuUsed.toFixed(2)} s of server CPU in 2 s`);
    expect(cpuUsed).toBeLessThan(0.3);
    // And the member may start again at once: the export let go of its turn.
    const head = await fetch(`${server.url}${DATA_EXPORT.path}`, { method: "HEAD", headers: { cookie } });
    expect(head.status).toBe(200);
  });
});
