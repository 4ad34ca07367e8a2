import { keepForNextPage, takeKept } from "./tab-storage";

/**
 * Where a visitor was going when the route guard sent them away to sign in. Kept in session
 * storage so it survives the detour through the landing page.
 */
const KEY = "lawguide.returnTo";

export function rememberReturnTo(path: string): void {
  keepForNextPage(KEY, path);
}

/** The remembered path (a same-site path only), removed once read. */
export function takeReturnTo(): string | null {
  const value = takeKept(KEY);
  return value?.startsWith("/") && !value.startsWith("//") ? value : null;
}
