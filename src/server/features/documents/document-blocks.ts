/**
 * A generated document's text, read as blocks for the PDF and Word versions: the title lines at
 * the top, headings (ARTICLE lines and other lines in capitals), bullet items, paragraphs, and the
 * closing footer after the dashed rule.
 */
export type Block =
  | { kind: "title"; lines: string[] }
  | { kind: "heading"; text: string }
  | { kind: "bullet"; text: string }
  | { kind: "paragraph"; lines: string[] }
  | { kind: "footer"; lines: string[] };

const HEADING = /^(ARTICLE\s+\d+[.:]?\s+.+|[A-Z][A-Z0-9 ,.'&()/\-:;]{3,})$/;

export function toBlocks(text: string): Block[] {
  const groups = text.replace(/\r\n/g, "\n").split(/\n\s*\n/);
  const blocks: Block[] = [];
  let inFooter = false;
  groups.forEach((group, index) => {
    const lines = group.split("\n").map((l) => l.trimEnd());
    if (lines.every((l) => !l.trim())) return;
    if (inFooter) {
      blocks.push({ kind: "footer", lines: lines.filter((l) => l.trim()) });
      return;
    }
    const ruleAt = lines.findIndex((l) => /^-{10,}$/.test(l.trim()));
    if (ruleAt !== -1) {
      const before = lines.slice(0, ruleAt).filter((l) => l.trim());
      if (before.length) blocks.push({ kind: "paragraph", lines: before });
      blocks.push({ kind: "footer", lines: lines.slice(ruleAt + 1).filter((l) => l.trim()) });
      inFooter = true;
      return;
    }
    if (index === 0) {
      blocks.push({ kind: "title", lines });
      return;
    }
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", lines: paragraph });
      paragraph = [];
    };
    for (const line of lines) {
      const trimmed = line.trim();
      if (HEADING.test(trimmed) && trimmed.length < 120 && !/_{4,}/.test(trimmed)) {
        flush();
        blocks.push({ kind: "heading", text: trimmed });
      } else if (/^[-•]\s+/.test(trimmed)) {
        flush();
        blocks.push({ kind: "bullet", text: trimmed.replace(/^[-•]\s+/, "") });
      } else {
        paragraph.push(line);
      }
    }
    flush();
  });
  return blocks;
}
