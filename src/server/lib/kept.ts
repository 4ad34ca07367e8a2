/**
 * A value read from the database and kept for `ms` milliseconds (Infinity: until forgotten). The
 * read is shared by everyone who asks while it runs; a failed read is not kept.
 */
export function keptFor<T>(ms: number, load: () => Promise<T>) {
  let kept: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (kept && now - kept.at < ms) return kept.value;
      const value = load();
      const entry = { at: now, value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
      return value;
    },
    /** Read again next time (after this process wrote the value). */
    forget(): void {
      kept = null;
    },
  };
}
