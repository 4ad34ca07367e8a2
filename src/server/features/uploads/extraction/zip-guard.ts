/**
 * A DOCX is a zip, and mammoth unpacks the parts it reads whole in memory: a small file that
 * inflates to hundreds of MB (a zip bomb) would take the worker down. Before mammoth sees it, the
 * zip's central directory must promise sane sizes, and every entry is inflated once as a stream to
 * prove the promise (yauzl stops an entry as soon as it outgrows its declared size).
 */
import yauzl from "yauzl";
import { UnreadableFileError } from "./unreadable-file-error";

export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxEntryBytes: 25 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  /** Text compresses ~5–20 times; past 100 to 1 an entry over 1 MB is built to explode. */
  maxRatio: 100,
  ratioAppliesAbove: 1024 * 1024,
} as const;

function tooLarge(detail: string): UnreadableFileError {
  return new UnreadableFileError("too-large", detail);
}

/** Throws UnreadableFileError unless the zip's entries are few, small and honest about their sizes. */
export async function assertSafeZip(bytes: Buffer, limits = ZIP_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new UnreadableFileError("damaged", `not a zip: ${String(error)}`);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw tooLarge(`${zip.entryCount} entries`);
    const entries: yauzl.Entry[] = [];
    let declaredTotal = 0;
    for await (const entry of zip.eachEntry()) {
      const size = entry.uncompressedSize;
      declaredTotal += size;
      if (size > limits.maxEntryBytes) throw tooLarge(`${entry.fileName}: ${size} bytes`);
      if (declaredTotal > limits.maxTotalBytes) throw tooLarge(`${declaredTotal} bytes in all`);
      if (size > limits.ratioAppliesAbove && size > entry.compressedSize * limits.maxRatio) {
        throw tooLarge(`${entry.fileName}: ${size} bytes from ${entry.compressedSize}`);
      }
      entries.push(entry);
    }
    let inflated = 0;
    for (const entry of entries) {
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.maxTotalBytes) {
          stream.destroy();
          throw tooLarge(`over ${inflated} bytes inflated`);
        }
      }
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    const detail = String(error);
    // yauzl's size check: the entry inflates to more than its header declared.
    if (detail.includes("too many bytes")) throw tooLarge(detail);
    throw new UnreadableFileError("damaged", detail);
  } finally {
    zip.close();
  }
}
