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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

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

const attorneyPath = (id: string) => `/api/admin/attorneys/${encodeURIComponent(id)}`;

export const attorneysApi = {
  list: (filters: AttorneyFilters) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.active !== undefined) params.set("active", String(filters.active));
    if (filters.availability) params.set("availability", filters.availability);
    if (filters.specialty) params.set("specialty", filters.specialty);
    if (filters.sort && filters.sort !== "newest") params.set("sort", filters.sort);
    if (filters.page > 1) params.set("page", String(filters.page));
    const query = params.toString();
    return apiFetch<AttorneyList>(`/api/admin/attorneys${query ? `?${query}` : ""}`);
  },
  create: (body: CreateAttorney) =>
    apiFetch<{ attorney: AdminAttorney }>("/api/admin/attorneys", { body }).then((r) => r.attorney),
  update: (id: string, body: UpdateAttorney) =>
    apiFetch<{ attorney: AdminAttorney }>(attorneyPath(id), { method: "PATCH", body }).then((r) => r.attorney),
  remove: (id: string) => apiFetch<AttorneyRemoval>(attorneyPath(id), { method: "DELETE" }),
  referrals: (filters: ReferralFilters) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.page > 1) params.set("page", String(filters.page));
    const query = params.toString();
    return apiFetch<ReferralList>(`/api/admin/referrals${query ? `?${query}` : ""}`);
  },
  assign: (referralId: string, attorneyId: string) =>
    apiFetch<ReferralAssignment>(`/api/admin/referrals/${encodeURIComponent(referralId)}/assign`, {
      body: { attorneyId },
    }),
};

export function useAttorneys(filters: AttorneyFilters, enabled = true) {
  return useQuery({
    queryKey: attorneyKeys.list(filters),
    queryFn: () => attorneysApi.list(filters),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReferrals(filters: ReferralFilters) {
  return useQuery({
    queryKey: attorneyKeys.referrals(filters),
    queryFn: () => attorneysApi.referrals(filters),
    placeholderData: keepPreviousData,
  });
}

/** After any change the directory, the queue and the Cases section's views of them are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: attorneyKeys.all });
    void queryClient.invalidateQueries({ queryKey: ["admin", "cases"] });
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
