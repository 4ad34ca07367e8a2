import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { renderDocument } from "@shared/templates/content-language";
import { getTemplate } from "@shared/templates/template-list";
import JSZip from "jszip";
import { afterEach, describe, expect, it } from "vitest";
import { pdfText } from "../../../../tests/factories/document-text";
import { longWillAnswers, WILL_ANSWERS } from "../../../../tests/factories/documents";
import { toDocx, toPdf } from "./document-files";
import {
  createRenderPool,
  RenderBusyError,
  RenderFailedError,
  type RenderPool,
  type RenderPoolOptions,
  RenderTimeoutError,
  renderWorkerEntry,
} from "./render-pool";

const will = getTemplate("will");
if (!will) throw new Error("the will template is missing");
const willText = (answers: Record<string, unknown>) =>
  renderDocument(will, answers as never, {
    documentId: "0d7c1a52-6f1e-4a39-9c57-2b1f9e0c4d11",
    generatedAt: new Date(),
  });
/** A will of about 250,000 characters: a second or more of CPU for its PDF. */
const LONG = willText(longWillAnswers());
const SHORT = willText(WILL_ANSWERS);

const pools: RenderPool[] = [];
function pool(options: RenderPoolOptions) {
  const created = createRenderPool(options);
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/**
 * How long this thread's event loop was busy while `work` ran (its own time, so other processes
 * on a loaded machine do not count), and how long `work` took.
 */
async function eventLoopBusy<T>(work: () => Promise<T>): Promise<{ result: T; busyMs: number; elapsedMs: number }> {
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - started;
  return { result, busyMs: performance.eventLoopUtilization(before).active, elapsedMs };
}

describe("the render pool", () => {
  it("renders in parallel on no more workers than it has, while the event loop stays free", async () => {
    const renders = pool({ workers: 2 });
    const workers = Math.min(2, os.availableParallelism());
    let mostRunning = 0;
    let mostWorkers = 0;
    const watch = setInterval(() => {
      const stats = renders.stats();
      mostRunning = Math.max(mostRunning, stats.running);
      mostWorkers = Math.max(mostWorkers, stats.workers);
    }, 2);
    const { result, busyMs, elapsedMs } = await eventLoopBusy(() =>
      Promise.all([1, 2, 3, 4].map(() => renders.render({ format: "pdf", title: will.name, text: LONG }))),
    ).finally(() => clearInterval(watch));
    expect(result).toHaveLength(4);
    for (const bytes of result) expect(pdfText(bytes)).toContain("LAST WILL AND TESTAMENT");
    expect(mostRunning).toBe(workers);
    expect(mostWorkers).toBe(workers);
    expect(renders.stats()).toMatchObject({ running: 0, queued: 0, rendered: 4 });
    // Four renders of a second or more each, and this thread was busy for a small part of it
    // (rendered here, it would be busy all along).
    expect(busyMs).toBeLessThan(elapsedMs / 10);
  });

  it("writes the same bytes as rendering on the main thread", async () => {
    const renders = pool({ workers: 1 });
    await renders.render({ format: "pdf", title: will.name, text: "WARM\n\nup" });
    // A PDF carries the second it was made in: the worker's and the main thread's are compared
    // when both fall in the same second.
    let same = false;
    for (let attempt = 0; attempt < 10 && !same; attempt++) {
      const fromWorker = await renders.render({ format: "pdf", title: will.name, text: SHORT });
      const onMainThread = await toPdf(will.name, SHORT);
      same = Buffer.from(fromWorker).equals(Buffer.from(onMainThread));
    }
    expect(same).toBe(true);
    // A Word file carries the millisecond it was made in (docProps/core.xml): every part but that is equal.
    const parts = async (bytes: Uint8Array) => {
      const zip = await JSZip.loadAsync(bytes);
      const files: Record<string, string> = {};
      for (const name of Object.keys(zip.files).sort()) {
        const text = (await zip.file(name)?.async("string")) ?? "";
        files[name] = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>");
      }
      return files;
    };
    const docx = await renders.render({ format: "docx", title: will.name, text: SHORT });
    expect(await parts(docx)).toEqual(await parts(await toDocx(will.name, SHORT)));
  });

  it("stops a render past its time budget and goes on with a new worker", async () => {
    // A heap large enough that the long render runs out of time, not memory.
    const renders = pool({ workers: 1, timeoutMs: 2500, maxOldGenerationSizeMb: 1024 });
    await renders.render({ format: "pdf", title: will.name, text: "WARM\n\nup" });
    // Eight long wills in one: ten seconds or more of rendering on any machine.
    const huge = Array.from({ length: 8 }, () => LONG).join("\n\n");
    const started = performance.now();
    await expect(renders.render({ format: "pdf", title: will.name, text: huge })).rejects.toBeInstanceOf(
      RenderTimeoutError,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    const next = await renders.render({ format: "docx", title: will.name, text: SHORT });
    expect(Buffer.from(next).subarray(0, 2).toString()).toBe("PK");
    expect(renders.stats().workers).toBe(1);
  });

  it("replaces a worker that dies, failing only the render it was doing", async () => {
    // A 32 MB heap renders a will but not 5 MB of text: the worker runs out of memory and dies.
    const renders = pool({ workers: 1, maxOldGenerationSizeMb: 32 });
    const fatal = renders.render({
      format: "pdf",
      title: "Too long",
      text: "Some words here and there.\n".repeat(200_000),
    });
    const queued = renders.render({ format: "pdf", title: will.name, text: SHORT });
    const error = await fatal.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderFailedError);
    expect((error as RenderFailedError).fault).toMatchObject({ code: "ERR_WORKER_OUT_OF_MEMORY" });
    expect(pdfText(await queued)).toContain("LAST WILL AND TESTAMENT");
    expect(renders.stats()).toMatchObject({ workers: 1, rendered: 1 });
  });

  it("refuses a render at once when the queue is full, and everything waiting when it closes", async () => {
    const renders = pool({ workers: 1, maxQueued: 1 });
    const caught = (render: Promise<Uint8Array>) =>
      render.then(
        () => null,
        (error: unknown) => error,
      );
    const first = caught(renders.render({ format: "pdf", title: will.name, text: LONG }));
    const second = caught(renders.render({ format: "pdf", title: will.name, text: LONG }));
    await expect(renders.render({ format: "pdf", title: will.name, text: SHORT })).rejects.toBeInstanceOf(
      RenderBusyError,
    );
    expect(renders.stats().queued + renders.stats().running).toBe(2);
    expect(renders.expectedWaitMs()).toBeGreaterThan(0);
    await renders.close();
    expect(await first).toBeInstanceOf(RenderBusyError);
    expect(await second).toBeInstanceOf(RenderBusyError);
    expect(renders.stats()).toMatchObject({ workers: 0, running: 0, queued: 0 });
    await expect(renders.render({ format: "docx", title: will.name, text: SHORT })).rejects.toBeInstanceOf(
      RenderBusyError,
    );
  });

  it("has no more workers than the machine has cores", async () => {
    const renders = pool({ workers: os.availableParallelism() + 3 });
    await Promise.all(
      Array.from({ length: os.availableParallelism() + 3 }, () =>
        renders.render({ format: "docx", title: will.name, text: SHORT }),
      ),
    );
    expect(renders.stats().workers).toBeLessThanOrEqual(os.availableParallelism());
  });

  it("starts a compiled worker beside it when there is one, otherwise the TypeScript through tsx", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lawguide-render-entry-"));
    try {
      const base = pathToFileURL(path.join(dir, "server.js"));
      expect(renderWorkerEntry(base).pathname).toBe(pathToFileURL(path.join(dir, "render-worker-boot.mjs")).pathname);
      writeFileSync(path.join(dir, "render-worker.js"), "");
      expect(renderWorkerEntry(base).pathname).toBe(pathToFileURL(path.join(dir, "render-worker.js")).pathname);
      expect(renderWorkerEntry().pathname).toMatch(/render-worker-boot\.mjs$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
