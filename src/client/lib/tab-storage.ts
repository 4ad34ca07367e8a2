/**
 * Values kept in this tab's session storage for the next page to read once: they survive a full
 * page load (the landing page is an entry of its own) and go with the tab. Where storage is
 * unavailable (private mode), nothing is kept and the next page simply does without.
 */
export function keepForNextPage(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage unavailable: nothing is carried over
  }
}

/** The value kept under `key`, removed once read; null when there is none. */
export function takeKept(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}
