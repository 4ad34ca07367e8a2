import { useEffect } from "react";

/**
 * Marks the page as running (html[data-hydrated]) once React has taken it over: a prerendered
 * page looks ready before its buttons work. Browser tests wait for this mark.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
