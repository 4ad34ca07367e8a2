import { itemPath, listKeys, listPath, usePagedList } from "@client/features/admin/admin-api";
import { apiFetch } from "@client/lib/api";
import type {
  AdminAttorney,
  AttorneyAvailability,
  AttorneyList,
  AttorneyRemoval,
  CreateAttorney,
  ReferralAssignment,
  ReferralList,
  ReferralStatus,
  UpdateAttorney,
} from "@shared/schemas/admin-attorneys";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export interface AttorneyFilters {
  q: string;
  active?: boolean | undefined;
  availability?: AttorneyAvailability | undefined;
  specialty?: string | undefined;
  sort?: "newest" | "name";
  page: number;
}

export interface ReferralFilters {
  status: ReferralStatus | "";
  page: number;
}

export const attorneyKeys = {
  all: ["admin", "attorneys"] as const,
  list: (filters: AttorneyFilters) => ["admin", "attorneys", "list", filters] as const,
  referrals: (filters: ReferralFilters) => ["admin", "attorneys", "referrals", filters] as const,
};

const attorneyPath = (id: string) => itemPath("attorneys", id);

export const attorneysApi = {
  list: (filters: AttorneyFilters) =>
    apiFetch<AttorneyList>(listPath("/api/admin/attorneys", filters, { q: "", sort: "newest", page: 1 })),
  create: (body: CreateAttorney) =>
    apiFetch<{ attorney: AdminAttorney }>("/api/admin/attorneys", { body }).then((r) => r.attorney),
  update: (id: string, body: UpdateAttorney) =>
    apiFetch<{ attorney: AdminAttorney }>(attorneyPath(id), { method: "PATCH", body }).then((r) => r.attorney),
  remove: (id: string) => apiFetch<AttorneyRemoval>(attorneyPath(id), { method: "DELETE" }),
  referrals: (filters: ReferralFilters) =>
    apiFetch<ReferralList>(listPath("/api/admin/referrals", filters, { status: "", page: 1 })),
  assign: (referralId: string, attorneyId: string) =>
    apiFetch<ReferralAssignment>(`${itemPath("referrals", referralId)}/assign`, { body: { attorneyId } }),
};

export const useAttorneys = (filters: AttorneyFilters, enabled = true) =>
  usePagedList(attorneyKeys.list(filters), () => attorneysApi.list(filters), enabled);

export const useReferrals = (filters: ReferralFilters) =>
  usePagedList(attorneyKeys.referrals(filters), () => attorneysApi.referrals(filters));

/** After any change the directory, the queue and the Cases section's views of them are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: attorneyKeys.all });
    void queryClient.invalidateQueries({ queryKey: listKeys("cases").all });
  };
}

export function useSaveAttorney() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateAttorney | UpdateAttorney }) =>
      input.id ? attorneysApi.update(input.id, input.body) : attorneysApi.create(input.body as CreateAttorney),
    onSuccess: refresh,
  });
}

export function useRemoveAttorney() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: attorneysApi.remove, onSuccess: refresh });
}

export function useAssignReferral() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { referralId: string; attorneyId: string }) =>
      attorneysApi.assign(input.referralId, input.attorneyId),
    onSuccess: refresh,
  });
}
