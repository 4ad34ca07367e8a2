import { Card } from "@client/components/ui/Card";
import { LoadError } from "@client/components/ui/LoadError";
import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";
import { type ListFilters, NoResults, SearchField } from "./ListToolbar";
import { ListStatus, type PageOf, Pager } from "./Pager";

/** What the card needs from the list's query. */
interface ListQuery<D extends PageOf> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * An admin list read a page at a time: the search box and filters, what the list shows (or what
 * went wrong), then the list itself (failed to load, empty, or `children`), then the pager. The
 * texts around the list are made of its `noun` ('Search cases', 'No cases match', …).
 */
export function AdminListCard<D extends PageOf>({
  noun,
  list,
  query,
  search,
  toolbarClassName,
  filters,
  failure,
  isEmpty,
  empty,
  pagerLabel,
  pagerArrows = false,
  className,
  children,
}: {
  /** Singular and plural ('case', 'cases'). */
  noun: [string, string];
  list: ListFilters;
  query: ListQuery<D>;
  search: { placeholder: string; maxLength: number };
  /** The toolbar grid's columns, e.g. 'md:grid-cols-[minmax(0,1fr)_auto]'. */
  toolbarClassName: string;
  /** The filters, after the search box. */
  filters: ReactNode;
  failure: string | null;
  isEmpty: (data: D) => boolean;
  /** The hint under 'No … match' (when filtered) and under 'No … yet'. */
  empty: { filtered: string; none: string; icon?: ReactNode };
  pagerLabel: string;
  /** 'Previous' and 'Next' with arrows, instead of 'Previous page' and 'Next page'. */
  pagerArrows?: boolean;
  className?: string;
  /** The table and cards (also while loading). */
  children: ReactNode;
}) {
  const data = query.data;
  return (
    <Card className={cn(className, "p-4 sm:p-5")}>
      <div className={`grid gap-3 ${toolbarClassName}`}>
        <SearchField label={`Search ${noun[1]}`} {...list.search} {...search} />
        {filters}
      </div>

      <ListStatus failure={failure} data={data} loading={query.isPending} noun={noun} />

      {query.isError && !data ? (
        <LoadError title={`The ${noun[1]} could not be loaded`} onRetry={query.refetch} className="mt-3" />
      ) : data && isEmpty(data) ? (
        <NoResults
          icon={empty.icon}
          title={`No ${noun[1]} ${list.filtered ? "match" : "yet"}`}
          hint={list.filtered ? empty.filtered : empty.none}
        />
      ) : (
        children
      )}

      {data ? (
        <Pager label={pagerLabel} data={data} onPage={list.setPage} busy={query.isFetching} wordy={!pagerArrows} />
      ) : null}
    </Card>
  );
}
