import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { SelectField, type SelectOptions } from "@client/components/ui/SelectField";
import { InputField } from "@client/features/admin/components/InputField";
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
  options: SelectOptions;
}) {
  return <SelectField label={label} value={value} onChange={onChange} options={options} selectClassName="pr-1" />;
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
    <InputField
      label={label}
      help={help}
      className="col-span-2 sm:col-span-1"
      value={value}
      onValueChange={onChange}
      maxLength={maxLength}
    />
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

/** What a filter form's Refresh button needs: reading the log again, and whether it is being read. */
export interface Refresh {
  onClick: () => void;
  loading: boolean;
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
  refresh,
  children,
}: {
  label: string;
  from: string;
  to: string;
  onDateChange: (key: "from" | "to", value: string) => void;
  onApply: () => void;
  onClear: () => void;
  refresh: Refresh;
  children: ReactNode;
}) {
  const dateError = useDateOrder(from, to);
  const dates = [
    { key: "from", label: "From", value: from, error: null },
    { key: "to", label: "To", value: to, error: dateError },
  ] as const;
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
        {dates.map((date) => (
          <InputField
            key={date.key}
            label={date.label}
            error={date.error}
            type="date"
            inputClassName="px-2!"
            value={date.value}
            onValueChange={(value) => onDateChange(date.key, value)}
          />
        ))}
        <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-3">
          <Button type="submit">Apply filters</Button>
          <Button type="button" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
          <Button
            type="button"
            variant="ghost"
            {...refresh}
            icon={<RefreshCw className="size-4" aria-hidden />}
            className="ml-auto"
          >
            Refresh
          </Button>
        </div>
      </form>
    </Card>
  );
}
