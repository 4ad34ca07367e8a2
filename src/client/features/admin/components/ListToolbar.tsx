import { controlClasses, Input } from "@client/components/ui/Field";
import { Options, type SelectOptions } from "@client/components/ui/SelectField";
import { cn } from "@client/lib/cn";
import { Search } from "lucide-react";
import {
  type ComponentProps,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useId,
  useState,
} from "react";

const SEARCH_DELAY_MS = 300;

/**
 * The text typed into a list's search box, applied to the list's filters (trimmed, back on page 1)
 * once the typing pauses.
 */
function useDebouncedSearch<F extends { q: string; page: number }>(
  filters: F,
  setFilters: Dispatch<SetStateAction<F>>,
) {
  const [typed, setTyped] = useState("");
  useEffect(() => {
    const q = typed.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q, setFilters]);
  return [typed, setTyped] as const;
}

/**
 * The filters of a list read a page at a time: the search box's text (applied once typing
 * pauses), each filter (a change goes back to page 1), the page, and whether anything narrows
 * the list (a filter differs from `initial`).
 */
export function useListFilters<F extends { q: string; page: number }>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [typed, setTyped] = useDebouncedSearch(filters, setFilters);
  const keys = Object.keys({ ...initial, ...filters }) as (keyof F)[];
  return {
    filters,
    search: { value: typed, onChange: setTyped },
    setFilter: <K extends keyof F>(key: K, value: F[K]) => setFilters((f) => ({ ...f, [key]: value, page: 1 })),
    setPage: (page: number) => setFilters((f) => ({ ...f, page })),
    filtered: keys.some((key) => key !== "page" && filters[key] !== initial[key]),
  };
}

export type ListFilters = Pick<ReturnType<typeof useListFilters>, "search" | "setPage" | "filtered">;

/** A search box with a magnifier and a label only screen readers read. */
export function SearchField({
  label,
  value,
  onChange,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
} & Pick<ComponentProps<"input">, "autoComplete">) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" aria-hidden />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-10"
        {...input}
      />
    </div>
  );
}

/** A filter's select, with a label only screen readers read; `className` sets its width. */
export function FilterSelect({
  label,
  value,
  onChange,
  className,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  options: SelectOptions;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(controlClasses, "h-11 pr-8", className)}
      >
        <Options options={options} />
      </select>
    </div>
  );
}

/** What an empty list says: nothing matches the search and filters, or nothing exists yet. */
export function NoResults({ icon, title, hint }: { icon?: ReactNode; title: string; hint: string }) {
  return (
    <div className="mt-3 rounded-[var(--radius-control)] border border-dashed border-slate-300 px-4 py-10 text-center">
      {icon}
      <p className={cn(icon ? "mt-2" : undefined, "font-semibold text-slate-900")}>{title}</p>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
    </div>
  );
}
