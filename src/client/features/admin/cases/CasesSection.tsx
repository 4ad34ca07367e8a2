import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { PageHeader } from "@client/components/ui/PageHeader";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { AdminListCard } from "@client/features/admin/components/AdminListCard";
import { FilterSelect, useDebouncedSearch } from "@client/features/admin/components/ListToolbar";
import { ScrollTable, SkeletonRows } from "@client/features/admin/components/ScrollTable";
import { type StatTile, StatTiles } from "@client/features/admin/components/StatTiles";
import { cn } from "@client/lib/cn";
import { formatDate, formatDateTime } from "@client/lib/dates";
import { useDialogState } from "@client/lib/use-dialog-state";
import { ADMIN_TEXT } from "@shared/messages";
import type { AdminCase } from "@shared/schemas/admin-cases";
import { Archive, Briefcase, Eye, Layers, RefreshCw, Scale } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type AdminCaseFilters, useAdminCaseStats, useAdminCases, useToggleCaseStatus } from "./admin-cases-api";
import { CaseDetailDialog } from "./CaseDetailDialog";
import { AdminCaseStatusBadge, COMPLEXITY_LABELS, statusLabel } from "./case-labels";

/** Admin section 'Cases' (spec section 2): tiles, search and filters, the table, the case modal. */
export function CasesSection() {
  const [filters, setFilters] = useState<AdminCaseFilters>({ q: "", status: "", complexity: "", page: 1 });
  const [typed, setTyped] = useDebouncedSearch(filters, setFilters);
  const [selected, setSelected] = useState<AdminCase | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dialog = useDialogState();
  const list = useAdminCases(filters);
  const toggle = useToggleCaseStatus();
  const toast = useToast();

  const open = (item: AdminCase) => {
    setSelected(item);
    dialog.show();
  };

  const toggleStatus = (item: AdminCase) => {
    setFailure(null);
    toggle.mutate(item.id, {
      onSuccess: (updated) => toast.success(`"${updated.title}" is now ${statusLabel(updated.status)}.`),
      onError: () => setFailure(ADMIN_TEXT.updateCaseStatusFailed),
    });
  };

  const data = list.data;
  const filtered = Boolean(filters.q || filters.status || filters.complexity);

  return (
    <>
      <PageHeader
        title="Cases"
        description="Every member's cases: search them, read their messages, change their status and assign an attorney."
      />
      <StatsTiles />

      <AdminListCard
        toolbarClassName="md:grid-cols-[minmax(0,1fr)_auto_auto]"
        search={{
          label: "Search cases",
          value: typed,
          onChange: setTyped,
          placeholder: "Search cases by title, user, or description...",
          maxLength: 100,
        }}
        filters={
          <>
            <FilterSelect
              label="Filter by status"
              value={filters.status}
              onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
              className="md:w-44"
            >
              <option value="">All Status</option>
              <option value="active">Active</option>
              <option value="referred">Referred</option>
              <option value="archived">Archived</option>
            </FilterSelect>
            <FilterSelect
              label="Filter by complexity"
              value={filters.complexity}
              onChange={(complexity) => setFilters((f) => ({ ...f, complexity, page: 1 }))}
              className="md:w-48"
            >
              <option value="">All Complexity</option>
              {Object.entries(COMPLEXITY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </FilterSelect>
          </>
        }
        failure={failure}
        list={list}
        noun={["case", "cases"]}
        errorTitle="The cases could not be loaded"
        isEmpty={(page) => page.cases.length === 0}
        empty={
          filtered
            ? { title: "No cases match", hint: "Try another search, or clear the filters." }
            : { title: "No cases yet", hint: "Cases appear here as soon as members start a chat." }
        }
        pagerLabel="Cases pages"
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
      >
        <div className="mt-3">
          {data ? (
            <ul aria-label="Cases" className="space-y-3 md:hidden">
              {data.cases.map((item) => (
                <li key={item.id}>
                  <CaseCard
                    item={item}
                    onView={() => open(item)}
                    onToggle={() => toggleStatus(item)}
                    toggling={toggle.isPending && toggle.variables === item.id}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <div className="space-y-3 md:hidden" aria-hidden>
              {Array.from({ length: 5 }, (_, row) => `card-skeleton-${row}`).map((key) => (
                <div key={key} className="space-y-2 rounded-[var(--radius-control)] border border-slate-200 p-4">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              ))}
            </div>
          )}
          <ScrollTable
            label="Cases table"
            caption="Cases, most recent activity first"
            columns={["Case", "User", "Status", "Activity", "Actions"]}
            minWidthClassName="min-w-[680px]"
            bodyClassName={list.isPlaceholderData ? "opacity-60" : undefined}
          >
            {data ? (
              data.cases.map((item) => (
                <CaseRow
                  key={item.id}
                  item={item}
                  onView={() => open(item)}
                  onToggle={() => toggleStatus(item)}
                  toggling={toggle.isPending && toggle.variables === item.id}
                />
              ))
            ) : (
              <SkeletonRows count={5}>
                <td className="px-4 py-4">
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="mt-2 h-3 w-64" />
                </td>
                <td className="px-4 py-4">
                  <Skeleton className="h-4 w-32" />
                </td>
                <td className="px-4 py-4">
                  <Skeleton className="h-5 w-20" />
                </td>
                <td className="px-4 py-4">
                  <Skeleton className="h-4 w-28" />
                </td>
                <td className="px-4 py-4">
                  <Skeleton className="ml-auto h-8 w-40" />
                </td>
              </SkeletonRows>
            )}
          </ScrollTable>
        </div>
      </AdminListCard>

      {dialog.used && selected ? (
        <CaseDetailDialog key={selected.id} open={dialog.open} onOpenChange={dialog.setOpen} initial={selected} />
      ) : null}
    </>
  );
}

function StatsTiles() {
  const stats = useAdminCaseStats();
  const s = stats.data;
  const tiles: StatTile[] = [
    { label: "Active", value: s?.active, Icon: Briefcase, tone: "bg-green-100 text-green-900" },
    { label: "Referred", value: s?.referred, Icon: Scale, tone: "bg-primary-100 text-primary-900" },
    { label: "Archived", value: s?.archived, Icon: Archive, tone: "bg-slate-200 text-slate-800" },
    { label: "Complex", value: s?.complex, Icon: Layers, tone: "bg-premium-100 text-premium-900" },
  ];
  return <StatTiles label="Case totals" tiles={tiles} isError={stats.isError} />;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-800">{children}</dd>
    </div>
  );
}

interface RowProps {
  item: AdminCase;
  onView: () => void;
  onToggle: () => void;
  toggling: boolean;
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
    <dl className="space-y-0.5">
      <Detail label="Messages:">{item.messageCount.toLocaleString("en-US")}</Detail>
      <Detail label="Created:">{formatDate(item.createdAt)}</Detail>
      <Detail label="Last activity:">{formatDateTime(item.lastMessageAt ?? item.updatedAt)}</Detail>
    </dl>
  );
}

function CaseActions({ item, onView, onToggle, toggling, className }: RowProps & { className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button
        variant="secondary"
        size="sm"
        onClick={onView}
        aria-label={`View Case: ${item.title}`}
        icon={<Eye className="size-4" aria-hidden />}
      >
        View Case
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onToggle}
        loading={toggling}
        aria-label={`Toggle Status: ${item.title}`}
        icon={<RefreshCw className="size-4" aria-hidden />}
      >
        Toggle Status
      </Button>
    </div>
  );
}

/** One case in the table (from 768 px wide). */
function CaseRow(props: RowProps) {
  const { item } = props;
  return (
    <tr className="align-top">
      <td className="max-w-xs px-4 py-4">
        <CaseSummary item={item} />
      </td>
      <td className="px-4 py-4">
        <CaseUser item={item} />
      </td>
      <td className="px-4 py-4">
        <CaseStatus item={item} />
      </td>
      <td className="px-4 py-4">
        <CaseActivity item={item} />
      </td>
      <td className="px-4 py-4">
        <CaseActions {...props} className="justify-end" />
      </td>
    </tr>
  );
}

/** One case as a card (narrow screens): the table's five columns, one under the other. */
function CaseCard(props: RowProps) {
  const { item } = props;
  return (
    <article
      aria-label={item.title}
      className="space-y-3 rounded-[var(--radius-control)] border border-slate-200 p-4 text-sm"
    >
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
      <CaseActions {...props} />
    </article>
  );
}
