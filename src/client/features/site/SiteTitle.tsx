import { usePublicSettings } from "@client/lib/public-settings";
import { pageTitle } from "@shared/site";
import { useEffect } from "react";

/** The document title of a page outside the router (the landing page): the site's name and description. */
export function SiteTitle({ page }: { page?: string }) {
  const settings = usePublicSettings();
  useEffect(() => {
    if (settings) document.title = pageTitle(settings, page);
  }, [settings, page]);
  return null;
}
