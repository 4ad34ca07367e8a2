import { SETTINGS_DEFAULTS } from "./settings-defaults";

/**
 * The site's name, description and support address as the administrator set them (general
 * settings): page titles, the footer, Help, the maintenance page and every mail use them.
 */
export interface SiteIdentity {
  siteName: string;
  siteDescription: string;
  supportEmail: string;
}

/** Until the settings have arrived (and in the built HTML): the settings' defaults. */
export const DEFAULT_SITE: SiteIdentity = {
  siteName: SETTINGS_DEFAULTS.general.siteName,
  siteDescription: SETTINGS_DEFAULTS.general.siteDescription,
  supportEmail: SETTINGS_DEFAULTS.general.supportEmail,
};

/** A page's title ('Help & Support · LawGuide'); the name and description for the home page. */
export function pageTitle(site: Pick<SiteIdentity, "siteName" | "siteDescription">, page?: string): string {
  return page ? `${page} · ${site.siteName}` : `${site.siteName} · ${site.siteDescription}`;
}

/** The last lines of every mail: where to write with a question, and who sent it. */
export function mailSignOff(site: Pick<SiteIdentity, "siteName" | "supportEmail">): string {
  return `Questions? Write to ${site.supportEmail}.\n\n${site.siteName}`;
}
