import { createExtractor, type FileKind } from "../src/server/features/uploads/extraction/extractor";
import { treeResidentOf } from "../tests/factories/process-watch";
import { buildPdf, fixture, leaseDocx, pdfBomb } from "../tests/fixtures/uploads/build-files";
import { leaseParagraphs, leaseTitle } from "../tests/fixtures/uploads/lease-text";
import { median, record } from "./lib";

const GROUP = "extraction";

/**
 * Reading uploads in the reading process: a 20-page text PDF, a DOCX, OCR of a photo and of a
 * scanned PDF page (first run, which starts the process or the OCR engine, then later runs), a PDF
 * decompression bomb refused, and the peak memory of this process with the reading process.
 */
export async function benchExtraction() {
  const startRss = treeResidentOf(process.pid);
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeResidentOf(process.pid));
  }, 20);
  const extractor = createExtractor();
  const time = async (bytes: Uint8Array, kind: FileKind) => {
    const start = performance.now();
    const extracted = await extractor.extract(bytes, kind);
    return { ms: performance.now() - start, extracted };
  };
  const runs = async (bytes: Uint8Array, kind: FileKind, count: number) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push((await time(bytes, kind)).ms);
    return times;
  };
  try {
    const page = [leaseTitle, ...leaseParagraphs, ...leaseParagraphs];
    const pdf = await buildPdf(Array.from({ length: 20 }, () => ({ paragraphs: page })));
    const cold = await time(pdf, "pdf");
    const note = `${cold.extracted.passages.length} passages, ${Math.round(pdf.byteLength / 1024)} KB`;
    record(GROUP, "20-page text PDF, first (starts the reading process)", cold.ms, "ms", note);
    record(GROUP, "20-page text PDF, later runs p50", median(await runs(pdf, "pdf", 5)), "ms");

    const docx = await leaseDocx();
    record(GROUP, "DOCX, 5 paragraphs, p50", median(await runs(docx, "docx", 5)), "ms");

    const png = fixture("lease.png");
    const [first = Number.NaN, ...later] = await runs(png, "png", 5);
    record(GROUP, "OCR of a 900×400 PNG, first (starts OCR)", first, "ms");
    record(GROUP, "OCR of a 900×400 PNG, later runs p50", median(later), "ms");

    const scan = await buildPdf([{ png }]);
    record(GROUP, "scanned 1-page PDF (OCR), p50", median(await runs(scan, "pdf", 3)), "ms");

    const bomb = await pdfBomb({ inflatedMb: 1024 });
    const refusedAt = performance.now();
    const refused = await extractor.extract(bomb, "pdf").then(
      () => "read",
      (error: { reason?: string }) => error.reason ?? "failed",
    );
    record(GROUP, "PDF bomb (1 MB → 1 GB) refused", performance.now() - refusedAt, "ms", refused);
  } finally {
    clearInterval(sampler);
    await extractor.close();
  }
  const mb = (bytes: number) => bytes / 1024 / 1024;
  record(GROUP, "peak memory (this process and the reading process with OCR)", mb(peakRss), "MB RSS");
  record(GROUP, "memory added by extraction at its peak", mb(peakRss - startRss), "MB RSS", "peak − before");
}
