/** A LIKE / ILIKE pattern matching `text` anywhere, its wildcards (% _ \\) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
