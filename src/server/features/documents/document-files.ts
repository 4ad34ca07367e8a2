import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from "docx";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { type Block, toBlocks } from "./document-blocks";

/** The standard PDF fonts only encode Windows-1252: anything else becomes a close ASCII form or "?". */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
function pdfSafe(text: string): string {
  return [...text.normalize("NFC")]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 63;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
      if (ch === "\t") return "    ";
      const plain = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      return /^[\x20-\x7e]+$/.test(plain) ? plain : "?";
    })
    .join("");
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = text.split(/(\s+)/);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line + word;
    if (font.widthOfTextAtSize(candidate.trimEnd(), size) <= width || !line.trim()) {
      line = candidate;
      continue;
    }
    lines.push(line.trimEnd());
    line = word.trimStart();
    // A single word longer than the line is cut.
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/** A US-letter PDF: the title centred, headings in bold, numbered pages with the document's name. */
export async function toPdf(title: string, text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator("LawGuide");
  pdf.setProducer("LawGuide");
  const regular = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const italic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const [pageWidth, pageHeight] = [612, 792];
  const margin = 72;
  const width = pageWidth - margin * 2;
  const ink = rgb(0.07, 0.09, 0.15);
  let page = pdf.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;

  const ensure = (height: number) => {
    if (y - height < margin + 24) {
      page = pdf.addPage([pageWidth, pageHeight]);
      y = pageHeight - margin;
    }
  };
  const write = (line: string, font: PDFFont, size: number, options: { center?: boolean; indent?: number } = {}) => {
    const leading = size * 1.35;
    ensure(leading);
    const safe = pdfSafe(line);
    const x = options.center ? (pageWidth - font.widthOfTextAtSize(safe, size)) / 2 : margin + (options.indent ?? 0);
    page.drawText(safe, { x, y: y - size, size, font, color: ink });
    y -= leading;
  };

  for (const block of toBlocks(text) as Block[]) {
    switch (block.kind) {
      case "title":
        for (const line of block.lines)
          for (const part of wrap(pdfSafe(line), bold, 16, width)) write(part, bold, 16, { center: true });
        y -= 14;
        break;
      case "heading":
        y -= 6;
        ensure(40);
        for (const part of wrap(pdfSafe(block.text), bold, 12, width)) write(part, bold, 12);
        y -= 4;
        break;
      case "bullet": {
        const parts = wrap(pdfSafe(block.text), regular, 11, width - 16);
        parts.forEach((part, i) => {
          write(i === 0 ? `•  ${part}` : `   ${part}`, regular, 11, { indent: 4 });
        });
        y -= 2;
        break;
      }
      case "paragraph":
        for (const line of block.lines)
          for (const part of wrap(pdfSafe(line), regular, 11, width)) write(part, regular, 11);
        y -= 8;
        break;
      case "footer":
        y -= 10;
        ensure(30);
        page.drawLine({
          start: { x: margin, y },
          end: { x: pageWidth - margin, y },
          thickness: 0.5,
          color: rgb(0.6, 0.6, 0.6),
        });
        y -= 8;
        for (const line of block.lines)
          for (const part of wrap(pdfSafe(line), italic, 9, width)) write(part, italic, 9);
        break;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const label = pdfSafe(`${title} · Page ${i + 1} of ${pages.length}`);
    const size = 8;
    p.drawText(label, {
      x: (pageWidth - regular.widthOfTextAtSize(label, size)) / 2,
      y: margin / 2,
      size,
      font: regular,
      color: rgb(0.35, 0.35, 0.4),
    });
  });
  return pdf.save();
}

/** A Word document with real headings, bullet lists and page numbers. */
export async function toDocx(title: string, text: string): Promise<Uint8Array> {
  const children: Paragraph[] = [];
  for (const block of toBlocks(text)) {
    switch (block.kind) {
      case "title":
        block.lines.forEach((line, i) => {
          children.push(
            new Paragraph({
              heading: i === 0 ? HeadingLevel.TITLE : undefined,
              alignment: AlignmentType.CENTER,
              spacing: { after: i === block.lines.length - 1 ? 360 : 60 },
              children: [new TextRun({ text: line, bold: true, size: i === 0 ? 32 : 26 })],
            }),
          );
        });
        break;
      case "heading":
        children.push(
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            spacing: { before: 240, after: 120 },
            children: [new TextRun({ text: block.text, bold: true, size: 24, color: "111827" })],
          }),
        );
        break;
      case "bullet":
        children.push(
          new Paragraph({ numbering: { reference: "bullets", level: 0 }, children: [new TextRun(block.text)] }),
        );
        break;
      case "paragraph":
        children.push(
          new Paragraph({
            spacing: { after: 160 },
            children: block.lines.flatMap((line, i) =>
              i === 0 ? [new TextRun(line)] : [new TextRun({ text: line, break: 1 })],
            ),
          }),
        );
        break;
      case "footer":
        children.push(
          new Paragraph({
            border: { top: { style: BorderStyle.SINGLE, size: 4, color: "999999", space: 8 } },
            spacing: { before: 360 },
            children: block.lines.flatMap((line, i) => [
              new TextRun({ text: line, italics: true, size: 18, ...(i > 0 ? { break: 1 } : {}) }),
            ]),
          }),
        );
        break;
    }
  }
  const document = new Document({
    title,
    creator: "LawGuide",
    styles: { default: { document: { run: { font: "Times New Roman", size: 22 } } } },
    numbering: {
      config: [
        {
          reference: "bullets",
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: "•",
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1440, right: 1440, bottom: 1440, left: 1440 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ text: `${title} · Page `, size: 16, color: "555555" }),
                  new TextRun({ children: [PageNumber.CURRENT], size: 16, color: "555555" }),
                  new TextRun({ text: " of ", size: 16, color: "555555" }),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 16, color: "555555" }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
