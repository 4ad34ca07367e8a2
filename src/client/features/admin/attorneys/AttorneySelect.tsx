import { Checkbox } from "@client/components/ui/Field";
import { LoadError } from "@client/components/ui/LoadError";
import { Skeleton } from "@client/components/ui/Skeleton";
import { SearchField } from "@client/features/admin/components/ListToolbar";
import { cn } from "@client/lib/cn";
import type { AdminAttorney } from "@shared/schemas/admin-attorneys";
import { Star } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useAttorneys } from "./attorneys-api";

const SEARCH_DELAY_MS = 250;

/** One line about an attorney: firm, location, specialties, rating. */
export function attorneySummary(attorney: AdminAttorney): string {
  return [
    attorney.firm,
    attorney.location,
    attorney.specialties.slice(0, 3).join(", "),
    attorney.experience !== null ? `${attorney.experience} yrs` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Choose an attorney from the directory: active and available ones only, searched by name, firm,
 * specialty or location. Given a case's category, it first offers the attorneys whose specialties
 * or case types match it (a checkbox widens the list to all). A radio group: arrow keys move
 * between attorneys, and the choice is announced with its details.
 */
export function AttorneySelect({
  value,
  onChange,
  category,
  label = "Attorney",
  disabled,
}: {
  value: string | null;
  onChange: (attorney: AdminAttorney | null) => void;
  category?: string | null | undefined;
  label?: string;
  disabled?: boolean;
}) {
  const ids = useId();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const usefulCategory = category && category !== "General" ? category : null;
  const [onlyCategory, setOnlyCategory] = useState(Boolean(usefulCategory));

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useAttorneys({
    q,
    active: true,
    availability: "available",
    specialty: onlyCategory && usefulCategory ? usefulCategory : undefined,
    sort: "name",
    page: 1,
  });
  const attorneys = list.data?.attorneys ?? [];
  const total = list.data?.total ?? 0;

  // A choice that is no longer offered (another search) stays chosen until another is made.
  let status = "";
  if (list.data) {
    if (total === 0) status = "No attorney matches.";
    else if (total > attorneys.length)
      status = `Showing ${attorneys.length} of ${total} attorneys. Search to narrow the list.`;
    else status = `${total} ${total === 1 ? "attorney" : "attorneys"} available.`;
  }

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <SearchField
        label="Search attorneys"
        value={typed}
        onChange={setTyped}
        placeholder="Search by name, firm, specialty or location..."
        maxLength={100}
        autoComplete="off"
      />
      {usefulCategory ? (
        <Checkbox
          label={`Only attorneys for ${usefulCategory}`}
          description="Matched on their specialties and case types."
          checked={onlyCategory}
          onChange={(event) => setOnlyCategory(event.target.checked)}
        />
      ) : null}
      <p role="status" className="text-sm text-slate-600">
        {list.isPending ? "Loading attorneys…" : status}
      </p>
      {list.isPending ? (
        <div className="space-y-2" aria-hidden>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadError title="The attorneys could not be loaded" onRetry={list.refetch} />
      ) : attorneys.length === 0 ? (
        <p className="rounded-[var(--radius-control)] border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-700">
          {onlyCategory && usefulCategory
            ? `No active, available attorney lists ${usefulCategory}. Clear "Only attorneys for ${usefulCategory}" to see everyone.`
            : "No active, available attorney matches. Add one in the Attorney directory, or mark one available."}
        </p>
      ) : (
        <ul className={cn("max-h-72 space-y-1 overflow-y-auto", list.isPlaceholderData && "opacity-60")}>
          {attorneys.map((attorney) => {
            const id = `${ids}-${attorney.id}`;
            const checked = value === attorney.id;
            return (
              <li key={attorney.id}>
                <div
                  className={cn(
                    "flex items-start gap-3 rounded-[var(--radius-control)] border px-3 py-2.5",
                    checked ? "border-primary-600 bg-primary-50" : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name={`${ids}-attorney`}
                    value={attorney.id}
                    checked={checked}
                    onChange={() => onChange(attorney)}
                    className="mt-1 size-5 shrink-0 cursor-pointer accent-primary-900"
                    aria-describedby={`${id}-about`}
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                    <span className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
                      {attorney.name}
                      {attorney.rating !== null ? (
                        <span className="inline-flex items-center gap-0.5 text-sm font-medium text-slate-700">
                          <Star className="size-3.5 fill-premium-500 text-premium-700" aria-hidden />
                          <span className="sr-only">rated</span>
                          {attorney.rating.toFixed(1)}
                        </span>
                      ) : null}
                    </span>
                    <span id={`${id}-about`} className="block text-sm text-slate-600">
                      {attorneySummary(attorney) || attorney.email}
                    </span>
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
