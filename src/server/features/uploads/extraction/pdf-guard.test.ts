import { describe, expect, it } from "vitest";
import { buildPdf, fixture, type PdfBombEncoding, pdfBomb } from "../../../../../tests/fixtures/uploads/build-files";
import { leaseParagraphs } from "../../../../../tests/fixtures/uploads/lease-text";
import { assertSafePdf, PDF_LIMITS } from "./pdf-guard";
import { UNREADABLE_MESSAGES, UnreadableFileError } from "./unreadable-file-error";

const MB = 1024 * 1024;
const ENCODINGS: PdfBombEncoding[] = ["flate", "flate-twice", "hex-flate", "lzw", "runlength"];

async function refusal(bytes: Uint8Array, limits = PDF_LIMITS): Promise<UnreadableFileError> {
  const error = await assertSafePdf(bytes, limits).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  return error as UnreadableFileError;
}

describe("the PDF stream guard", () => {
  it("passes ordinary PDFs: text pages and scanned pages", async () => {
    await assertSafePdf(await buildPdf([{ paragraphs: leaseParagraphs }, { png: fixture("lease.png") }]));
  });

  it.each(ENCODINGS)("counts a %s stream to the byte, and refuses it one byte past the limit", async (encoding) => {
    const bomb = await pdfBomb({ inflatedMb: 2, encoding });
    const limits = { ...PDF_LIMITS, maxStreamBytes: 2 * MB };
    await assertSafePdf(bomb, limits);
    const refused = await refusal(bomb, { ...limits, maxStreamBytes: 2 * MB - 1 });
    expect(refused.reason).toBe("too-large");
    expect(refused.message).toBe(UNREADABLE_MESSAGES["too-large"]);
  });

  it("refuses a 1 GB Flate bomb of 1 MB without holding what it inflates to", async () => {
    const bomb = await pdfBomb({ inflatedMb: 1024 });
    const before = process.memoryUsage().rss;
    const refused = await refusal(bomb);
    expect(String(refused.cause)).toContain(`inflates past ${PDF_LIMITS.maxStreamBytes} bytes`);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MB);
  });

  it("refuses a document whose streams inflate past the limit in all", async () => {
    const bomb = await pdfBomb({ inflatedMb: 3 });
    const refused = await refusal(bomb, { ...PDF_LIMITS, maxStreamBytes: 4 * MB, maxTotalBytes: 2 * MB });
    expect(String(refused.cause)).toContain("in all");
  });

  it("keeps a layer in the middle of a chain within its own limit", async () => {
    // The first Flate layer of a twice-deflated 64 MB is about 64 KB: well within 1 MB.
    await assertSafePdf(await pdfBomb({ inflatedMb: 64, encoding: "flate-twice" }), {
      ...PDF_LIMITS,
      maxIntermediateBytes: MB,
    });
    // Hex in front of Flate: the middle layer is the deflated bytes (~64 KB), refused under 32 KB.
    const refused = await refusal(await pdfBomb({ inflatedMb: 64, encoding: "hex-flate" }), {
      ...PDF_LIMITS,
      maxIntermediateBytes: 32 * 1024,
    });
    expect(refused.reason).toBe("too-large");
  });
});
