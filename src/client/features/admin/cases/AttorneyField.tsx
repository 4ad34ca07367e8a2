import { Button } from "@client/components/ui/Button";
import { Input } from "@client/components/ui/Field";
import type { AdminCaseUpdate } from "@shared/schemas/admin-cases";
import { type FormEvent, useEffect, useId, useState } from "react";
import { type DirectoryAttorney, useAttorneySuggestions } from "./admin-cases-api";

const SUGGEST_DELAY_MS = 250;
const MAX_SUGGESTIONS = 5;

/**
 * 'Assigned Attorney': type part of a name and pick the attorney among the directory's
 * suggestions; only a picked attorney can be assigned (the server takes the name from the
 * directory). Assigning refers the case and tells the member.
 */
export function AttorneyField({
  current,
  busy,
  saving,
  onAssign,
}: {
  current: string | null;
  busy: boolean;
  saving: boolean;
  onAssign: (body: AdminCaseUpdate) => void;
}) {
  const ids = useId();
  const [name, setName] = useState(current ?? "");
  const [picked, setPicked] = useState<DirectoryAttorney | null>(null);
  const [query, setQuery] = useState("");

  // The field follows the server: once an assignment is confirmed, it shows the assigned name.
  useEffect(() => {
    setName(current ?? "");
    setPicked(null);
  }, [current]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(name.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name]);

  const suggestions = useAttorneySuggestions(query);
  const trimmed = name.trim();
  const choice = picked && picked.name === trimmed ? picked : null;
  const offered =
    choice || trimmed === (current ?? "")
      ? []
      : (suggestions.data ?? []).filter((a) => a.isActive).slice(0, MAX_SUGGESTIONS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && choice.name !== current) onAssign({ attorneyId: choice.id });
  };

  return (
    <form onSubmit={submit} className="space-y-1.5" noValidate>
      <label htmlFor={`${ids}-name`} className="block text-sm font-semibold text-slate-800">
        Assigned Attorney
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${ids}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Enter attorney name"
          autoComplete="off"
          maxLength={200}
          className="max-w-sm flex-1"
          aria-describedby={`${ids}-help`}
        />
        <Button type="submit" loading={saving} disabled={busy || !choice || choice.name === current}>
          Assign Attorney
        </Button>
        {current ? (
          <Button variant="ghost" disabled={busy} onClick={() => onAssign({ assignedAttorney: null })}>
            Remove attorney
          </Button>
        ) : null}
      </div>
      <p id={`${ids}-help`} className="text-sm text-slate-600">
        {choice
          ? `From the attorneys directory${choice.firm ? `: ${choice.firm}` : ""}. Assigning marks the case as referred and tells the member.`
          : trimmed && trimmed !== (current ?? "") && suggestions.data && offered.length === 0
            ? "No active attorney in the directory matches this name. Add them under Attorneys first."
            : "Type part of a name, then choose the attorney among the suggestions."}
      </p>
      {offered.length > 0 ? (
        <div className="rounded-[var(--radius-control)] border border-slate-200 bg-white p-2">
          <p id={`${ids}-suggestions`} className="px-2 pb-1 text-xs font-semibold text-slate-600">
            Suggestions from the attorneys directory
          </p>
          <ul aria-labelledby={`${ids}-suggestions`} className="space-y-1">
            {offered.map((attorney) => (
              <li key={attorney.id}>
                <button
                  type="button"
                  onClick={() => {
                    setPicked(attorney);
                    setName(attorney.name);
                  }}
                  className="flex min-h-11 w-full flex-col items-start rounded-[var(--radius-control)] px-2 py-1.5 text-left hover:bg-slate-100"
                >
                  <span className="text-sm font-semibold text-slate-900">{attorney.name}</span>
                  <span className="text-xs text-slate-600">
                    {[
                      attorney.firm,
                      attorney.location,
                      attorney.specialties.slice(0, 3).join(", "),
                      attorney.availability,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
