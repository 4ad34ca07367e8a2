/**
 * Where a visitor was going when the route guard sent them away to sign in. Kept in session
 * storage so it survives the detour through the landing page.
 */
const KEY = "lawguide.returnTo";

export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // storage unavailable (private mode): the user lands on the default page instead
  }
}

/** The remembered path (a same-site path only), removed once read. */
export function takeReturnTo(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value?.startsWith("/") && !value.startsWith("//") ? value : null;
  } catch {
    return null;
  }
}
