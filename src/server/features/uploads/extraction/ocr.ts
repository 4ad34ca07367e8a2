/**
 * OCR inside the reading process: one tesseract.js worker, created on first use and kept for the
 * life of the reading process (creating one costs ~0.6 s, a page then ~0.5–1 s). Fully offline:
 * the English model comes from @tesseract.js-data/eng and the core from tesseract.js-core, and
 * nothing is cached to disk.
 */
import { createRequire } from "node:module";
import path from "node:path";
import Tesseract from "tesseract.js";
import type { TextLine } from "./passages";
import { UnreadableFileError } from "./unreadable-file-error";

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
const WORKER_PATH = require.resolve("tesseract.js/src/worker-script/node/index.js");

/** Largest image read, in pixels (a page scanned at 600 dpi is ~35 million); more is refused unread. */
export const MAX_OCR_PIXELS = 40_000_000;
/** Lines tesseract is this unsure of are noise (specks, photos), not words. */
const MIN_LINE_CONFIDENCE = 20;

let worker: Promise<Tesseract.Worker> | null = null;

function tesseract(): Promise<Tesseract.Worker> {
  worker ??= Tesseract.createWorker("eng", Tesseract.OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: "none",
    workerPath: WORKER_PATH,
    // A failed job also rejects its own promise, which is where it is handled; without a handler
    // tesseract.js throws from its message listener and takes the thread down.
    errorHandler: () => {},
  });
  return worker;
}

/** Stop the tesseract worker (after a failure, so the next image gets a fresh one, or at shutdown). */
export async function closeOcr(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.then((w) => w.terminate()).catch(() => {});
}

/**
 * The lines tesseract reads in an image (PNG, JPEG, GIF, BMP or PNM bytes), top-down in pixels,
 * with a break marked where tesseract starts a new block or paragraph.
 */
export async function recognizeLines(image: Uint8Array): Promise<TextLine[]> {
  let result: Tesseract.RecognizeResult;
  try {
    const ocr = await tesseract();
    result = await ocr.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true });
  } catch (error) {
    await closeOcr();
    throw new UnreadableFileError("damaged", `OCR failed: ${String(error)}`);
  }
  const lines: TextLine[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      paragraph.lines.forEach((line, index) => {
        if (line.confidence < MIN_LINE_CONFIDENCE) return;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({ text: line.text, top: y0, bottom: y1, left: x0, right: x1, breakBefore: index === 0 });
      });
    }
  }
  return lines;
}

/** Raw pixels as a PDF holds them once decoded (unpdf's extractImages). */
export interface RawImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/**
 * Raw pixels as a greyscale PNM (P5), which leptonica reads without any encoder on our side; alpha
 * is laid over white, as a page would show it.
 */
export function rawToPgm({ data, width, height, channels }: RawImage): Uint8Array {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "ascii");
  const out = new Uint8Array(header.length + width * height);
  out.set(header, 0);
  let o = header.length;
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    let grey: number;
    if (channels === 1) grey = data[p] ?? 255;
    else {
      grey = (299 * (data[p] ?? 255) + 587 * (data[p + 1] ?? 255) + 114 * (data[p + 2] ?? 255)) / 1000;
      if (channels === 4) {
        const alpha = (data[p + 3] ?? 255) / 255;
        grey = grey * alpha + 255 * (1 - alpha);
      }
    }
    out[o++] = grey;
  }
  return out;
}

/** Width and height from a PNG, GIF or JPEG header, or null when the header cannot be read. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (i: number) => bytes[i] ?? 0;
  if (bytes.length >= 24 && at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) return null;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i += 1; // fill byte
        continue;
      }
      // Start-of-frame markers (not DHT C4, JPG C8 or DAC CC) carry the size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(i + 7), height: view.getUint16(i + 5) };
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) i += 2;
      else i += 2 + view.getUint16(i + 2);
    }
  }
  return null;
}
