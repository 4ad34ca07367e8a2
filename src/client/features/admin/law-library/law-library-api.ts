import { apiFetch } from "@client/lib/api";
import type { LawTopic } from "@shared/law";
import type { LawFactDetail, LawFactEdit, LawLibraryList, LawReleaseDecision } from "@shared/schemas/law-library";
import type { StateCode } from "@shared/us-states";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export interface LawLibraryFilters {
  state: StateCode | "";
  topic: LawTopic | "";
  due: boolean;
  page: number;
}

export const lawLibraryKeys = {
  all: ["admin", "law-library"] as const,
  list: (filters: LawLibraryFilters) => ["admin", "law-library", "list", filters] as const,
  fact: (state: string, topic: string) => ["admin", "law-library", "fact", state, topic] as const,
};

const factPath = (state: string, topic: string) =>
  `/api/admin/law-library/${encodeURIComponent(state)}/${encodeURIComponent(topic)}`;

function listPath(filters: LawLibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.state) params.set("state", filters.state);
  if (filters.topic) params.set("topic", filters.topic);
  if (filters.due) params.set("due", "1");
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `/api/admin/law-library?${query}` : "/api/admin/law-library";
}

export const lawLibraryApi = {
  list: (filters: LawLibraryFilters) => apiFetch<LawLibraryList>(listPath(filters)),
  fact: (state: string, topic: string) => apiFetch<LawFactDetail>(factPath(state, topic)),
  edit: (state: string, topic: string, body: LawFactEdit) =>
    apiFetch<LawFactDetail>(factPath(state, topic), { method: "PATCH", body }),
  check: (state: string, topic: string) => apiFetch<LawFactDetail>(`${factPath(state, topic)}/checked`, { body: {} }),
  release: (state: string, topic: string, body: LawReleaseDecision) =>
    apiFetch<LawFactDetail>(`${factPath(state, topic)}/release`, { body }),
};

/** A page of the library's facts as filtered; the list shown stays while the next is read. */
export const useLawLibrary = (filters: LawLibraryFilters) =>
  useQuery({
    queryKey: lawLibraryKeys.list(filters),
    queryFn: () => lawLibraryApi.list(filters),
    placeholderData: keepPreviousData,
  });

export const useLawFact = (state: string, topic: string, enabled: boolean) =>
  useQuery({ queryKey: lawLibraryKeys.fact(state, topic), queryFn: () => lawLibraryApi.fact(state, topic), enabled });

/** A change to one fact: its detail is replaced by the answer, and the lists are read again. */
export function useChangeLawFact(state: string, topic: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: "edit"; body: LawFactEdit } | { kind: "check" } | { kind: "release"; body: LawReleaseDecision },
    ) =>
      change.kind === "edit"
        ? lawLibraryApi.edit(state, topic, change.body)
        : change.kind === "check"
          ? lawLibraryApi.check(state, topic)
          : lawLibraryApi.release(state, topic, change.body),
    onSuccess: (detail) => {
      queryClient.setQueryData(lawLibraryKeys.fact(state, topic), detail);
      void queryClient.invalidateQueries({ queryKey: [...lawLibraryKeys.all, "list"] });
    },
  });
}
