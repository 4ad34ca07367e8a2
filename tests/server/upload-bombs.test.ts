import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREADABLE_MESSAGES } from "../../src/server/features/uploads/extraction/unreadable-file-error";
import type { UploadSummary } from "../../src/shared/schemas/uploads";
import { percentile, sampleLatency, samplePeak, treeResidentOf } from "../factories/process-watch";
import { type RunningServer, signInOverHttp, startServer, stopGracefully } from "../factories/server-process";
import { waitUntil } from "../factories/wait";
import { docxBomb, pdfBomb } from "../fixtures/uploads/build-files";

const MB = 1024 * 1024;

/**
 * Hostile files against the real server process, as a member would send them: each is small on
 * disk and inflates to hundreds of MB or a GB. Measured from outside, the server with its reading
 * process must not grow by 300 MB, and /api/health must keep answering throughout (no check waits
 * two seconds: a reading that held the server's thread would stall it for as long as it ran; the
 * bound is that wide because a loaded CI machine has delayed a check by 600 ms); each file ends
 * 'unreadable' with words the member can act on.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("decompression bombs against the running server", () => {
  let server: RunningServer;
  let cookie = "";
  const dir = mkdtempSync(path.join(tmpdir(), "lawguide-bombs-"));

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dir, LOG_LEVEL: "warn" });
    // Premium: no monthly allowance stands between the files and the reader.
    cookie = await signInOverHttp(server.url, { email: "premium@example.com", password: "demo-password" });
  }, 90_000);
  afterAll(async () => {
    if (server) await stopGracefully(server);
    rmSync(dir, { recursive: true, force: true });
  });

  async function uploadFile(name: string, bytes: Uint8Array): Promise<UploadSummary> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { origin: server.url, cookie },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { upload: UploadSummary }).upload;
  }

  async function readOutcome(id: string): Promise<UploadSummary> {
    return waitUntil(
      async () => {
        const response = await fetch(`${server.url}/api/uploads/${id}`, { headers: { cookie } });
        const { upload } = (await response.json()) as { upload: UploadSummary };
        return upload.status === "reading" ? null : upload;
      },
      { what: "the file to be read", timeout: 150_000, interval: 200 },
    );
  }

  const bombs: Array<[string, string, () => Promise<Uint8Array>]> = [
    ["a 1 MB PDF whose content stream inflates to 1 GB", "flate.pdf", () => pdfBomb({ inflatedMb: 1024 })],
    ["a PDF deflated twice (2 KB for 1 GB)", "twice.pdf", () => pdfBomb({ inflatedMb: 1024, encoding: "flate-twice" })],
    ["an LZW PDF of 0.8 MB for 1 GB", "lzw.pdf", () => pdfBomb({ inflatedMb: 1024, encoding: "lzw" })],
    ["a 9 MB RunLength PDF for 600 MB", "runlength.pdf", () => pdfBomb({ inflatedMb: 600, encoding: "runlength" })],
    ["a DOCX that inflates to 1 GB", "bomb.docx", () => docxBomb({ inflatedMb: 1024 })],
  ];

  it.each(bombs)("%s: refused as too large, memory and health held", { timeout: 240_000 }, async (_, name, build) => {
    const bytes = await build();
    expect(bytes.byteLength).toBeLessThan(10 * MB);
    const pid = server.process.pid as number;
    // The reading process of an earlier file has gone when idle or been recycled: the server alone.
    const before = treeResidentOf(pid);
    const memory = samplePeak(() => treeResidentOf(pid), 20);
    const health = sampleLatency(`${server.url}/api/health`, 50);
    const upload = await uploadFile(name, bytes);
    const outcome = await readOutcome(upload.id);
    const peak = memory.stop();
    const times = await health.stop();

    expect(outcome.status).toBe("unreadable");
    expect(outcome.statusMessage).toBe(UNREADABLE_MESSAGES["too-large"]);
    expect(peak - before, `grew from ${(before / MB) | 0} MB to ${(peak / MB) | 0} MB`).toBeLessThan(300 * MB);
    expect(times.length).toBeGreaterThan(0);
    expect(Math.max(...times), `health p50 ${percentile(times, 50)} ms`).toBeLessThan(2_000);
  });
});
