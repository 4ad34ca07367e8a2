import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningServer, startServer, stopGracefully } from "../tests/factories/server-process";
import { leasePdf } from "../tests/factories/uploads";
import { api, median, onFreshPostgres, postgresServerEnv, premiumMember, record, rssMb } from "./lib";

const MB = 1024 * 1024;
/** The default upload limit (setting `maxFileUploadSize`): a file of exactly this size is allowed. */
const FILE_BYTES = 10 * MB;
/** A refused upload: six times the limit, sent chunked so the server cannot refuse it from its length. */
const REFUSED_BYTES = 60 * MB;
/** Pieces the client writes, about what a browser's network stack hands over. */
const PIECE_BYTES = 64 * 1024;
const RUNS = 5;
const BOUNDARY = "----LawGuideBenchBoundary7MA4YWxkTrZu0gW";

/** Multipart framing around one file part named `file`, as a browser's form sends it. */
function multipartFrame(fileName: string, type: string) {
  return {
    head: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

/**
 * A file its first bytes call a PDF, the rest random: random bytes stand for a PDF's compressed
 * streams, where zeros would let the database's compression flatter the figures.
 */
function pdfHeaded(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write("%PDF-1.4\n", 0, "latin1");
  return bytes;
}

/**
 * The peak resident memory of the server process from now on. Writing 5 to `clear_refs` resets
 * the kernel's high-water mark (VmHWM), which then catches every peak however short; where that
 * is not allowed, VmRSS is sampled every 5 ms instead.
 */
function peakMemory(pid: number) {
  let sampled = rssMb(pid);
  let resetHwm = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    resetHwm = false;
  }
  const timer = setInterval(() => {
    sampled = Math.max(sampled, rssMb(pid));
  }, 5);
  return {
    stop(): number {
      clearInterval(timer);
      sampled = Math.max(sampled, rssMb(pid));
      if (!resetHwm) return sampled;
      const kb = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/)?.[1] ?? Number.NaN);
      return Math.max(sampled, kb / 1024);
    },
  };
}

interface Sent {
  status: number;
  body: string;
  ms: number;
  /** File bytes the client had written when the answer came. */
  sentBytes: number;
}

/**
 * POST a file to /api/uploads as a stream of pieces (with backpressure, as a browser sends it),
 * with its Content-Length or chunked; stops sending as soon as the server answers.
 */
function sendFile(
  base: string,
  cookie: string,
  file: { name: string; type: string; size: number; piece: (offset: number, length: number) => Buffer },
  chunked: boolean,
): Promise<Sent> {
  const { head, tail } = multipartFrame(file.name, file.type);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    let sentBytes = 0;
    const req = httpRequest(`${base}/api/uploads`, {
      method: "POST",
      agent: false,
      headers: {
        cookie,
        origin: base,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? {} : { "content-length": String(head.length + file.size + tail.length) }),
      },
    });
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString("utf8"),
          ms: performance.now() - started,
          sentBytes,
        });
        req.destroy();
      });
    });
    // A refused upload's connection is closed under the writer: that is the refusal, not a fault.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = (chunk: Buffer) =>
      new Promise<void>((done) => {
        if (req.write(chunk)) done();
        else req.once("drain", done);
      });
    void (async () => {
      await write(head);
      for (let offset = 0; offset < file.size && !answered && !req.destroyed; offset += PIECE_BYTES) {
        const piece = file.piece(offset, Math.min(PIECE_BYTES, file.size - offset));
        await write(piece);
        sentBytes += piece.length;
      }
      if (!answered && !req.destroyed) req.end(tail);
    })().catch(() => {});
  });
}

/** GET a URL and count its bytes without keeping them. */
function download(url: string, cookie: string): Promise<{ status: number; bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers: { cookie }, agent: false }, (res) => {
      let bytes = 0;
      res.on("data", (d: Buffer) => (bytes += d.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** A new Premium member (unlimited uploads). */
async function premiumUploader(base: string): Promise<string> {
  const cookie = await premiumMember(base, "uploads-bench@example.com");
  const allowance = await api<{ limit: number | null }>(base, cookie, "/api/uploads/allowance");
  if (allowance.limit !== null) throw new Error(`expected unlimited uploads, got a limit of ${allowance.limit}`);
  return cookie;
}

/** Poll an upload until it is no longer being read; its status ('ready', 'failed', …). */
async function settled(base: string, cookie: string, id: string, timeoutMs = 120_000): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { upload } = await api<{ upload: { status: string } }>(base, cookie, `/api/uploads/${id}`);
    if (upload.status !== "reading") return upload.status;
    if (performance.now() > deadline) throw new Error(`upload ${id} still reading after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function benchOn(engine: string, env: Record<string, string>) {
  const group = `uploads (${engine})`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "lawguide-bench-uploads-"));
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      SIGNUP_LIMIT_PER_HOUR: "100000",
      LOG_LEVEL: "warn",
      ...env,
    });
    const base = server.url;
    const pid = server.process.pid ?? 0;
    const cookie = await premiumUploader(base);

    // Upload to 'ready': the first starts the extraction worker, the later ones find it running.
    const lease = Buffer.from(await leasePdf());
    const toReady: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const sent = await sendFile(
        base,
        cookie,
        {
          name: `lease-${i}.pdf`,
          type: "application/pdf",
          size: lease.length,
          piece: (o, n) => lease.subarray(o, o + n),
        },
        false,
      );
      if (sent.status !== 201) throw new Error(`lease upload: ${sent.status} ${sent.body}`);
      const id = (JSON.parse(sent.body) as { upload: { id: string } }).upload.id;
      const status = await settled(base, cookie, id);
      if (status !== "ready") throw new Error(`lease ended '${status}', not 'ready'`);
      toReady.push(performance.now() - started);
    }
    const [first = Number.NaN, ...later] = toReady;
    const leaseNote = `1-page text PDF, ${(lease.length / 1024).toFixed(1)} KB`;
    record(group, "small text PDF: upload → ready, first", first, "ms", `${leaseNote}; starts the worker`);
    record(group, "small text PDF: upload → ready, later p50", median(later), "ms", `median of ${later.length}`);

    const file = pdfHeaded(FILE_BYTES);
    // A 60 MB chunked upload, before any large file has been held: refused once the file passes
    // the limit, the rest never read.
    const before = rssMb(pid);
    const memory = peakMemory(pid);
    const refused = await sendFile(
      base,
      cookie,
      {
        name: "huge.pdf",
        type: "application/pdf",
        size: REFUSED_BYTES,
        piece: (o, n) => file.subarray(o % FILE_BYTES, (o % FILE_BYTES) + n),
      },
      true,
    );
    const refusedPeak = memory.stop();
    if (refused.status !== 413) throw new Error(`60 MB upload: expected 413, got ${refused.status} ${refused.body}`);
    const sentMb = (refused.sentBytes / MB).toFixed(1);
    record(group, "60 MB chunked upload: refused (413) after", refused.ms, "ms", `${sentMb} MB sent by then`);
    record(group, "server peak during the refused 60 MB upload", refusedPeak, "MB RSS", "VmHWM");
    record(group, "memory added by the refused 60 MB upload", refusedPeak - before, "MB RSS", "peak − just before");

    // 10 MB uploads: one to warm up the timing, then timed, each read (it is not a real PDF) before the
    // next. Memory counts every run: the first shows what a server that has held no file adds.
    const tenMb = {
      name: "big.pdf",
      type: "application/pdf",
      size: FILE_BYTES,
      piece: (o: number, n: number) => file.subarray(o, o + n),
    };
    const times: number[] = [];
    // Per run: memory just before, the peak while the file arrived, the peak while it was read.
    const runs: Array<{ before: number; peak: number; reading: number }> = [];
    let storedId = "";
    for (let i = 0; i <= RUNS; i++) {
      const before = rssMb(pid);
      const arriving = peakMemory(pid);
      const sent = await sendFile(base, cookie, tenMb, false);
      const peak = arriving.stop();
      if (sent.status !== 201) throw new Error(`10 MB upload: ${sent.status} ${sent.body}`);
      const reading = peakMemory(pid);
      storedId = (JSON.parse(sent.body) as { upload: { id: string } }).upload.id;
      await settled(base, cookie, storedId);
      runs.push({ before, peak, reading: reading.stop() });
      if (i > 0) times.push(sent.ms);
    }
    const uploadMs = median(times);
    record(group, "10 MB upload: time p50", uploadMs, "ms", `median of ${times.length}, Content-Length, 64 KB writes`);
    record(group, "10 MB upload: throughput", FILE_BYTES / MB / (uploadMs / 1000), "MB/s", "at the p50 time");
    const highest = runs.reduce((a, b) => (b.peak - b.before > a.peak - a.before ? b : a));
    record(group, "server peak during a 10 MB upload", highest.peak, "MB RSS", `VmHWM, most of ${runs.length} runs`);
    record(group, "memory added by a 10 MB upload", highest.peak - highest.before, "MB RSS", "peak − just before");
    // Reading a file (background, after the upload's answer) costs more than receiving it; this
    // one is not a real PDF and ends 'unreadable'.
    const read = Math.max(...runs.map((r) => r.reading - r.before));
    record(group, "memory added while a 10 MB file is read", read, "MB RSS", "peak − before its upload");

    // Download of the stored 10 MB file.
    const downloads: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const got = await download(`${base}/api/uploads/${storedId}/file`, cookie);
      if (got.status !== 200 || got.bytes !== FILE_BYTES)
        throw new Error(`download: ${got.status}, ${got.bytes} bytes`);
      if (i > 0) downloads.push(got.ms);
    }
    const downloadMs = median(downloads);
    record(group, "10 MB download: time p50", downloadMs, "ms", `median of ${downloads.length}`);
    record(group, "10 MB download: throughput", FILE_BYTES / MB / (downloadMs / 1000), "MB/s", "at the p50 time");

    // The member's data export: a ZIP of data.json and every file above, streamed as it is read,
    // while /api/health is asked every 100 ms.
    const exportBefore = rssMb(pid);
    const exporting = peakMemory(pid);
    const health: number[] = [];
    let done = false;
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const exported = await download(`${base}/api/profile/export`, cookie);
    done = true;
    await probing;
    const exportPeak = exporting.stop();
    if (exported.status !== 200) throw new Error(`data export: ${exported.status}`);
    const exportMb = exported.bytes / MB;
    record(group, "data export: time", exported.ms, "ms", `${exportMb.toFixed(1)} MB ZIP, ${RUNS * 2 + 2} files`);
    record(group, "data export: throughput", exportMb / (exported.ms / 1000), "MB/s");
    record(group, "memory added by the data export", exportPeak - exportBefore, "MB RSS", "peak − just before");
    record(group, "/api/health during the data export, slowest", Math.max(...health), "ms", `${health.length} probes`);
  } finally {
    if (server) await stopGracefully(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Files over HTTP against the real server in its own process: upload and download of a 10 MB
 * file, the server's peak memory while one arrives and while a 60 MB upload is refused, the
 * time from upload to 'ready' for a small text PDF, and the member's data export of all of them.
 * On the embedded engine, then on PostgreSQL.
 */
export async function benchUploads() {
  // The embedded run must not pick up a DATABASE_URL of the calling shell.
  await benchOn("embedded", { DATABASE_URL: "" });
  const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const ran = await onFreshPostgres(serverUrl, `lawguide_bench_uploads_${process.pid}`, (url) =>
    benchOn("PostgreSQL", postgresServerEnv(url)),
  );
  if (!ran) record("uploads (PostgreSQL)", "skipped", 0, "", `no server at ${new URL(serverUrl).host}`);
}
