import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { Checkbox } from "@client/components/ui/Field";
import { LoadError } from "@client/components/ui/LoadError";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { FilterSelect, NoResults } from "@client/features/admin/components/ListToolbar";
import { Pager, showingText } from "@client/features/admin/components/Pager";
import { ResponsiveTable } from "@client/features/admin/components/ResponsiveTable";
import { useDialogFor } from "@client/features/admin/components/use-dialog-for";
import { LAW_TOPICS, type LawTopic } from "@shared/law";
import type { LawLibraryItem } from "@shared/schemas/law-library";
import { type StateCode, US_STATES } from "@shared/us-states";
import { BookOpenCheck } from "lucide-react";
import { useState } from "react";
import { LawFactDialog } from "./LawFactDialog";
import { type LawLibraryFilters, useLawLibrary } from "./law-library-api";
import { checkedText } from "./law-text";

const STATE_OPTIONS = [["", "All states"], ...US_STATES.map((s) => [s.code, s.name] as const)] as const;
const TOPIC_OPTIONS = [["", "All topics"], ...LAW_TOPICS.map((t) => [t.id, t.label] as const)] as const;

type Row = LawLibraryItem & { id: string };

/** Checked (when, or never) and due, as badges. */
function CheckState({ item }: { item: LawLibraryItem }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {item.checked ? (
        <span className="text-slate-800">{checkedText(item.checked)}</span>
      ) : (
        <Badge tone="red">Not verified</Badge>
      )}
      {item.checked && item.due ? <Badge tone="amber">Due</Badge> : null}
      {item.edited ? <Badge tone="indigo">Edited</Badge> : null}
      {item.pendingRelease ? <Badge tone="amber">New release waiting</Badge> : null}
    </div>
  );
}

/**
 * Admin section 'Law library': every fact the assistant and the key dates rely on, by state and
 * topic, with its citation, source and the day it was checked. A fact never checked, or checked
 * over a year ago, is due; administrators correct a fact, mark it checked, and decide on a newer
 * release of one they edited (LawFactDialog). Legal information, not legal advice.
 */
export function LawLibrarySection() {
  const [filters, setFilters] = useState<LawLibraryFilters>({ state: "", topic: "", due: false, page: 1 });
  const query = useLawLibrary(filters);
  const dialog = useDialogFor<LawLibraryItem>();
  const data = query.data;
  const rows: Row[] | undefined = data?.items.map((item) => ({ ...item, id: `${item.state}:${item.topic}` }));
  const review = (item: LawLibraryItem) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Review: ${item.stateName}, ${item.topicLabel}`}
      onClick={() => dialog.show(item)}
    >
      Review
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Law library"
        description="The state rules the assistant and the key dates rely on, each with its source. A rule not read against its source in the last 12 months is due for a check. Legal information, not legal advice."
      />
      <Card className="space-y-4 p-4 sm:p-5">
        <h2 className="sr-only">The library's facts</h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          {data
            ? `${data.counts.total} facts · ${data.counts.notVerified} not verified · ${data.counts.due} due for a check · ${data.counts.pending} newer releases waiting for a decision.`
            : "Loading the library..."}
        </p>
        <div className="grid gap-3 md:grid-cols-[minmax(0,14rem)_minmax(0,18rem)_auto] md:items-center">
          <FilterSelect
            label="State"
            value={filters.state}
            onChange={(state) => setFilters((f) => ({ ...f, state: state as StateCode | "", page: 1 }))}
            options={STATE_OPTIONS}
            className="w-full"
          />
          <FilterSelect
            label="Topic"
            value={filters.topic}
            onChange={(topic) => setFilters((f) => ({ ...f, topic: topic as LawTopic | "", page: 1 }))}
            options={TOPIC_OPTIONS}
            className="w-full"
          />
          <Checkbox
            label="Due for a check only"
            checked={filters.due}
            onChange={(event) => setFilters((f) => ({ ...f, due: event.target.checked, page: 1 }))}
          />
        </div>
        {query.isError && !data ? (
          <LoadError title="The law library could not be loaded" onRetry={query.refetch} />
        ) : rows && rows.length === 0 ? (
          <NoResults
            icon={<BookOpenCheck className="mx-auto size-6 text-slate-500" aria-hidden />}
            title="No facts match"
            hint="Choose another state or topic, or show every fact, not only those due."
          />
        ) : (
          <ResponsiveTable<Row>
            caption="The law library's facts"
            rows={rows}
            dimmed={query.isFetching && query.isPlaceholderData}
            columns={[
              { header: "State", cell: (row) => row.stateName, className: "whitespace-nowrap font-medium" },
              { header: "Topic", cell: (row) => row.topicLabel },
              {
                header: "Rule and source",
                cell: (row) => (
                  <div className="max-w-xl space-y-1">
                    <p className="line-clamp-2 text-slate-800">{row.rule}</p>
                    <p className="text-xs text-slate-600">{row.citation}</p>
                  </div>
                ),
              },
              { header: "Checked", cell: (row) => <CheckState item={row} /> },
              { header: "Actions", cell: review },
            ]}
            cards={{
              label: "The law library's facts",
              render: (row) => (
                <div className="space-y-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">
                      {row.stateName} · {row.topicLabel}
                    </h3>
                  </div>
                  <p className="text-sm break-words text-slate-800">{row.rule}</p>
                  <p className="text-xs break-words text-slate-600">{row.citation}</p>
                  <CheckState item={row} />
                  <div>{review(row)}</div>
                </div>
              ),
              skeleton: (
                <div className="space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              ),
            }}
          />
        )}
        {data ? (
          <>
            <p className="text-sm text-slate-600">{showingText(data, ["fact", "facts"])}</p>
            <Pager
              label="Law library pages"
              data={data}
              busy={query.isFetching}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
            />
          </>
        ) : null}
      </Card>
      {dialog.render((item, state) =>
        item ? <LawFactDialog {...state} state={item.state} topic={item.topic} /> : null,
      )}
    </>
  );
}
