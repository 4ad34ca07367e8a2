/**
 * The first `max` characters of Markdown, cut at a word and still well formed: an emphasis left
 * open is closed and a link cut in half is dropped, so the preview renders as the chat does
 * instead of showing `**` or `[text](`.
 */
export function markdownPreview(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  if (space > max / 2) cut = cut.slice(0, space);
  // A link whose text or address is cut: keep the text before it.
  const open = cut.lastIndexOf("[");
  if (open > cut.lastIndexOf(")")) cut = cut.slice(0, open);
  cut = cut.replace(/[\s*_,;:([-]+$/, "");
  const bold = (cut.match(/\*\*/g) ?? []).length;
  const close = bold % 2 === 1 ? "**" : "";
  // One "*" left open after the bold pairs are counted is an italic (a list's "* " is not).
  const singles = (cut.replace(/\*\*/g, "").match(/(?<!^\s*)\*/gm) ?? []).length;
  return `${cut}…${close}${singles % 2 === 1 ? "*" : ""}`;
}
