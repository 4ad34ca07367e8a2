/**
 * A PDF's streams are compressed, and a small file can hold a stream that inflates to gigabytes (a
 * decompression bomb): pdf.js would inflate it whole into memory. Before pdf.js sees a file, every
 * stream is decoded once here, through its whole chain of filters, counting what comes out and
 * keeping none of the last layer: a stream past `maxStreamBytes`, or a document past
 * `maxTotalBytes`, is refused as too large. The filters that can expand a stream are checked
 * (Flate, LZW, RunLength, and the ASCII encodings in front of them); image codecs (DCT, JPX, JBIG2,
 * CCITT) are bounded by pdf.js's own image size limit, and whatever slips past is bounded by the
 * reading process's memory cap.
 */
import { createInflate } from "node:zlib";
import { UnreadableFileError } from "./unreadable-file-error";

export const PDF_LIMITS = {
  /** One stream, decoded: a 600 dpi colour page is about 100 MB of pixels. */
  maxStreamBytes: 128 * 1024 * 1024,
  /** All streams of the document, decoded. */
  maxTotalBytes: 512 * 1024 * 1024,
  /** A layer in the middle of a chain of filters is held in memory: it must stay small. */
  maxIntermediateBytes: 32 * 1024 * 1024,
  /** Streams in one file (a 10 MB file of empty streams would be ~400,000). */
  maxStreams: 100_000,
} as const;

export type PdfLimits = { readonly [K in keyof typeof PDF_LIMITS]: number };

const tooLarge = (detail: string) => new UnreadableFileError("too-large", detail);

/** Thrown by a decoder whose output passes its limit. */
class OverLimit extends Error {}

const STREAM = Buffer.from("stream");
const ENDSTREAM = Buffer.from("endstream");
const LOOKBEHIND_BYTES = 4096;

/** The filters named in the dictionary that ends just before `stream`, in the order they apply. */
function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1] as string);
}

/**
 * The streams of a PDF as the bytes between `stream` and `endstream`, each with the filters its
 * dictionary names. Read from the raw bytes, without pdf.js: the keyword is preceded by `>>` (the
 * end of its dictionary) and followed by an end of line.
 */
function* streamsOf(bytes: Buffer): Generator<{ data: Buffer; filters: string[] }> {
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(STREAM, from);
    if (at < 0) return;
    from = at + STREAM.length;
    // `endstream` contains `stream`: skip it.
    if (at >= 3 && bytes.toString("latin1", at - 3, at) === "end") continue;
    let start = from;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a && bytes[from] !== 0x0d) continue;
    if (bytes[start] === 0x0a) start++;
    const before = bytes.toString("latin1", Math.max(0, at - LOOKBEHIND_BYTES), at);
    if (!/>>\s*$/.test(before)) continue;
    const dictionaryStart = before.lastIndexOf("obj");
    const dictionary = dictionaryStart >= 0 ? before.slice(dictionaryStart) : before;
    const end = bytes.indexOf(ENDSTREAM, start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    from = end < 0 ? bytes.length : end + ENDSTREAM.length;
    yield { data, filters: filtersOf(dictionary) };
  }
}

/** Collects decoded bytes up to a limit; `keep: false` only counts them. */
class Output {
  length = 0;
  private buffer = new Uint8Array(0);
  constructor(
    private readonly limit: number,
    private readonly keep: boolean,
  ) {}

  private grow(count: number): void {
    this.length += count;
    if (this.length > this.limit) throw new OverLimit();
    if (this.keep && this.length > this.buffer.length) {
      const bigger = new Uint8Array(Math.min(this.limit, Math.max(64 * 1024, this.length, this.buffer.length * 2)));
      bigger.set(this.buffer.subarray(0, this.length - count));
      this.buffer = bigger;
    }
  }

  push(piece: Uint8Array): void {
    this.grow(piece.length);
    if (this.keep) this.buffer.set(piece, this.length - piece.length);
  }

  /** `count` copies of one byte, without building them when only counting. */
  repeat(byte: number, count: number): void {
    this.grow(count);
    if (this.keep) this.buffer.fill(byte, this.length - count, this.length);
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

async function inflate(input: Uint8Array, out: Output): Promise<void> {
  const inflater = createInflate();
  await new Promise<void>((resolve, reject) => {
    inflater.on("data", (piece: Buffer) => {
      try {
        out.push(piece);
      } catch (error) {
        inflater.destroy();
        reject(error);
      }
    });
    // A damaged or truncated stream ends where it can no longer be read, as pdf.js reads it.
    inflater.on("error", () => resolve());
    inflater.on("end", resolve);
    inflater.on("close", resolve);
    inflater.end(input);
  });
}

function runLength(input: Uint8Array, out: Output): void {
  let i = 0;
  while (i < input.length) {
    const n = input[i++] as number;
    if (n === 128) return;
    if (n < 128) {
      out.push(input.subarray(i, i + n + 1));
      i += n + 1;
    } else {
      if (i >= input.length) return;
      out.repeat(input[i++] as number, 257 - n);
    }
  }
}

/**
 * LZW as PDF uses it (codes of 9 to 12 bits, early change by default). Counting needs only each
 * table entry's length; keeping the bytes rebuilds each entry from its prefix.
 */
function lzw(input: Uint8Array, out: Output, keep: boolean, earlyChange = 1): void {
  const lengths = new Uint16Array(4096);
  const prefixes = new Int16Array(4096);
  const suffixes = new Uint8Array(4096);
  const firsts = new Uint8Array(4096);
  for (let c = 0; c < 256; c++) {
    lengths[c] = 1;
    prefixes[c] = -1;
    suffixes[c] = c;
    firsts[c] = c;
  }
  const entry = (code: number): Uint8Array => {
    const length = lengths[code] as number;
    const bytes = new Uint8Array(length);
    let at = code;
    for (let i = length - 1; i >= 0; i--) {
      bytes[i] = suffixes[at] as number;
      at = prefixes[at] as number;
    }
    return bytes;
  };
  let next = 258;
  const add = (prefix: number, suffix: number) => {
    lengths[next] = (lengths[prefix] as number) + 1;
    prefixes[next] = prefix;
    suffixes[next] = suffix;
    firsts[next] = firsts[prefix] as number;
    next++;
  };
  let width = 9;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  let i = 0;
  for (;;) {
    while (bits < width) {
      if (i >= input.length) return;
      buffer = ((buffer << 8) | (input[i++] as number)) >>> 0;
      bits += 8;
    }
    const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    buffer &= (1 << bits) - 1;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) return;
    let length: number;
    if (code < next && (code < 256 || code >= 258)) {
      length = lengths[code] as number;
      if (previous >= 0 && next < 4096) add(previous, firsts[code] as number);
    } else if (code === next && previous >= 0 && next < 4096) {
      add(previous, firsts[previous] as number);
      length = lengths[code] as number;
    } else return; // not a code a well-formed stream can hold: pdf.js stops there too
    if (keep) out.push(entry(code));
    else out.repeat(0, length);
    previous = code;
    if (next + earlyChange >= 1 << width && width < 12) width++;
  }
}

function asciiHex(input: Uint8Array, out: Output): void {
  const text = Buffer.from(input).toString("latin1");
  const end = text.indexOf(">");
  const digits = (end < 0 ? text : text.slice(0, end)).replace(/[^0-9a-fA-F]/g, "");
  out.push(Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex"));
}

function ascii85(input: Uint8Array, out: Output): void {
  const text = Buffer.from(input).toString("latin1");
  const end = text.indexOf("~>");
  const body = (end < 0 ? text : text.slice(0, end)).replace(/\s/g, "").replace(/^<~/, "");
  const bytes: number[] = [];
  let group: number[] = [];
  for (const ch of body) {
    if (ch === "z" && group.length === 0) {
      bytes.push(0, 0, 0, 0);
      continue;
    }
    const value = ch.charCodeAt(0) - 33;
    if (value < 0 || value > 84) continue;
    group.push(value);
    if (group.length === 5) {
      const n = group.reduce((sum, v) => sum * 85 + v, 0);
      bytes.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const kept = group.length - 1;
    while (group.length < 5) group.push(84);
    const n = group.reduce((sum, v) => sum * 85 + v, 0);
    bytes.push(...[(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].slice(0, kept));
  }
  out.push(Uint8Array.from(bytes));
}

/** The filters decoded here; any other (an image codec) ends the chain. */
const DECODED = new Set(["FlateDecode", "LZWDecode", "RunLengthDecode", "ASCIIHexDecode", "ASCII85Decode"]);

const ABBREVIATIONS: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  RL: "RunLengthDecode",
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
};

/**
 * Decode one stream through its filters up to the first it cannot (an image codec): the layers
 * before the last are held (within `maxIntermediateBytes`), the last only counted.
 * Returns the bytes the last layer produced.
 */
async function decodedLength(data: Uint8Array, filters: string[], limits: PdfLimits, limit: number): Promise<number> {
  let input = data;
  let produced = data.length;
  const names = filters.map((name) => ABBREVIATIONS[name] ?? name);
  for (const [index, name] of names.entries()) {
    const last = !DECODED.has(names[index + 1] ?? "");
    const out = new Output(last ? limit : Math.min(limit, limits.maxIntermediateBytes), !last);
    switch (name) {
      case "FlateDecode":
        await inflate(input, out);
        break;
      case "LZWDecode":
        lzw(input, out, !last);
        break;
      case "RunLengthDecode":
        runLength(input, out);
        break;
      case "ASCIIHexDecode":
        asciiHex(input, out);
        break;
      case "ASCII85Decode":
        ascii85(input, out);
        break;
      default:
        // An image codec (or a name we do not know): pdf.js bounds images by their pixels.
        return produced;
    }
    produced = out.length;
    if (last) return produced;
    input = out.bytes();
  }
  return produced;
}

/** Throws UnreadableFileError ("too-large") when a stream of the PDF would inflate past the limits. */
export async function assertSafePdf(bytes: Uint8Array, limits: PdfLimits = PDF_LIMITS): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let streams = 0;
  for (const { data, filters } of streamsOf(buffer)) {
    if (++streams > limits.maxStreams) throw tooLarge(`more than ${limits.maxStreams} streams`);
    if (filters.length === 0) {
      total += data.length;
      continue;
    }
    const limit = Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total);
    try {
      total += await decodedLength(data, filters, limits, limit);
    } catch (error) {
      if (error instanceof OverLimit) {
        throw tooLarge(
          limit < limits.maxStreamBytes
            ? `streams inflate past ${limits.maxTotalBytes} bytes in all`
            : `a ${filters.join("+")} stream inflates past ${limits.maxStreamBytes} bytes`,
        );
      }
      throw error;
    }
  }
}
