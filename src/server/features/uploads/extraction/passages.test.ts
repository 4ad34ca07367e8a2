import { describe, expect, it } from "vitest";
import {
  cleanText,
  MAX_PASSAGE_CHARS,
  MAX_PASSAGES,
  MAX_TEXT_CHARS,
  PassageCollector,
  paragraphsFromLines,
  paragraphsFromText,
  splitLongParagraph,
  type TextLine,
} from "./passages";

/** Lines 18 high, 27 apart, with `gaps` extra space before the given line indexes. */
function laidOut(texts: string[], gaps: Record<number, number> = {}): TextLine[] {
  let top = 0;
  return texts.map((text, i) => {
    top += gaps[i] ?? 0;
    const line = { text, top, bottom: top + 18, left: 36, right: 36 + 8 * text.length };
    top += 27;
    return line;
  });
}

describe("passages", () => {
  it("keeps text storable: no NUL, control characters or lone surrogates; whitespace collapsed", () => {
    expect(cleanText("  a\u0000b\tc\r\n d\uD800 e\u00ADf\u200B ")).toBe("a b c d ef");
    expect(cleanText("emoji \uD83D\uDE00 kept")).toBe("emoji \uD83D\uDE00 kept");
  });

  it("splits Word text at every line and other text at blank lines, joining wrapped lines", () => {
    expect(paragraphsFromText("One\nTwo\n\n•\nThree", "lines")).toEqual(["One", "Two", "Three"]);
    expect(paragraphsFromText("One wrapped\nline.\n \nTwo.", "blank-lines")).toEqual(["One wrapped line.", "Two."]);
  });

  it("finds paragraphs in laid-out lines by their gaps", () => {
    const lines = laidOut(["TITLE", "first line of a", "paragraph.", "second paragraph", "goes on."], { 1: 14, 3: 14 });
    expect(paragraphsFromLines(lines)).toEqual(["TITLE", "first line of a paragraph.", "second paragraph goes on."]);
  });

  it("finds paragraphs of one line each, and a new column", () => {
    const single = laidOut(["One.", "Two.", "Three."], { 1: 24, 2: 24 });
    expect(paragraphsFromLines(single)).toEqual(["One.", "Two.", "Three."]);
    const columns = [...laidOut(["left column", "text"]), ...laidOut(["right column", "text"])];
    expect(paragraphsFromLines(columns)).toEqual(["left column text", "right column text"]);
  });

  it("splits long paragraphs at sentence ends, keeping every word", () => {
    const sentence = "The Tenant shall keep the premises clean and in good repair at all times. ";
    const paragraph = sentence.repeat(40).trim();
    const parts = splitLongParagraph(paragraph);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      expect(part.endsWith(".")).toBe(true);
    }
    expect(parts.join(" ")).toBe(paragraph);
    const noStops = "word ".repeat(600).trim();
    expect(splitLongParagraph(noStops).join(" ")).toBe(noStops);
  });

  it("numbers paragraphs per page, and parts of a split paragraph keep its number", () => {
    const collector = new PassageCollector();
    collector.add(["A.", `${"Long sentence here. ".repeat(80)}`], 1);
    collector.add(["B."], 2);
    const locations = collector.passages.map((passage) => passage.location);
    expect(locations[0]).toBe("page 1, paragraph 1");
    expect(new Set(locations.slice(1, -1))).toEqual(new Set(["page 1, paragraph 2"]));
    expect(locations.at(-1)).toBe("page 2, paragraph 1");
  });

  it("stops at 2,000 passages and about 1 MB of text", () => {
    const many = new PassageCollector();
    expect(many.add(Array.from({ length: MAX_PASSAGES + 10 }, (_, i) => `Paragraph ${i}.`))).toBe(false);
    expect(many.passages).toHaveLength(MAX_PASSAGES);
    const long = new PassageCollector();
    long.add(Array.from({ length: 1_000 }, () => "word ".repeat(240).trim()));
    expect(long.textLength).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(long.textLength).toBeGreaterThan(MAX_TEXT_CHARS - 1_200);
    expect(long.full).toBe(true);
  });
});
