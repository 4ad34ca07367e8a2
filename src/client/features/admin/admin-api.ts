import { refusalText } from "@client/lib/api";
import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";

/** The server's own text for a refusal it explains (a taken e-mail, a field's rule), else `fallback`. */
export const failureText = (error: unknown, fallback: string): string => refusalText(error, fallback, [401]);

/** The query keys of an admin list: all of it, its pages, one page (by its filters), its totals. */
export function listKeys<F>(name: string) {
  return {
    all: ["admin", name] as const,
    lists: () => ["admin", name, "list"] as const,
    list: (filters: F) => ["admin", name, "list", filters] as const,
    stats: () => ["admin", name, "stats"] as const,
  };
}

/** An admin API path for one item of a collection: `/api/admin/cases/<id>`. */
export const itemPath = (collection: string, id: string) => `/api/admin/${collection}/${encodeURIComponent(id)}`;

/**
 * `path` with the filters that differ from `defaults` (the server's own) as its query: the
 * address of one page of a list.
 */
export function listPath<F extends object>(path: string, filters: F, defaults: Partial<F>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === defaults[key as keyof F]) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A list read a page at a time: the page shown stays on screen until the next one is read. */
export function usePagedList<D>(queryKey: QueryKey, read: () => Promise<D>, enabled = true) {
  return useQuery({ queryKey, queryFn: read, placeholderData: keepPreviousData, enabled });
}
