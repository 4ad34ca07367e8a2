import { FREE_MESSAGE_LIMIT_DEFAULT } from "@shared/constants";
import { PLANS, type PlanSettings } from "@shared/plans";
import type { PublicSettings } from "@shared/schemas/settings";
import { useEffect, useState } from "react";
import { apiFetch } from "./api";

let cached: Promise<PublicSettings> | null = null;

/** What any visitor may know of the configuration (password rules, demo accounts). Fetched once. */
export function loadPublicSettings(): Promise<PublicSettings> {
  cached ??= apiFetch<PublicSettings>("/api/settings/public").catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

export function usePublicSettings(): PublicSettings | null {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    let alive = true;
    loadPublicSettings()
      .then((s) => alive && setSettings(s))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  return settings;
}

/** The numbers the plan rules read, live (the defaults until the settings have arrived). */
export function planSettingsOf(settings: PublicSettings | null): PlanSettings {
  return {
    freeUserMessageLimit: settings?.freeUserMessageLimit ?? FREE_MESSAGE_LIMIT_DEFAULT,
    enableTrials: settings?.enableTrials ?? true,
    trialPeriodDays: settings?.trialPeriodDays ?? PLANS.premium.trialDays,
  };
}

export function usePlanSettings(): PlanSettings {
  return planSettingsOf(usePublicSettings());
}
