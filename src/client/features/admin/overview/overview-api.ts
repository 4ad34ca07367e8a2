import { apiFetch } from "@client/lib/api";
import type { ActivityFeed, AdminCharts, AdminStats } from "@shared/schemas/admin";

/** The overview's calls: the four cards, the Recent Activity feed and the charts. */
export const overviewApi = {
  stats: () => apiFetch<AdminStats>("/api/admin/stats"),
  activity: (limit: number) => apiFetch<ActivityFeed>(`/api/admin/activity?limit=${limit}`),
  charts: () => apiFetch<AdminCharts>("/api/admin/charts"),
};

/** How often the overview reads again while it is on screen (paused while the tab is hidden). */
export const OVERVIEW_REFRESH_MS = 30_000;
export const CHARTS_REFRESH_MS = 60_000;
