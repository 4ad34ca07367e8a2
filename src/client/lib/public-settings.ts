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
