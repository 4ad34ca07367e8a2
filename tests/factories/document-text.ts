import { inflateSync } from "node:zlib";
import JSZip from "jszip";

/**
 * Read back the words of the PDF and Word files LawGuide produces, so tests can check that a
 * download really holds the member's answers (not only that it starts with the right magic bytes).
 */

const windows1252 = new TextDecoder("windows-1252");

/** The text drawn on every page of a PDF written by pdf-lib with its standard fonts. */
export function pdfText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const source = buffer.toString("latin1");
  const parts: string[] = [];
  const streamStart = />>\s*stream\r?\n/g;
  for (let match = streamStart.exec(source); match; match = streamStart.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(buffer.subarray(start, end)).toString("latin1");
    } catch {
      content = source.slice(start, end);
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      parts.push(windows1252.decode(Buffer.from(shown[1] ?? "", "hex")));
    }
  }
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text of a .docx body, paragraphs joined and whitespace collapsed (as `pdfText`). */
export async function docxText(bytes: Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file("word/document.xml")?.async("string");
  if (!xml) throw new Error("word/document.xml is missing");
  return xml
    .split(/<\/w:p>/)
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
        .map((run) => (run[1] ?? "").replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name] ?? ""))
        .join(""),
    )
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
