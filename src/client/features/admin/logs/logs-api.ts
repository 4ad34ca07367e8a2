import { apiFetch } from "@client/lib/api";
import type { AppLogView, AuditLogView, LogPage } from "@shared/schemas/admin";

export const LOGS_PAGE_SIZE = 25;

/** The application logs' filters as typed in the form (dates as YYYY-MM-DD, in the admin's time zone). */
export interface AppLogFilters {
  level: string;
  category: string;
  user: string;
  message: string;
  from: string;
  to: string;
}

export interface AuditLogFilters {
  user: string;
  action: string;
  table: string;
  from: string;
  to: string;
}

export const NO_APP_FILTERS: AppLogFilters = { level: "", category: "", user: "", message: "", from: "", to: "" };
export const NO_AUDIT_FILTERS: AuditLogFilters = { user: "", action: "", table: "", from: "", to: "" };

/** A day typed in a date field, as the instant it starts or ends in the admin's own time zone. */
export function dayBoundary(day: string, end: boolean): string {
  return new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString();
}

function query(filters: object, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(LOGS_PAGE_SIZE) });
  for (const [key, raw] of Object.entries(filters)) {
    const value = String(raw ?? "").trim();
    if (!value) continue;
    if (key === "from" || key === "to") params.set(key, dayBoundary(value, key === "to"));
    else params.set(key, value);
  }
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

/** The Logs section's calls: a page of each log, newest first. */
export const logsApi = {
  app: (filters: AppLogFilters, cursor: string | null) =>
    apiFetch<LogPage<AppLogView>>(`/api/admin/logs?${query(filters, cursor)}`),
  audit: (filters: AuditLogFilters, cursor: string | null) =>
    apiFetch<LogPage<AuditLogView>>(`/api/admin/audit-logs?${query(filters, cursor)}`),
};
