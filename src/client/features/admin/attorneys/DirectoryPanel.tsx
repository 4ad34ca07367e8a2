import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import type { DataColumn } from "@client/components/ui/DataTable";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { AdminListCard } from "@client/features/admin/components/AdminListCard";
import { FilterSelect, useListFilters } from "@client/features/admin/components/ListToolbar";
import { ResponsiveTable } from "@client/features/admin/components/ResponsiveTable";
import { useDialogFor } from "@client/features/admin/components/use-dialog-for";
import { ApiRequestError } from "@client/lib/api";
import { type AdminAttorney, type AttorneyAvailability, AVAILABILITY_LABELS } from "@shared/schemas/admin-attorneys";
import { Pencil, Plus, Star, Trash2, UserRound } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { AttorneyFormDialog } from "./AttorneyFormDialog";
import { type AttorneyFilters, useAttorneys, useRemoveAttorney } from "./attorneys-api";

const AVAILABILITY_TONES: Record<AttorneyAvailability, "green" | "amber" | "slate"> = {
  available: "green",
  busy: "amber",
  unavailable: "slate",
};

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });

function StatusBadges({ attorney }: { attorney: AdminAttorney }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {attorney.isActive ? <Badge tone="indigo">Active</Badge> : <Badge tone="gray">Inactive</Badge>}
      <Badge tone={AVAILABILITY_TONES[attorney.availability]}>{AVAILABILITY_LABELS[attorney.availability]}</Badge>
    </div>
  );
}

/** Rating, experience and rate, each only when known. */
function details(attorney: AdminAttorney): string[] {
  return [
    attorney.rating !== null ? `Rated ${attorney.rating.toFixed(1)} of 5` : null,
    attorney.experience !== null ? `${attorney.experience} ${attorney.experience === 1 ? "year" : "years"}` : null,
    attorney.hourlyRate !== null ? `${money.format(attorney.hourlyRate)}/hr` : null,
  ].filter((item): item is string => item !== null);
}

/** The attorneys directory: search, filter, a table (cards on phones), add, edit and delete. */
export function DirectoryPanel() {
  const ids = useId();
  const toast = useToast();
  const list = useListFilters<AttorneyFilters>({ q: "", page: 1 });
  const form = useDialogFor<AdminAttorney>();
  const confirm = useDialogFor<AdminAttorney>();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useAttorneys(list.filters);
  const remove = useRemoveAttorney();
  const deleting = confirm.item;

  const askDelete = (attorney: AdminAttorney) => {
    setFailure(null);
    confirm.show(attorney);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        confirm.close();
        toast.success(
          result.outcome === "deleted"
            ? `${deleting.name} was deleted from the directory.`
            : `${deleting.name} is named by ${result.referrals} ${result.referrals === 1 ? "referral" : "referrals"}, so they were made inactive instead of deleted.`,
        );
      },
      onError: (error) => {
        confirm.close();
        const gone = error instanceof ApiRequestError && error.status === 404;
        setFailure(
          gone
            ? "This attorney was already removed. The list has been reloaded."
            : `${deleting.name} could not be deleted. Please try again.`,
        );
        if (gone) void query.refetch();
      },
    });
  };

  /** Edit and Delete, as icons named for the attorney. */
  const rowActions = (attorney: AdminAttorney) => (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${attorney.name}`} onClick={() => form.show(attorney)}>
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${attorney.name}`} onClick={() => askDelete(attorney)}>
        <Trash2 className="size-4 text-red-700" aria-hidden />
      </Button>
    </div>
  );
  const columns: DataColumn<AdminAttorney>[] = [
    { header: "Attorney", cell: (attorney) => <Contact attorney={attorney} /> },
    {
      header: "Firm and location",
      className: "text-slate-700",
      cell: (attorney) => <FirmAndLocation attorney={attorney} />,
    },
    { header: "Specialties", className: "text-slate-700", cell: (attorney) => <Specialties attorney={attorney} /> },
    { header: "Experience", className: "text-slate-700", cell: (attorney) => <Experience attorney={attorney} /> },
    { header: "Status", cell: (attorney) => <StatusBadges attorney={attorney} /> },
    { header: "Actions", cell: rowActions },
  ];
  const data = query.data;
  const activeValue = list.filters.active === undefined ? "" : String(list.filters.active);

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
          Attorney directory
        </h2>
        <Button onClick={() => form.show(null)} icon={<Plus className="size-4" aria-hidden />}>
          Add Attorney
        </Button>
      </div>
      <AdminListCard
        noun={["attorney", "attorneys"]}
        list={list}
        query={query}
        search={{ placeholder: "Search by name, firm, specialty or location...", maxLength: 100 }}
        toolbarClassName="sm:grid-cols-[minmax(0,1fr)_auto]"
        filters={
          <FilterSelect
            label="Filter by status"
            value={activeValue}
            onChange={(value) => list.setFilter("active", value === "" ? undefined : value === "true")}
            className="sm:w-44"
            options={[
              ["", "All attorneys"],
              ["true", "Active"],
              ["false", "Inactive"],
            ]}
          />
        }
        failure={failure}
        isEmpty={(page) => page.attorneys.length === 0}
        empty={{
          icon: <UserRound className="mx-auto size-8 text-slate-500" aria-hidden />,
          filtered: "Try another search, or show all attorneys.",
          none: "Add the attorneys of your referral network to assign members' referrals to them.",
        }}
        pagerLabel="Attorney directory pages"
        pagerArrows
      >
        {data ? (
          <ResponsiveTable
            caption="Attorneys, newest first"
            columns={columns}
            rows={data.attorneys}
            dimmed={query.isPlaceholderData}
            compact
            cards={{ render: (attorney) => <AttorneyCard attorney={attorney}>{rowActions(attorney)}</AttorneyCard> }}
          />
        ) : (
          <div className="mt-3 space-y-3" aria-hidden>
            {Array.from({ length: 5 }, (_, row) => `skeleton-${row}`).map((key) => (
              <div
                key={key}
                className="flex items-center gap-4 rounded-[var(--radius-control)] border border-slate-200 p-4"
              >
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-2/3" />
                </div>
              </div>
            ))}
          </div>
        )}
      </AdminListCard>

      {form.render((attorney, state) => (
        <AttorneyFormDialog {...state} attorney={attorney} />
      ))}
      {confirm.render((attorney, state) => (
        <ConfirmDialog
          {...state}
          title="Delete attorney?"
          confirmLabel="Delete Attorney"
          confirmIcon={<Trash2 className="size-4" aria-hidden />}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        >
          <p>
            Are you sure you want to delete <strong>{attorney?.name}</strong> from the directory? This action cannot be
            undone.
          </p>
          <p className="text-sm">
            If referrals already name this attorney, they are made inactive instead, so members' referral history stays
            complete.
          </p>
        </ConfirmDialog>
      ))}
    </section>
  );
}

function Contact({ attorney }: { attorney: AdminAttorney }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{attorney.name}</p>
      <p className="break-all text-slate-600">{attorney.email}</p>
      {attorney.phone ? <p className="text-slate-600">{attorney.phone}</p> : null}
    </>
  );
}

function FirmAndLocation({ attorney }: { attorney: AdminAttorney }) {
  return (
    <>
      <p>{attorney.firm ?? <span className="text-slate-500">No firm</span>}</p>
      {attorney.location ? <p className="text-slate-600">{attorney.location}</p> : null}
    </>
  );
}

function Specialties({ attorney }: { attorney: AdminAttorney }) {
  return (
    <>
      {attorney.specialties.length > 0 ? (
        attorney.specialties.join(", ")
      ) : (
        <span className="text-slate-500">None listed</span>
      )}
      {attorney.caseTypes.length > 0 ? (
        <p className="mt-1 text-xs text-slate-600">Case types: {attorney.caseTypes.join(", ")}</p>
      ) : null}
    </>
  );
}

function Experience({ attorney }: { attorney: AdminAttorney }) {
  const items = details(attorney);
  if (items.length === 0) return <span className="text-slate-500">Not given</span>;
  return items.map((item) => (
    <p key={item} className="flex items-center gap-1">
      {item.startsWith("Rated") ? <Star className="size-3.5 fill-premium-500 text-premium-700" aria-hidden /> : null}
      {item}
    </p>
  ));
}

/** One attorney as a card (phones), with its actions (`children`) beside the name. */
function AttorneyCard({ attorney, children }: { attorney: AdminAttorney; children: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{attorney.name}</h3>
          <p className="text-sm break-all text-slate-600">{attorney.email}</p>
          {attorney.phone ? <p className="text-sm text-slate-600">{attorney.phone}</p> : null}
        </div>
        {children}
      </div>
      <div className="mt-2 space-y-1 text-sm text-slate-700">
        {attorney.firm || attorney.location ? (
          <p>{[attorney.firm, attorney.location].filter(Boolean).join(" · ")}</p>
        ) : null}
        {attorney.specialties.length > 0 ? <p>{attorney.specialties.join(", ")}</p> : null}
        {details(attorney).length > 0 ? <p>{details(attorney).join(" · ")}</p> : null}
      </div>
      <div className="mt-3">
        <StatusBadges attorney={attorney} />
      </div>
    </>
  );
}
