import { apiFetch } from "@client/lib/api";
import type {
  AdminCase,
  AdminCaseList,
  AdminCaseMessagePage,
  AdminCaseStats,
  AdminCaseUpdate,
} from "@shared/schemas/admin-cases";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

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
  all: ["admin", "cases"] as const,
  lists: () => ["admin", "cases", "list"] as const,
  list: (filters: AdminCaseFilters) => ["admin", "cases", "list", filters] as const,
  stats: () => ["admin", "cases", "stats"] as const,
  detail: (id: string) => ["admin", "cases", "detail", id] as const,
  messages: (id: string) => ["admin", "cases", "messages", id] as const,
  attorneys: (q: string) => ["admin", "cases", "attorney-suggestions", q] as const,
};

const casePath = (id: string) => `/api/admin/cases/${encodeURIComponent(id)}`;

export const adminCasesApi = {
  list: (filters: AdminCaseFilters) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.status) params.set("status", filters.status);
    if (filters.complexity) params.set("complexity", filters.complexity);
    if (filters.page > 1) params.set("page", String(filters.page));
    const query = params.toString();
    return apiFetch<AdminCaseList>(`/api/admin/cases${query ? `?${query}` : ""}`);
  },
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

export function useAdminCases(filters: AdminCaseFilters) {
  return useQuery({
    queryKey: adminCaseKeys.list(filters),
    queryFn: () => adminCasesApi.list(filters),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCaseStats() {
  return useQuery({ queryKey: adminCaseKeys.stats(), queryFn: adminCasesApi.stats });
}

/** The case the modal shows: starts from the list's row, then reads the server's current one. */
export function useAdminCase(id: string, initial: AdminCase | undefined) {
  return useQuery({
    queryKey: adminCaseKeys.detail(id),
    queryFn: () => adminCasesApi.get(id),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}

export function useAdminCaseMessages(id: string) {
  return useInfiniteQuery({
    queryKey: adminCaseKeys.messages(id),
    queryFn: ({ pageParam }) => adminCasesApi.messages(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

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
