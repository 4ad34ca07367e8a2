import { apiFetch } from "@client/lib/api";
import { updateCachedItem, useCursorPages } from "@client/lib/paged-lists";
import { CASES_KEY } from "@client/lib/query";
import type { CaseDetail, CaseSummary, ChatMessage, ComparisonAnswer, Page } from "@shared/schemas/cases";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const caseKeys = {
  all: CASES_KEY,
  list: () => [...CASES_KEY, "list"] as const,
  search: (q: string) => [...CASES_KEY, "list", q] as const,
  detail: (id: string) => [...CASES_KEY, "detail", id] as const,
};

export const casesApi = {
  list: (cursor?: string | null, q = "") => {
    const params = new URLSearchParams();
    if (cursor) params.set("cursor", cursor);
    if (q) params.set("q", q);
    const query = params.toString();
    return apiFetch<Page<CaseSummary>>(`/api/cases${query ? `?${query}` : ""}`);
  },
  create: (body: { title?: string; description?: string } = {}) =>
    apiFetch<{ case: CaseDetail }>("/api/cases", { body }),
  // A case chat's first two requests: the server preloads them with the page's HTML at these very
  // addresses (src/server/http/static.ts), and the preloaded answers are only taken for the same URL.
  get: (id: string) => apiFetch<{ case: CaseDetail }>(`/api/cases/${encodeURIComponent(id)}`),
  messages: (id: string, before?: string | null) =>
    apiFetch<Page<ChatMessage>>(
      `/api/cases/${encodeURIComponent(id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ""}`,
    ),
  archive: (id: string) =>
    apiFetch<{ case: CaseSummary }>(`/api/cases/${encodeURIComponent(id)}/archive`, { body: {} }),
  restore: (id: string) =>
    apiFetch<{ case: CaseSummary }>(`/api/cases/${encodeURIComponent(id)}/restore`, { body: {} }),
  refer: (id: string) =>
    apiFetch<{ case: CaseSummary; message: string }>(`/api/cases/${encodeURIComponent(id)}/referral`, { body: {} }),
  stop: (id: string) => apiFetch<{ stopping: boolean }>(`/api/cases/${encodeURIComponent(id)}/stop`, { body: {} }),
  choose: (id: string, comparisonId: string, side: ComparisonAnswer["side"]) =>
    apiFetch<{ messages: ChatMessage[]; case: CaseDetail | null }>(
      `/api/cases/${encodeURIComponent(id)}/comparisons/${encodeURIComponent(comparisonId)}/choose`,
      { body: { side } },
    ),
};

/** The member's cases a page at a time; with `q`, only those whose title or description holds it. */
export function useCasesList(q = "") {
  return useCursorPages(caseKeys.search(q), (cursor) => casesApi.list(cursor, q));
}

export function useCaseDetail(id: string) {
  return useQuery({ queryKey: caseKeys.detail(id), queryFn: () => casesApi.get(id).then((r) => r.case) });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: casesApi.create,
    onSuccess: ({ case: created }) => {
      queryClient.setQueryData(caseKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: caseKeys.list() });
    },
  });
}

/** Replace one case in the cached list and detail after an action. */
export function useUpdateCachedCase() {
  const queryClient = useQueryClient();
  return (updated: CaseSummary) => {
    updateCachedItem<CaseSummary>(queryClient, caseKeys.list(), updated);
    queryClient.setQueryData<CaseDetail>(caseKeys.detail(updated.id), (old) => (old ? { ...old, ...updated } : old));
  };
}

export function useCaseAction(kind: "archive" | "restore") {
  const update = useUpdateCachedCase();
  return useMutation({
    mutationFn: (id: string) => (kind === "archive" ? casesApi.archive(id) : casesApi.restore(id)),
    onSuccess: (result) => update(result.case),
  });
}

export function useReferCase() {
  const update = useUpdateCachedCase();
  return useMutation({ mutationFn: casesApi.refer, onSuccess: (result) => update(result.case) });
}
