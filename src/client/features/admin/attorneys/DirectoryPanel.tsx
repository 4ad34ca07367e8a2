import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { LoadError } from "@client/components/ui/LoadError";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import {
  FilterSelect,
  NoResults,
  SearchField,
  useDebouncedSearch,
} from "@client/features/admin/components/ListToolbar";
import { ListStatus, Pager } from "@client/features/admin/components/Pager";
import { ApiRequestError } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { useDialogState } from "@client/lib/use-dialog-state";
import { type AdminAttorney, type AttorneyAvailability, AVAILABILITY_LABELS } from "@shared/schemas/admin-attorneys";
import { Pencil, Plus, Star, Trash2, UserRound } from "lucide-react";
import { useId, useState } from "react";
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

function RowActions({
  attorney,
  onEdit,
  onDelete,
}: {
  attorney: AdminAttorney;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${attorney.name}`} onClick={onEdit}>
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${attorney.name}`} onClick={onDelete}>
        <Trash2 className="size-4 text-red-700" aria-hidden />
      </Button>
    </div>
  );
}

/** The attorneys directory: search, filter, a table (cards on phones), add, edit and delete. */
export function DirectoryPanel() {
  const ids = useId();
  const toast = useToast();
  const [filters, setFilters] = useState<AttorneyFilters>({ q: "", page: 1 });
  const [typed, setTyped] = useDebouncedSearch(filters, setFilters);
  const [editing, setEditing] = useState<AdminAttorney | null>(null);
  const [deleting, setDeleting] = useState<AdminAttorney | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useDialogState();
  const confirm = useDialogState();
  const list = useAttorneys(filters);
  const remove = useRemoveAttorney();

  const openForm = (attorney: AdminAttorney | null) => {
    setEditing(attorney);
    form.show();
  };
  const askDelete = (attorney: AdminAttorney) => {
    setFailure(null);
    setDeleting(attorney);
    confirm.show();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        confirm.setOpen(false);
        toast.success(
          result.outcome === "deleted"
            ? `${deleting.name} was deleted from the directory.`
            : `${deleting.name} is named by ${result.referrals} ${result.referrals === 1 ? "referral" : "referrals"}, so they were made inactive instead of deleted.`,
        );
      },
      onError: (error) => {
        confirm.setOpen(false);
        setFailure(
          error instanceof ApiRequestError && error.status === 404
            ? "This attorney was already removed. The list has been reloaded."
            : `${deleting.name} could not be deleted. Please try again.`,
        );
        if (error instanceof ApiRequestError && error.status === 404) void list.refetch();
      },
    });
  };

  const data = list.data;
  const filtered = Boolean(filters.q || filters.active !== undefined);
  const activeValue = filters.active === undefined ? "" : String(filters.active);

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
          Attorney directory
        </h2>
        <Button onClick={() => openForm(null)} icon={<Plus className="size-4" aria-hidden />}>
          Add Attorney
        </Button>
      </div>
      <Card className="p-4 sm:p-5">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
          <SearchField
            label="Search attorneys"
            value={typed}
            onChange={setTyped}
            placeholder="Search by name, firm, specialty or location..."
            maxLength={100}
          />
          <FilterSelect
            label="Filter by status"
            value={activeValue}
            onChange={(value) =>
              setFilters((f) => ({ ...f, active: value === "" ? undefined : value === "true", page: 1 }))
            }
            className="sm:w-44"
          >
            <option value="">All attorneys</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </FilterSelect>
        </div>

        <ListStatus failure={failure} data={data} loading={list.isPending} noun={["attorney", "attorneys"]} />

        {list.isPending ? (
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
        ) : list.isError && !data ? (
          <LoadError title="The attorneys could not be loaded" onRetry={list.refetch} className="mt-3" />
        ) : data && data.attorneys.length === 0 ? (
          <NoResults
            icon={<UserRound className="mx-auto size-8 text-slate-500" aria-hidden />}
            title={filtered ? "No attorneys match" : "No attorneys yet"}
            hint={
              filtered
                ? "Try another search, or show all attorneys."
                : "Add the attorneys of your referral network to assign members' referrals to them."
            }
          />
        ) : data ? (
          <div className={cn("mt-3", list.isPlaceholderData && "opacity-60")}>
            {/* Phones: one card per attorney. */}
            <ul className="space-y-3 md:hidden">
              {data.attorneys.map((attorney) => (
                <li key={attorney.id} className="rounded-[var(--radius-control)] border border-slate-200 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words text-slate-900">{attorney.name}</h3>
                      <p className="text-sm break-all text-slate-600">{attorney.email}</p>
                      {attorney.phone ? <p className="text-sm text-slate-600">{attorney.phone}</p> : null}
                    </div>
                    <RowActions
                      attorney={attorney}
                      onEdit={() => openForm(attorney)}
                      onDelete={() => askDelete(attorney)}
                    />
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
                </li>
              ))}
            </ul>
            {/* Wider screens: a table. */}
            <table className="hidden w-full text-left text-sm md:table">
              <caption className="sr-only">Attorneys, newest first</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-3">
                    Attorney
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Firm and location
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Specialties
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Experience
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.attorneys.map((attorney) => (
                  <tr key={attorney.id} className="align-top">
                    <td className="px-3 py-3">
                      <p className="font-semibold text-slate-900">{attorney.name}</p>
                      <p className="break-all text-slate-600">{attorney.email}</p>
                      {attorney.phone ? <p className="text-slate-600">{attorney.phone}</p> : null}
                    </td>
                    <td className="px-3 py-3 text-slate-700">
                      <p>{attorney.firm ?? <span className="text-slate-500">No firm</span>}</p>
                      {attorney.location ? <p className="text-slate-600">{attorney.location}</p> : null}
                    </td>
                    <td className="px-3 py-3 text-slate-700">
                      {attorney.specialties.length > 0 ? (
                        attorney.specialties.join(", ")
                      ) : (
                        <span className="text-slate-500">None listed</span>
                      )}
                      {attorney.caseTypes.length > 0 ? (
                        <p className="mt-1 text-xs text-slate-600">Case types: {attorney.caseTypes.join(", ")}</p>
                      ) : null}
                    </td>
                    <td className="px-3 py-3 text-slate-700">
                      {details(attorney).length > 0 ? (
                        details(attorney).map((item) => (
                          <p key={item} className="flex items-center gap-1">
                            {item.startsWith("Rated") ? (
                              <Star className="size-3.5 fill-premium-500 text-premium-700" aria-hidden />
                            ) : null}
                            {item}
                          </p>
                        ))
                      ) : (
                        <span className="text-slate-500">Not given</span>
                      )}
                    </td>
                    <td className="px-3 py-3">
                      <StatusBadges attorney={attorney} />
                    </td>
                    <td className="px-3 py-3">
                      <RowActions
                        attorney={attorney}
                        onEdit={() => openForm(attorney)}
                        onDelete={() => askDelete(attorney)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              label="Attorney directory pages"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
            />
          </div>
        ) : null}
      </Card>

      {form.used ? <AttorneyFormDialog open={form.open} onOpenChange={form.setOpen} attorney={editing} /> : null}
      {confirm.used ? (
        <ConfirmDialog
          open={confirm.open}
          onOpenChange={confirm.setOpen}
          title="Delete attorney?"
          confirmLabel="Delete Attorney"
          confirmIcon={<Trash2 className="size-4" aria-hidden />}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        >
          <p>
            Are you sure you want to delete <strong>{deleting?.name}</strong> from the directory? This action cannot be
            undone.
          </p>
          <p className="text-sm">
            If referrals already name this attorney, they are made inactive instead, so members' referral history stays
            complete.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
