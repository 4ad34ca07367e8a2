import { Badge } from "@client/components/ui/Badge";
import type { DataColumn } from "@client/components/ui/DataTable";
import { DetailList } from "@client/components/ui/DetailList";
import { PageHeader } from "@client/components/ui/PageHeader";
import type { SelectOptions } from "@client/components/ui/SelectField";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { ActionButtons } from "@client/features/admin/components/ActionButtons";
import { AdminListCard } from "@client/features/admin/components/AdminListCard";
import { FilterSelect, useListFilters } from "@client/features/admin/components/ListToolbar";
import { ResponsiveTable } from "@client/features/admin/components/ResponsiveTable";
import { type StatTile, StatTiles } from "@client/features/admin/components/StatTiles";
import { useDialogFor } from "@client/features/admin/components/use-dialog-for";
import { formatDate, formatDateTime } from "@shared/dates";
import { ADMIN_TEXT } from "@shared/messages";
import type { AdminCase, AdminCaseStats } from "@shared/schemas/admin-cases";
import { Archive, Briefcase, Eye, Layers, RefreshCw, Scale } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type AdminCaseFilters, useAdminCaseStats, useAdminCases, useToggleCaseStatus } from "./admin-cases-api";
import { CaseDetailDialog } from "./CaseDetailDialog";
import {
  AdminCaseStatusBadge,
  COMPLEXITY_LABELS,
  COMPLEXITY_OPTIONS,
  STATUS_OPTIONS,
  statusLabel,
} from "./case-labels";

const TILES: StatTile<AdminCaseStats>[] = [
  { label: "Active", stat: "active", Icon: Briefcase, tone: "green" },
  { label: "Referred", stat: "referred", Icon: Scale, tone: "primary" },
  { label: "Archived", stat: "archived", Icon: Archive, tone: "slate" },
  { label: "Complex", stat: "complex", Icon: Layers, tone: "premium" },
];

/** The list's filters: each a select of its values, after 'all'. */
const FILTERS: { key: "status" | "complexity"; label: string; options: SelectOptions; className: string }[] = [
  { key: "status", label: "Filter by status", options: [["", "All Status"], ...STATUS_OPTIONS], className: "md:w-44" },
  {
    key: "complexity",
    label: "Filter by complexity",
    options: [["", "All Complexity"], ...COMPLEXITY_OPTIONS],
    className: "md:w-48",
  },
];

/** What the row's status toggle (spec: Toggle Status) does to a case of this status. */
const toggledText = (status: string) => (status === "active" ? "Set to Archived" : "Set to Active");

/** Admin section 'Cases' (spec section 2): tiles, search and filters, the table, the case modal. */
export function CasesSection() {
  const list = useListFilters<AdminCaseFilters>({ q: "", status: "", complexity: "", page: 1 });
  const detail = useDialogFor<AdminCase>();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useAdminCases(list.filters);
  const stats = useAdminCaseStats();
  const toggle = useToggleCaseStatus();
  const toast = useToast();

  const toggleStatus = (item: AdminCase) => {
    setFailure(null);
    toggle.mutate(item.id, {
      onSuccess: (updated) => toast.success(`"${updated.title}" is now ${statusLabel(updated.status)}.`),
      onError: () => setFailure(ADMIN_TEXT.updateCaseStatusFailed),
    });
  };

  /** View Case and the status toggle, for the row's last column and the card. */
  const actions = (item: AdminCase, className: string) => (
    <ActionButtons
      className={className}
      actions={[
        { text: "View Case", name: `View Case: ${item.title}`, Icon: Eye, onClick: () => detail.show(item) },
        {
          // The toggle (spec: Toggle Status) says what it does: an active case is archived, any
          // other made active again.
          text: toggledText(item.status),
          name: `${toggledText(item.status)}: ${item.title}`,
          Icon: RefreshCw,
          onClick: () => toggleStatus(item),
          variant: "ghost",
          loading: toggle.isPending && toggle.variables === item.id,
        },
      ]}
    />
  );
  const columns: DataColumn<AdminCase>[] = [
    {
      header: "Case",
      className: "max-w-xs",
      cell: (item) => <CaseSummary item={item} />,
      skeleton: <SummarySkeleton />,
    },
    { header: "User", cell: (item) => <CaseUser item={item} />, skeleton: "h-4 w-32" },
    { header: "Status", cell: (item) => <CaseStatus item={item} />, skeleton: "h-5 w-20" },
    { header: "Activity", cell: (item) => <CaseActivity item={item} />, skeleton: "h-4 w-28" },
    { header: "Actions", cell: (item) => actions(item, "flex-wrap justify-end"), skeleton: "ml-auto h-8 w-40" },
  ];

  return (
    <>
      <PageHeader
        title="Cases"
        description="Every member's cases: search them, read their messages, change their status and assign an attorney."
      />
      <StatTiles label="Case totals" stats={stats} tiles={TILES} />

      <AdminListCard
        className="mt-6"
        noun={["case", "cases"]}
        list={list}
        query={query}
        search={{ placeholder: "Search cases by title, user, or description...", maxLength: 100 }}
        toolbarClassName="md:grid-cols-[minmax(0,1fr)_auto_auto]"
        filters={FILTERS.map(({ key, ...filter }) => (
          <FilterSelect
            key={key}
            {...filter}
            value={list.filters[key]}
            onChange={(value) => list.setFilter(key, value)}
          />
        ))}
        failure={failure}
        isEmpty={(page) => page.cases.length === 0}
        empty={{
          filtered: "Try another search, or clear the filters.",
          none: "Cases appear here as soon as members start a chat.",
        }}
        pagerLabel="Cases pages"
      >
        <ResponsiveTable
          caption="Cases, most recent activity first"
          region={{ label: "Cases table", minWidth: "min-w-[680px]" }}
          columns={columns}
          rows={query.data?.cases}
          dimmed={query.isPlaceholderData}
          cards={{
            label: "Cases",
            render: (item) => <CaseCard item={item}>{actions(item, "flex-wrap")}</CaseCard>,
            skeleton: (
              <div className="space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-full" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            ),
          }}
        />
      </AdminListCard>

      {detail.render((item, state) => (item ? <CaseDetailDialog {...state} initial={item} /> : null))}
    </>
  );
}

function SummarySkeleton() {
  return (
    <>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="mt-2 h-3 w-64" />
    </>
  );
}

function CaseSummary({ item }: { item: AdminCase }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{item.title}</p>
      {item.description ? <p className="mt-1 line-clamp-2 text-slate-600">{item.description}</p> : null}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Badge tone="slate">{item.category ?? "Uncategorized"}</Badge>
        {item.complexity ? (
          <Badge tone={item.complexity === "complex" ? "amber" : "gray"}>
            {COMPLEXITY_LABELS[item.complexity] ?? item.complexity}
          </Badge>
        ) : null}
      </div>
    </>
  );
}

function CaseUser({ item }: { item: AdminCase }) {
  return (
    <>
      <p className="font-medium text-slate-900">{item.userName}</p>
      <p className="break-all text-slate-600">{item.userEmail}</p>
    </>
  );
}

function CaseStatus({ item }: { item: AdminCase }) {
  return (
    <>
      <AdminCaseStatusBadge status={item.status} />
      {item.assignedAttorney ? (
        <p className="mt-2 text-slate-700">
          <span className="text-slate-600">Attorney: </span>
          <span className="font-medium">{item.assignedAttorney}</span>
        </p>
      ) : null}
    </>
  );
}

function CaseActivity({ item }: { item: AdminCase }) {
  return (
    <DetailList
      variant="inline"
      className="space-y-0.5"
      items={[
        ["Messages:", item.messageCount.toLocaleString("en-US")],
        ["Created:", formatDate(item.createdAt)],
        ["Last activity:", formatDateTime(item.lastMessageAt ?? item.updatedAt)],
      ]}
    />
  );
}

/** One case as a card (narrow screens): the table's columns, one under the other, then `children` (the actions). */
function CaseCard({ item, children }: { item: AdminCase; children: ReactNode }) {
  return (
    <article aria-label={item.title} className="space-y-3 text-sm">
      <div>
        <CaseSummary item={item} />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CaseUser item={item} />
        </div>
        <div>
          <CaseStatus item={item} />
        </div>
      </div>
      <CaseActivity item={item} />
      {children}
    </article>
  );
}
