import { apiFetch } from "@client/lib/api";
import type { SettingsAnswer, SettingsChange } from "@shared/schemas/settings";

export const settingsKey = ["admin", "settings"] as const;

export const settingsApi = {
  get: () => apiFetch<SettingsAnswer>("/api/admin/settings"),
  /** Save some values of some sections together; answers every section as now in force. */
  save: (change: SettingsChange) => apiFetch<SettingsAnswer>("/api/admin/settings", { method: "PATCH", body: change }),
};
