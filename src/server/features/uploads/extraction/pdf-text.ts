/**
 * PDF text, page by page (one page in memory at a time): the text layer where there is one, and OCR
 * of the images on pages without one (scans), up to a limit of pages.
 */
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { MAX_OCR_PIXELS, type RawImage, rawToPgm, recognizeLines } from "./ocr";
import { PassageCollector, paragraphsFromLines, type TextLine } from "./passages";
import { UnreadableFileError } from "./unreadable-file-error";

/** A page with less text than this (page numbers, a stamp) is taken for a scan and read by OCR. */
const MIN_TEXT_LAYER_CHARS = 20;
/** Images smaller than this on a scanned page are logos or specks, not text worth reading. */
const MIN_OCR_SIDE = 32;
const MAX_IMAGES_PER_PAGE = 20;
const IMAGE_WAIT_MS = 15_000;

export interface PdfResult {
  collector: PassageCollector;
  pageCount: number;
  usedText: boolean;
  usedOcr: boolean;
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

function isTextItem(item: unknown): item is TextItemLike {
  return typeof item === "object" && item !== null && "str" in item && "transform" in item;
}

/** The text layer of a page as lines, top-down, from pdf.js's text items. */
function linesOfItems(items: unknown[]): TextLine[] {
  const lines: TextLine[] = [];
  let current: (TextLine & { y: number; size: number }) | null = null;
  let endsLine = false;
  for (const item of items) {
    if (!isTextItem(item)) continue;
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || item.height || 1;
    if (current && !endsLine && Math.abs(y - current.y) <= 0.4 * size) {
      // Same line: pdf.js leaves out the space when words are placed apart rather than spaced.
      const apart = x - current.right > 0.2 * size && !/\s$/.test(current.text) && !/^\s/.test(item.str);
      current.text += (apart ? " " : "") + item.str;
      current.right = Math.max(current.right, x + item.width);
    } else if (item.str.trim() || !item.hasEOL) {
      current = { text: item.str, y, size, top: -(y + size), bottom: -y, left: x, right: x + item.width };
      lines.push(current);
    }
    endsLine = item.hasEOL;
  }
  return lines;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

interface DecodedImage {
  data?: Uint8Array | Uint8ClampedArray;
  width?: number;
  height?: number;
  kind?: number;
}

/** pdf.js's ImageKind: how the decoded pixels are laid out. */
const GRAYSCALE_1BPP = 1;

/**
 * The images a page paints, decoded by pdf.js (unpdf's extractImages does the same but skips the
 * 1-bit images that office scanners make, CCITT and JBIG2).
 */
async function pageImages(page: PdfPage): Promise<RawImage[]> {
  const { OPS } = await getResolvedPDFJS();
  const operators = await page.getOperatorList();
  const images: RawImage[] = [];
  for (let i = 0; i < operators.fnArray.length && images.length < MAX_IMAGES_PER_PAGE; i++) {
    if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
    const key: unknown = operators.argsArray[i]?.[0];
    if (typeof key !== "string") continue;
    const objects = key.startsWith("g_") ? page.commonObjs : page.objs;
    // pdf.js has decoded the page's images once its operator list is ready; the timeout only
    // guards against an image it never delivers holding up the queue.
    const image = await Promise.race([
      new Promise<DecodedImage | null>((resolve) => objects.get(key, resolve)),
      new Promise<null>((resolve) => setTimeout(resolve, IMAGE_WAIT_MS, null).unref()),
    ]);
    const { data, width = 0, height = 0, kind } = image ?? {};
    if (!data || width < MIN_OCR_SIDE || height < MIN_OCR_SIDE) continue;
    if (kind === GRAYSCALE_1BPP) {
      images.push(unpackBits(data, width, height));
      continue;
    }
    const channels = data.length / (width * height);
    if (channels === 1 || channels === 3 || channels === 4) images.push({ data, width, height, channels });
  }
  return images;
}

/** 1-bit rows (pdf.js: a set bit is white, rows padded to whole bytes) as one byte per pixel. */
function unpackBits(bits: Uint8Array | Uint8ClampedArray, width: number, height: number): RawImage {
  const data = new Uint8Array(width * height);
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const byte = bits[y * rowBytes + (x >> 3)] ?? 0xff;
      data[y * width + x] = byte & (0x80 >> (x & 7)) ? 255 : 0;
    }
  }
  return { data, width, height, channels: 1 };
}

function pdfError(error: unknown): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (name === "PasswordException") return new UnreadableFileError("protected", String(error));
  return new UnreadableFileError("damaged", String(error));
}

export interface PdfBudget {
  /** Scanned pages read by OCR at most. */
  ocrPageLimit: number;
  /** Pages read at most. */
  pageLimit: number;
  /** No page is started after this time (ms since the epoch). */
  deadline: number;
}

export async function extractPdf(bytes: Uint8Array, budget: PdfBudget): Promise<PdfResult> {
  const { ocrPageLimit } = budget;
  let pdf: PdfDocument;
  try {
    // pdf.js decodes no image larger than MAX_OCR_PIXELS, and keeps its warnings to itself.
    pdf = await getDocumentProxy(bytes, { maxImageSize: MAX_OCR_PIXELS, verbosity: 0 });
  } catch (error) {
    throw pdfError(error);
  }
  const collector = new PassageCollector();
  let usedText = false;
  let usedOcr = false;
  let ocrPages = 0;
  try {
    const lastPage = Math.min(pdf.numPages, budget.pageLimit);
    for (let pageNumber = 1; pageNumber <= lastPage && !collector.full && Date.now() < budget.deadline; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const lines = linesOfItems(content.items);
      const layerChars = lines.reduce((sum, line) => sum + line.text.replace(/\s/g, "").length, 0);
      let ocrParagraphs: string[] = [];
      if (layerChars < MIN_TEXT_LAYER_CHARS && ocrPages < ocrPageLimit) {
        const images = await pageImages(page);
        if (images.length) ocrPages++;
        for (const image of images) {
          try {
            ocrParagraphs = ocrParagraphs.concat(paragraphsFromLines(await recognizeLines(rawToPgm(image))));
          } catch {
            // One unreadable image does not cost the rest of the document.
          }
        }
      }
      // A scan's OCR includes whatever few words its text layer had (a page number, a stamp).
      if (ocrParagraphs.length) {
        usedOcr = true;
        collector.add(ocrParagraphs, pageNumber);
      } else if (layerChars > 0) {
        usedText = true;
        collector.add(paragraphsFromLines(lines), pageNumber);
      }
      page.cleanup();
    }
    return { collector, pageCount: pdf.numPages, usedText, usedOcr };
  } catch (error) {
    throw pdfError(error);
  } finally {
    await pdf.destroy().catch(() => {});
  }
}
