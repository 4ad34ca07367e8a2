import type { LogPage } from "@shared/schemas/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";

/**
 * A log's filters as typed (the draft) and as applied, and the log read with the applied ones a
 * page at a time; `formProps` are what its LogFilterForm needs.
 */
export function useLogFilters<F extends { from: string; to: string }, Row>(
  kind: "app" | "audit",
  empty: F,
  read: (filters: F, cursor: string | null) => Promise<LogPage<Row>>,
) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const logs = useInfiniteQuery({
    queryKey: ["admin", "logs", kind, filters],
    queryFn: ({ pageParam }) => read(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const set = (key: keyof F) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const formProps = {
    from: draft.from,
    to: draft.to,
    onDateChange: (key: "from" | "to", value: string) => set(key)(value),
    onApply: () => setFilters(draft),
    onClear: () => {
      setDraft(empty);
      setFilters(empty);
    },
    onRefresh: () => logs.refetch(),
    refreshing: logs.isRefetching && !logs.isFetchingNextPage,
  };
  return { draft, set, logs, formProps };
}
