import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "./schemas/settings";
import { SETTINGS_DEFAULTS } from "./settings-defaults";
import { SETTING_FIELDS } from "./settings-fields";
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

describe("the settings' help texts", () => {
  it("read as sentences: no placeholder left for a program to fill in", () => {
    const texts = Object.values(SETTING_FIELDS).flatMap((section) =>
      Object.values(section as Record<string, { label: string; help?: string }>).flatMap((f) => [
        f.label,
        f.help ?? "",
      ]),
    );
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) expect(text).not.toMatch(/\{\w*\}/);
  });
});
