import { itemPath, listKeys, listPath, usePagedList } from "@client/features/admin/admin-api";
import { apiFetch } from "@client/lib/api";
import { useCursorPages } from "@client/lib/paged-lists";
import type {
  AdminCase,
  AdminCaseList,
  AdminCaseMessagePage,
  AdminCaseStats,
  AdminCaseUpdate,
} from "@shared/schemas/admin-cases";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export interface AdminCaseFilters {
  q: string;
  status: string;
  complexity: string;
  page: number;
}

/** An attorney of the directory, as its search answers (only what the case screen uses). */
export interface DirectoryAttorney {
  id: string;
  name: string;
  firm: string | null;
  specialties: string[];
  location: string | null;
  isActive: boolean;
  availability: string;
}

export const adminCaseKeys = {
  ...listKeys<AdminCaseFilters>("cases"),
  detail: (id: string) => ["admin", "cases", "detail", id] as const,
  messages: (id: string) => ["admin", "cases", "messages", id] as const,
  attorneys: (q: string) => ["admin", "cases", "attorney-suggestions", q] as const,
};

const casePath = (id: string) => itemPath("cases", id);

export const adminCasesApi = {
  list: (filters: AdminCaseFilters) =>
    apiFetch<AdminCaseList>(listPath("/api/admin/cases", filters, { q: "", status: "", complexity: "", page: 1 })),
  stats: () => apiFetch<AdminCaseStats>("/api/admin/cases/stats"),
  get: (id: string) => apiFetch<{ case: AdminCase }>(casePath(id)).then((r) => r.case),
  messages: (id: string, cursor: string | null) =>
    apiFetch<AdminCaseMessagePage>(`${casePath(id)}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`),
  update: (id: string, body: AdminCaseUpdate) =>
    apiFetch<{ case: AdminCase }>(casePath(id), { method: "PATCH", body }).then((r) => r.case),
  toggleStatus: (id: string) =>
    apiFetch<{ case: AdminCase }>(`${casePath(id)}/toggle-status`, { body: {} }).then((r) => r.case),
  attorneys: (q: string) =>
    apiFetch<{ attorneys: DirectoryAttorney[] }>(`/api/admin/attorneys?q=${encodeURIComponent(q)}`).then(
      (r) => r.attorneys,
    ),
};

export const useAdminCases = (filters: AdminCaseFilters) =>
  usePagedList(adminCaseKeys.list(filters), () => adminCasesApi.list(filters));

export const useAdminCaseStats = () => useQuery({ queryKey: adminCaseKeys.stats(), queryFn: adminCasesApi.stats });

/** The case the modal shows: starts from the list's row, then reads the server's current one. */
export function useAdminCase(id: string, initial: AdminCase | undefined) {
  return useQuery({
    queryKey: adminCaseKeys.detail(id),
    queryFn: () => adminCasesApi.get(id),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}

export const useAdminCaseMessages = (id: string) =>
  useCursorPages(adminCaseKeys.messages(id), (cursor) => adminCasesApi.messages(id, cursor));

/**
 * Suggestions from the attorneys directory for a typed name. The directory may not answer (it
 * is optional for this screen): then there are simply no suggestions.
 */
export function useAttorneySuggestions(q: string) {
  return useQuery({
    queryKey: adminCaseKeys.attorneys(q),
    queryFn: () => adminCasesApi.attorneys(q),
    enabled: q.trim().length > 0,
    retry: false,
    staleTime: 60_000,
  });
}

/** After the server confirms a change: the case everywhere it is shown, and the tiles. */
function useCaseChanged() {
  const queryClient = useQueryClient();
  return (updated: AdminCase) => {
    queryClient.setQueryData(adminCaseKeys.detail(updated.id), updated);
    queryClient.setQueriesData<AdminCaseList>({ queryKey: adminCaseKeys.lists() }, (data) =>
      data ? { ...data, cases: data.cases.map((c) => (c.id === updated.id ? updated : c)) } : data,
    );
    void queryClient.invalidateQueries({ queryKey: adminCaseKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: adminCaseKeys.stats() });
  };
}

export function useUpdateAdminCase(id: string) {
  const changed = useCaseChanged();
  return useMutation({ mutationFn: (body: AdminCaseUpdate) => adminCasesApi.update(id, body), onSuccess: changed });
}

export function useToggleCaseStatus() {
  const changed = useCaseChanged();
  return useMutation({ mutationFn: adminCasesApi.toggleStatus, onSuccess: changed });
}
