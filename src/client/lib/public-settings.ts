import type { PlanSettings } from "@shared/plans";
import type { PublicSettings } from "@shared/schemas/settings";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { useEffect, useState } from "react";
import { apiFetch, MAINTENANCE_EVENT } from "./api";

let cached: Promise<PublicSettings> | null = null;
const listeners = new Set<(settings: PublicSettings) => void>();

/** What any visitor may know of the configuration (password rules, demo accounts). Fetched once. */
export function loadPublicSettings(): Promise<PublicSettings> {
  cached ??= apiFetch<PublicSettings>("/api/settings/public").catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Fetch them again (an administrator saved settings) and give every page using them the new ones. */
export async function refreshPublicSettings(): Promise<void> {
  cached = null;
  const settings = await loadPublicSettings();
  for (const listener of listeners) listener(settings);
}

// The API said the site went down for maintenance: read the settings again, so the maintenance page shows.
if (typeof window !== "undefined") {
  window.addEventListener(MAINTENANCE_EVENT, () => void refreshPublicSettings().catch(() => {}));
}

export function usePublicSettings(): PublicSettings | null {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    let alive = true;
    const update = (s: PublicSettings) => alive && setSettings(s);
    listeners.add(update);
    loadPublicSettings()
      .then(update)
      .catch(() => {});
    return () => {
      alive = false;
      listeners.delete(update);
    };
  }, []);
  return settings;
}

/** The numbers the plan rules read, live (the defaults until the settings have arrived). */
export function planSettingsOf(settings: PublicSettings | null): PlanSettings {
  return {
    freeUserMessageLimit: settings?.freeUserMessageLimit ?? SETTINGS_DEFAULTS.ai.freeUserMessageLimit,
    enableTrials: settings?.enableTrials ?? SETTINGS_DEFAULTS.subscription.enableTrials,
    trialPeriodDays: settings?.trialPeriodDays ?? SETTINGS_DEFAULTS.subscription.trialPeriodDays,
    phoneSupport: settings?.phoneSupport ?? SETTINGS_DEFAULTS.general.supportPhone !== "",
  };
}

export function usePlanSettings(): PlanSettings {
  return planSettingsOf(usePublicSettings());
}
