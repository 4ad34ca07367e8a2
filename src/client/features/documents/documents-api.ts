import { apiFetch } from "@client/lib/api";
import { updateCachedItem, useCursorPages, useDeleteListItem } from "@client/lib/paged-lists";
import { CASES_KEY, uploadKeys } from "@client/lib/query";
import type { Page } from "@shared/schemas/cases";
import type { DocumentDetail, DocumentDraft, DocumentSummary, TemplateAccessItem } from "@shared/schemas/documents";
import type { UploadDetail, UploadSummary } from "@shared/schemas/uploads";
import type { Answers } from "@shared/templates/types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { accessById, type TemplateStanding, templateStanding } from "./template-info";

export type DownloadFormat = "txt" | "pdf" | "docx";

export const DOWNLOAD_FORMATS: readonly { format: DownloadFormat; label: string }[] = [
  { format: "txt", label: "TXT" },
  { format: "pdf", label: "PDF" },
  { format: "docx", label: "DOCX" },
];

export interface DocumentPage {
  items: DocumentSummary[];
  nextCursor: string | null;
}

export interface ReviewRequestResult {
  review: { id: string; status: "pending"; feeCents: number | null };
  message: string;
}

export const documentKeys = {
  all: ["documents"] as const,
  list: () => ["documents", "list"] as const,
  detail: (id: string) => ["documents", "detail", id] as const,
  drafts: () => ["documents", "drafts"] as const,
  templates: () => ["documents", "templates"] as const,
};

const path = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

/** The address a generated document is downloaded from, in one of the three formats. */
export function downloadUrl(id: string, format: DownloadFormat): string {
  return `${path(id)}/download?format=${format}`;
}

/** Answers as JSON can carry them: unanswered fields are left out. */
function answersForServer(answers: Answers): Record<string, string | string[] | boolean> {
  const out: Record<string, string | string[] | boolean> = {};
  for (const [key, value] of Object.entries(answers)) if (value !== undefined) out[key] = value;
  return out;
}

export const documentsApi = {
  list: (cursor?: string | null) =>
    apiFetch<DocumentPage>(`/api/documents${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`),
  get: (id: string) => apiFetch<{ document: DocumentDetail }>(path(id)),
  generate: (templateId: string, answers: Answers) =>
    apiFetch<{ document: DocumentDetail }>("/api/documents/generate", {
      body: { templateId, answers: answersForServer(answers) },
    }),
  remove: (id: string) => apiFetch<{ deleted: boolean }>(path(id), { method: "DELETE" }),
  requestReview: (id: string) => apiFetch<ReviewRequestResult>(`${path(id)}/review`, { body: {} }),
  drafts: () => apiFetch<{ items: DocumentDraft[] }>("/api/documents/drafts"),
  templates: () => apiFetch<{ items: TemplateAccessItem[] }>("/api/documents/templates"),
  saveDraft: (templateId: string, answers: Answers, step: number) =>
    apiFetch<{ draft: DocumentDraft }>(`/api/documents/drafts/${encodeURIComponent(templateId)}`, {
      method: "PUT",
      body: { answers: answersForServer(answers), step },
    }),
  deleteDraft: (templateId: string) =>
    apiFetch<{ deleted: boolean }>(`/api/documents/drafts/${encodeURIComponent(templateId)}`, { method: "DELETE" }),
};

/** The member's generated documents, newest first, a page at a time. */
export function useDocumentsList() {
  return useCursorPages(documentKeys.list(), documentsApi.list);
}

/** The member's drafts, one per template at most. */
export function useDrafts() {
  return useQuery({ queryKey: documentKeys.drafts(), queryFn: () => documentsApi.drafts().then((r) => r.items) });
}

/**
 * What the member may do with each template: use it (their plan includes it, or they bought it)
 * or buy it first. Read afresh each time the Document Center opens, and not kept once it closes:
 * back from a checkout, a template just bought never shows as still for sale.
 */
export function useTemplateAccess() {
  return useQuery({
    queryKey: documentKeys.templates(),
    queryFn: () => documentsApi.templates().then((r) => r.items),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Each template's standing for the member (`templateStanding`), from the access list: `settled`
 * once the list is read (or could not be), `failed` when it could not be read at all.
 */
export function useTemplateStandings() {
  const query = useTemplateAccess();
  const failed = query.isError && !query.data;
  const byId = useMemo(() => accessById(query.data), [query.data]);
  const standingOf = useCallback(
    (templateId: string): TemplateStanding => templateStanding(templateId, byId, failed),
    [byId, failed],
  );
  return {
    standingOf,
    failed,
    settled: !query.isFetching && (query.isSuccess || query.isError),
    retry: () => void query.refetch(),
  };
}

/** Read the access list again (the server refused a template the list said the member could use). */
export function useRefreshTemplateAccess() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: documentKeys.templates() }), [queryClient]);
}

/** Put a draft into the cached list (or replace the one of the same template). */
export function useCacheDraft() {
  const queryClient = useQueryClient();
  return (draft: DocumentDraft) =>
    queryClient.setQueryData<DocumentDraft[]>(documentKeys.drafts(), (items) => [
      draft,
      ...(items ?? []).filter((item) => item.templateId !== draft.templateId),
    ]);
}

function useUncacheDraft() {
  const queryClient = useQueryClient();
  return (templateId: string) =>
    queryClient.setQueryData<DocumentDraft[]>(documentKeys.drafts(), (items) =>
      items?.filter((item) => item.templateId !== templateId),
    );
}

export function useGenerateDocument() {
  const queryClient = useQueryClient();
  const uncacheDraft = useUncacheDraft();
  return useMutation({
    mutationFn: ({ templateId, answers }: { templateId: string; answers: Answers }) =>
      documentsApi.generate(templateId, answers).then((r) => r.document),
    onSuccess: (document) => {
      queryClient.setQueryData(documentKeys.detail(document.id), document);
      if (document.templateId) uncacheDraft(document.templateId);
      void queryClient.invalidateQueries({ queryKey: documentKeys.list() });
      void queryClient.invalidateQueries({ queryKey: documentKeys.drafts() });
    },
  });
}

export function useDeleteDocument() {
  return useDeleteListItem(documentsApi.remove, documentKeys);
}

export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => documentsApi.requestReview(id),
    onSuccess: ({ review }, id) => {
      updateCachedItem<DocumentSummary>(queryClient, documentKeys.list(), { id, review });
      queryClient.setQueryData<DocumentDetail>(documentKeys.detail(id), (old) => (old ? { ...old, review } : old));
      void queryClient.invalidateQueries({ queryKey: documentKeys.list() });
    },
  });
}

export function useDeleteDraft() {
  const uncacheDraft = useUncacheDraft();
  return useMutation({
    mutationFn: (templateId: string) => documentsApi.deleteDraft(templateId),
    onSuccess: (_result, templateId) => uncacheDraft(templateId),
  });
}

/** How often a file still being read is looked at again. */
export const UPLOAD_POLL_MS = 2000;

const uploadPath = (id: string) => `/api/uploads/${encodeURIComponent(id)}`;

/** The member's uploaded files as the Document Center lists them, and a case opened about one. */
export const uploadsApi = {
  list: (cursor?: string | null) =>
    apiFetch<Page<UploadSummary>>(`/api/uploads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`),
  get: (id: string) => apiFetch<{ upload: UploadDetail }>(uploadPath(id)),
  remove: (id: string) => apiFetch<void>(uploadPath(id), { method: "DELETE" }),
  openCase: (id: string) =>
    apiFetch<{ caseId: string }>(`/api/cases/from-upload/${encodeURIComponent(id)}`, { body: {} }),
};

/** The member's uploaded files, newest first, a page at a time. */
export function useUploadsList() {
  return useCursorPages(uploadKeys.list(), uploadsApi.list);
}

/**
 * One uploaded file with its stored analysis. With `poll`, it is read again every 2 s while its
 * text is still being extracted.
 */
export function useUploadDetail(id: string, { enabled = true, poll = false } = {}) {
  return useQuery({
    queryKey: uploadKeys.detail(id),
    queryFn: () => uploadsApi.get(id).then((r) => r.upload),
    enabled,
    refetchInterval: (query) =>
      poll && query.state.data?.status !== "ready" && query.state.data?.status !== "unreadable"
        ? UPLOAD_POLL_MS
        : false,
  });
}

/** Replace one file in the cached list (its reading finished, or it was analysed). */
export function useUpdateCachedUpload() {
  const queryClient = useQueryClient();
  return useCallback(
    (updated: UploadSummary | UploadDetail) => updateCachedItem<UploadSummary>(queryClient, uploadKeys.list(), updated),
    [queryClient],
  );
}

export function useDeleteUpload() {
  return useDeleteListItem(uploadsApi.remove, uploadKeys, [uploadKeys.allowance()]);
}

/** Open a new case about an uploaded file (the file attached, its analysis posted in it). */
export function useOpenCaseFromUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => uploadsApi.openCase(id).then((r) => r.caseId),
    // The new case belongs in the member's list of cases.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CASES_KEY });
    },
  });
}
