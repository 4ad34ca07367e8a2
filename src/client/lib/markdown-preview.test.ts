import { describe, expect, it } from "vitest";
import { markdownPreview } from "./markdown-preview";

describe("a Markdown preview", () => {
  it("keeps short text as it is", () => {
    expect(markdownPreview("**Short.**", 200)).toBe("**Short.**");
  });

  it("cuts at a word and closes bold left open", () => {
    const text = `**Landlord and tenant questions usually turn on your lease and your state's rules.** More text here.`;
    expect(markdownPreview(text, 40)).toBe("**Landlord and tenant questions usually…**");
  });

  it("drops a link cut in half", () => {
    expect(markdownPreview("See the rule in [the statute of the state](https://example.com/a) today", 40)).toBe(
      "See the rule in…",
    );
  });

  it("closes an italic left open but not a list's marker", () => {
    expect(markdownPreview("* first point\n* *a quoted line that goes on and on*", 35)).toBe(
      "* first point\n* *a quoted line…*",
    );
  });
});
