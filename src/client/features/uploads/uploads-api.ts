import { apiFetch } from "@client/lib/api";
import { uploadKeys } from "@client/lib/query";
import type { Page } from "@shared/schemas/cases";
import type { UploadAllowance, UploadSummary } from "@shared/schemas/uploads";
import { useQuery } from "@tanstack/react-query";
import { UPLOADS_PATH } from "./upload-file";

export const uploadsApi = {
  remove: (id: string) => apiFetch<void>(`${UPLOADS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" }),
  allowance: () => apiFetch<UploadAllowance>(`${UPLOADS_PATH}/allowance`),
  /** The files received for a case's message box and not sent yet. */
  unsent: (caseId: string, signal?: AbortSignal) =>
    apiFetch<Page<UploadSummary>>(`${UPLOADS_PATH}?caseId=${encodeURIComponent(caseId)}&unsent=1`, {
      ...(signal ? { signal } : {}),
    }),
};

/** Uploads used this month against the plan's allowance. */
export function useUploadAllowance(enabled = true): UploadAllowance | undefined {
  return useQuery({ queryKey: uploadKeys.allowance(), queryFn: uploadsApi.allowance, enabled }).data;
}
