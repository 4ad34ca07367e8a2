import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "./schemas/settings";
import { SETTINGS_DEFAULTS } from "./settings-defaults";
import { DEFAULT_SITE } from "./site";

describe("the settings' defaults", () => {
  it("are what the settings schema gives when nothing is stored", () => {
    expect(DEFAULT_SETTINGS).toEqual(SETTINGS_DEFAULTS);
  });

  it("name the site until the settings arrive", () => {
    expect(DEFAULT_SITE).toEqual({
      siteName: DEFAULT_SETTINGS.general.siteName,
      siteDescription: DEFAULT_SETTINGS.general.siteDescription,
      supportEmail: DEFAULT_SETTINGS.general.supportEmail,
    });
  });
});
