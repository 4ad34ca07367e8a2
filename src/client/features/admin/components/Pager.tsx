import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { ChevronLeft, ChevronRight } from "lucide-react";

/** Where a list read a page at a time is: the page shown, its size, and how many items in all. */
export interface PageOf {
  page: number;
  pageSize: number;
  total: number;
}

/** Previous / next page of a list read a page at a time, with where the reader is. */
export function Pager({
  label,
  data: { page, pageSize, total },
  onPage,
  busy = false,
  wordy = false,
}: {
  /** What the pages hold ('Attorney directory pages'). */
  label: string;
  data: PageOf;
  onPage: (page: number) => void;
  /** While the next page is read, both buttons wait. */
  busy?: boolean;
  /** 'Previous page' / 'Next page' in words, instead of 'Previous' / 'Next' with arrows. */
  wordy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
        icon={wordy ? undefined : <ChevronLeft className="size-4" aria-hidden />}
      >
        {wordy ? "Previous page" : "Previous"}
      </Button>
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {wordy ? "Next page" : "Next"}
        {wordy ? null : <ChevronRight className="size-4" aria-hidden />}
      </Button>
    </nav>
  );
}

/** 'Showing 1–25 of 60 attorneys', or nothing while there is nothing to show. */
export function showingText(data: PageOf | undefined, noun: [string, string]) {
  if (!data || data.total === 0) return "";
  const from = (data.page - 1) * data.pageSize + 1;
  const to = Math.min(data.page * data.pageSize, data.total);
  if (from > data.total) return `${data.total.toLocaleString("en-US")} ${data.total === 1 ? noun[0] : noun[1]}`;
  return `Showing ${from}–${to} of ${data.total.toLocaleString("en-US")} ${data.total === 1 ? noun[0] : noun[1]}`;
}

/** Above a paged list: what went wrong with the last action, then what the list shows (announced). */
export function ListStatus({
  failure,
  data,
  loading,
  noun,
}: {
  failure: string | null;
  data: PageOf | undefined;
  loading: boolean;
  /** Singular and plural ('user', 'users'). */
  noun: [string, string];
}) {
  return (
    <>
      {failure ? (
        <Alert tone="danger" className="mt-4">
          {failure}
        </Alert>
      ) : null}
      <p role="status" className="mt-4 text-sm text-slate-600">
        {data ? showingText(data, noun) : loading ? `Loading ${noun[1]}…` : ""}
      </p>
    </>
  );
}
