/**
 * A value read from the database and kept for `ms` milliseconds (Infinity: until forgotten). `ms`
 * may be a function, asked at each read: how long a copy stays good can change while the process
 * runs (see createServices). The read is shared by everyone who asks while it runs; a failed read
 * is not kept, nor one that was running when the value was forgotten.
 */
export function keptFor<T>(ms: number | (() => number), load: () => Promise<T>) {
  const lifetime = typeof ms === "function" ? ms : () => ms;
  let kept: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (kept && now - kept.at < lifetime()) return kept.value;
      const value = load();
      const entry = { at: now, value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
      return value;
    },
    /** Read again next time (after this process wrote the value, or another announced a change). */
    forget(): void {
      kept = null;
    },
  };
}
