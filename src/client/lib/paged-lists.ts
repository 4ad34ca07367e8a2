import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";

/** A list read in pages after a cursor (newest first), each page naming the cursor of the next. */
export function useCursorPages<P extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  read: (cursor: string | null) => Promise<P>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

interface ItemsPage<T> {
  items: T[];
}

/** Change the items of every cached page of the lists under `queryKey` (lists not cached stay so). */
function changeCachedItems<T>(queryClient: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[]) {
  queryClient.setQueriesData<InfiniteData<ItemsPage<T>>>({ queryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
  );
}

/** Merge `updated` into the cached item with its id, in every list read in pages under `queryKey`. */
export function updateCachedItem<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  updated: Partial<T> & { id: string },
) {
  changeCachedItems<T>(queryClient, queryKey, (items) =>
    items.map((item) => (item.id === updated.id ? { ...item, ...updated } : item)),
  );
}

/** Take the item `id` out of every list read in pages under `queryKey`. */
export function removeCachedItem<T extends { id: string }>(queryClient: QueryClient, queryKey: QueryKey, id: string) {
  changeCachedItems<T>(queryClient, queryKey, (items) => items.filter((item) => item.id !== id));
}

/**
 * Delete one item of a list read in pages with `remove`: once deleted, it leaves the cached list at
 * once, its cached detail is forgotten, and the list (with any query under `alsoStale`) is read again.
 */
export function useDeleteListItem(
  remove: (id: string) => Promise<unknown>,
  keys: { list: () => QueryKey; detail: (id: string) => QueryKey },
  alsoStale: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_result, id) => {
      removeCachedItem(queryClient, keys.list(), id);
      queryClient.removeQueries({ queryKey: keys.detail(id) });
      for (const queryKey of [keys.list(), ...alsoStale]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
