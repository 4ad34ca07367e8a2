import { useCursorPages } from "@client/lib/paged-lists";
import type { LogPage } from "@shared/schemas/admin";
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
  const logs = useCursorPages(["admin", "logs", kind, filters], (cursor) => read(filters, cursor));
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
    refresh: {
      onClick: () => void logs.refetch(),
      loading: logs.isRefetching && !logs.isFetchingNextPage,
    },
  };
  return { draft, set, logs, formProps };
}
