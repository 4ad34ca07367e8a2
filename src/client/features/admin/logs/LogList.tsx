import { Alert } from "@client/components/ui/Alert";
import { Card } from "@client/components/ui/Card";
import { LoadMore, PagedItems, type PagedQuery } from "@client/components/ui/PagedList";
import { Skeleton } from "@client/components/ui/Skeleton";
import { ApiRequestError } from "@client/lib/api";
import type { LogPage, LogUser } from "@shared/schemas/admin";
import type { ReactNode } from "react";

/** A log row's time to the second, in the admin's own time zone. */
const logTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});

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

/** Who wrote a row, and when. */
export function RowByline({ user, userId, at }: { user: LogUser | null; userId: string | null; at: string }) {
  return (
    <p className="text-sm break-words text-slate-600">
      {user ? (
        <>
          {user.name !== user.email ? <span className="font-medium text-slate-800">{user.name} · </span> : null}
          <span className="break-all">{user.email}</span>
        </>
      ) : userId ? (
        <span>Deleted user</span>
      ) : (
        <span>No signed-in user</span>
      )}
      {" · "}
      <time dateTime={at}>{logTime.format(new Date(at))}</time>
    </p>
  );
}

/** Where a request came from, when it was recorded. */
export function RequestOrigin({ ipAddress, userAgent }: { ipAddress: string | null; userAgent: string | null }) {
  if (!ipAddress && !userAgent) return null;
  return (
    <dl className="mt-2 grid gap-x-3 gap-y-0.5 text-xs text-slate-600 sm:grid-cols-[auto_1fr]">
      {ipAddress ? (
        <>
          <dt className="font-semibold">IP address</dt>
          <dd className="break-all">{ipAddress}</dd>
        </>
      ) : null}
      {userAgent ? (
        <>
          <dt className="font-semibold">Browser</dt>
          <dd className="break-all">{userAgent}</dd>
        </>
      ) : null}
    </dl>
  );
}
