import { Card } from "@client/components/ui/Card";
import { LoadError } from "@client/components/ui/LoadError";
import type { ReactNode } from "react";
import { NoResults, SearchField } from "./ListToolbar";
import { ListStatus, Pager } from "./Pager";

/** A page of an admin list, as the server sends it. */
interface ListPage {
  page: number;
  pageSize: number;
  total: number;
}

/** What the card needs from the list's query. */
interface ListQuery<D extends ListPage> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * An admin list read a page at a time: the search box and filters, what the list shows (or what
 * went wrong), then the list itself (failed to load, empty, or `children`), then the pager.
 */
export function AdminListCard<D extends ListPage>({
  toolbarClassName,
  search,
  filters,
  failure,
  list,
  noun,
  errorTitle,
  isEmpty,
  empty,
  pagerLabel,
  onPage,
  children,
}: {
  /** The toolbar grid's columns, e.g. 'md:grid-cols-[minmax(0,1fr)_auto]'. */
  toolbarClassName: string;
  search: { label: string; value: string; onChange: (value: string) => void; placeholder: string; maxLength: number };
  /** The filters, after the search box. */
  filters: ReactNode;
  failure: string | null;
  list: ListQuery<D>;
  /** Singular and plural ('user', 'users'). */
  noun: [string, string];
  errorTitle: string;
  isEmpty: (data: D) => boolean;
  empty: { title: string; hint: string };
  pagerLabel: string;
  onPage: (page: number) => void;
  /** The table and cards (also while loading). */
  children: ReactNode;
}) {
  const data = list.data;
  return (
    <Card className="mt-6 p-4 sm:p-5">
      <div className={`grid gap-3 ${toolbarClassName}`}>
        <SearchField {...search} />
        {filters}
      </div>

      <ListStatus failure={failure} data={data} loading={list.isPending} noun={noun} />

      {list.isError && !data ? (
        <LoadError title={errorTitle} onRetry={list.refetch} className="mt-3" />
      ) : data && isEmpty(data) ? (
        <NoResults title={empty.title} hint={empty.hint} />
      ) : (
        children
      )}

      {data ? (
        <Pager
          label={pagerLabel}
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={onPage}
          busy={list.isFetching}
          wordy
        />
      ) : null}
    </Card>
  );
}
