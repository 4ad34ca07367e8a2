import { Alert } from "@client/components/ui/Alert";
import { Card } from "@client/components/ui/Card";
import { LoadMore, PagedItems, type PagedQuery } from "@client/components/ui/PagedList";
import { Skeleton } from "@client/components/ui/Skeleton";
import { ApiRequestError } from "@client/lib/api";
import type { LogPage } from "@shared/schemas/admin";
import type { ReactNode } from "react";

/** What a log list needs from its infinite query. */
export interface LogListQuery<T> extends PagedQuery {
  error: unknown;
  data?: { pages: readonly LogPage<T>[] } | undefined;
}

/** A log read a page at a time: loading, failed (the server's reason), empty, rows and 'Load more'. */
export function LogList<T extends { id: number }>({
  query,
  renderItem,
  noun,
}: {
  query: LogListQuery<T>;
  renderItem: (item: T) => ReactNode;
  /** What the list holds ('application log entries'). */
  noun: string;
}) {
  const items = query.data?.pages.flatMap((page) => page.logs) ?? [];
  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <p role="status" className="sr-only">
          Loading {noun}…
        </p>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    const reason = query.error instanceof ApiRequestError && query.error.status === 400 ? query.error.message : null;
    return (
      <Alert tone="danger" title={`The ${noun} could not be loaded`}>
        {reason ?? "Check your connection and "}
        {reason ? null : (
          <>
            <button type="button" className="font-semibold underline" onClick={() => query.refetch()}>
              try again
            </button>
            .
          </>
        )}
      </Alert>
    );
  }
  if (items.length === 0) {
    return <Card className="p-6 text-center text-slate-600">No {noun} match these filters.</Card>;
  }
  return (
    <>
      <PagedItems items={items} itemKey={(row) => String(row.id)} renderItem={renderItem} />
      <LoadMore
        query={query}
        noun={noun}
        end={<p className="mt-4 text-center text-sm text-slate-600">That is the oldest entry for these filters.</p>}
      />
    </>
  );
}
