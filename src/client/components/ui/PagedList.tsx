import type { ReactNode } from "react";
import { Button } from "./Button";
import { Card } from "./Card";
import { LoadError } from "./LoadError";
import { Skeleton } from "./Skeleton";

/** What a paged list query tells the list (TanStack Query's infinite query has all of it). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * A list read a page at a time, in its four states: loading (skeleton cards, announced), failed
 * (with a way to try again), empty, and the items with 'Load more' while there are more pages.
 */
export function PagedList<T>({
  query,
  items,
  itemKey,
  renderItem,
  empty,
  noun,
  skeletonRows = 3,
}: {
  query: PagedQuery;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown when there is nothing yet. */
  empty: ReactNode;
  /** What the list holds, plural ('cases', 'documents'): read in its loading, error and button texts. */
  noun: string;
  skeletonRows?: number;
}) {
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="space-y-3">
        <p role="status" className="sr-only">
          Loading your {noun}…
        </p>
        <SkeletonCards count={skeletonRows} bars={["h-5 w-2/3", "h-4 w-full", "h-4 w-1/2"]} />
      </div>
    );
  } else if (query.isError) {
    body = <LoadError title={`Your ${noun} could not be loaded`} onRetry={query.refetch} />;
  } else if (items.length === 0) {
    body = empty;
  } else {
    body = <PagedItems items={items} itemKey={itemKey} renderItem={renderItem} />;
  }
  return (
    <>
      {body}
      <LoadMore query={query} noun={noun} />
    </>
  );
}

/**
 * Cards standing in for a list's items while they load, hidden from screen readers: each holds one
 * bar per entry of `bars` (its classes; no two alike).
 */
export function SkeletonCards({ count = 3, bars }: { count?: number; bars: readonly string[] }) {
  return Array.from({ length: count }, (_, row) => `row-${row}`).map((key) => (
    <Card key={key} aria-hidden className="space-y-3 p-5">
      {bars.map((bar) => (
        <Skeleton key={bar} className={bar} />
      ))}
    </Card>
  ));
}

/** The items of a paged list, one list entry each. */
export function PagedItems<T>({
  items,
  itemKey,
  renderItem,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}

/** 'Load more' while there are more pages; `end` (if any) once there are none. */
export function LoadMore({ query, noun, end = null }: { query: PagedQuery; noun: string; end?: ReactNode }) {
  return query.hasNextPage ? (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
        Load more {noun}
      </Button>
    </div>
  ) : (
    end
  );
}
