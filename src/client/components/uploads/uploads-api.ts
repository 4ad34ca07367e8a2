import { apiFetch } from "@client/lib/api";
import type { UploadAllowance, UploadDetail, UploadSummary } from "@shared/schemas/uploads";
import { useQuery } from "@tanstack/react-query";
import { UPLOADS_PATH } from "./upload-file";

export interface UploadPage {
  items: UploadSummary[];
  nextCursor: string | null;
}

/** The query keys of a member's uploads, shared by every page that shows or adds them. */
export const uploadKeys = {
  all: ["uploads"] as const,
  list: () => ["uploads", "list"] as const,
  detail: (id: string) => ["uploads", "detail", id] as const,
  allowance: () => ["uploads", "allowance"] as const,
};

const path = (id: string) => `${UPLOADS_PATH}/${encodeURIComponent(id)}`;

export const uploadsApi = {
  list: (cursor?: string | null) =>
    apiFetch<UploadPage>(`${UPLOADS_PATH}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`),
  get: (id: string) => apiFetch<{ upload: UploadDetail }>(path(id)),
  remove: (id: string) => apiFetch<void>(path(id), { method: "DELETE" }),
  allowance: () => apiFetch<UploadAllowance>(`${UPLOADS_PATH}/allowance`),
  openCase: (id: string) => apiFetch<{ caseId: string }>(`${path(id)}/case`, { body: {} }),
};

/** Uploads used this month against the plan's allowance. */
export function useUploadAllowance(enabled = true) {
  return useQuery({ queryKey: uploadKeys.allowance(), queryFn: uploadsApi.allowance, enabled });
}

/** '2 of 3 uploads used this month', or null while unknown; unlimited plans say so. */
export function allowanceText(allowance: UploadAllowance | undefined): string | null {
  if (!allowance) return null;
  if (allowance.limit === null) return "Unlimited uploads on your plan";
  return `${Math.min(allowance.used, allowance.limit)} of ${allowance.limit} uploads used this month`;
}
