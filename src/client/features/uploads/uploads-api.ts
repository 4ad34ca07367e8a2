import { apiFetch } from "@client/lib/api";
import { uploadKeys } from "@client/lib/query";
import type { UploadAllowance } from "@shared/schemas/uploads";
import { useQuery } from "@tanstack/react-query";
import { UPLOADS_PATH } from "./upload-file";

export const uploadsApi = {
  remove: (id: string) => apiFetch<void>(`${UPLOADS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" }),
  allowance: () => apiFetch<UploadAllowance>(`${UPLOADS_PATH}/allowance`),
};

/** Uploads used this month against the plan's allowance. */
export function useUploadAllowance(enabled = true): UploadAllowance | undefined {
  return useQuery({ queryKey: uploadKeys.allowance(), queryFn: uploadsApi.allowance, enabled }).data;
}
