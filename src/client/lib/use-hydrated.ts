import { useEffect, useState } from "react";

/**
 * False during the first render (which matches prerendered HTML) and true once the page runs.
 * Forms keep their submit button disabled until then, so nothing is submitted without the app.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
