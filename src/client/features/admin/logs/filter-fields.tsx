import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { controlClasses, Field, Input } from "@client/components/ui/Field";
import { cn } from "@client/lib/cn";
import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";

/** A select of a filter form: the first option is 'all'. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Field label={label}>
      {(props) => (
        <select
          {...props}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(controlClasses, "h-11 pr-1")}
        >
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A text filter of a log's filter form: half the row on small screens, a column on wide ones. */
export function TextFilter({
  label,
  help,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  help?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}) {
  return (
    <Field label={label} help={help} className="col-span-2 sm:col-span-1">
      {(props) => <Input {...props} value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength} />}
    </Field>
  );
}

/** The filter on who wrote a row: part of an e-mail address, or a user id. */
export function UserFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextFilter
      label="User"
      help="Part of an e-mail address, or a user id"
      value={value}
      onChange={onChange}
      maxLength={254}
    />
  );
}

/** The date range's one rule: the start is not after the end. */
export function useDateOrder(from: string, to: string): string | null {
  return from && to && from > to ? "The start date must be before the end date." : null;
}

/**
 * A log's filter form: its own fields (children), then the date range (checked: the start is not
 * after the end), then Apply, Clear and Refresh.
 */
export function LogFilterForm({
  label,
  from,
  to,
  onDateChange,
  onApply,
  onClear,
  onRefresh,
  refreshing,
  children,
}: {
  label: string;
  from: string;
  to: string;
  onDateChange: (key: "from" | "to", value: string) => void;
  onApply: () => void;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  children: ReactNode;
}) {
  const dateError = useDateOrder(from, to);
  return (
    <Card className="mb-4 p-4">
      <form
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          if (!dateError) onApply();
        }}
        className="grid grid-cols-2 gap-3 lg:grid-cols-3"
      >
        {children}
        <Field label="From">
          {(props) => (
            <Input
              {...props}
              type="date"
              className="px-2!"
              value={from}
              onChange={(e) => onDateChange("from", e.target.value)}
            />
          )}
        </Field>
        <Field label="To" error={dateError}>
          {(props) => (
            <Input
              {...props}
              type="date"
              className="px-2!"
              value={to}
              onChange={(e) => onDateChange("to", e.target.value)}
            />
          )}
        </Field>
        <FilterActions onClear={onClear} onRefresh={onRefresh} refreshing={refreshing} />
      </form>
    </Card>
  );
}

/** Apply, clear and refresh, under a filter form. */
function FilterActions({
  onClear,
  onRefresh,
  refreshing,
}: {
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-3">
      <Button type="submit">Apply filters</Button>
      <Button type="button" variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
      <Button
        type="button"
        variant="ghost"
        onClick={onRefresh}
        loading={refreshing}
        icon={<RefreshCw className="size-4" aria-hidden />}
        className="ml-auto"
      >
        Refresh
      </Button>
    </div>
  );
}
