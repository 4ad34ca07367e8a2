import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";
import { controlClasses, Field } from "./Field";

/** A select's choices, in order: each its value and the text shown. */
export type SelectOptions = readonly (readonly [value: string, label: string])[];

/** The `<option>`s of `options`. */
export function Options({ options }: { options: SelectOptions }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/**
 * A select with its label, help and error (a Field): `children` are options placed before
 * `options` (a 'Not set' choice, say).
 */
export function SelectField({
  label,
  value,
  onChange,
  options,
  help,
  error,
  required,
  disabled,
  className,
  selectClassName = "pr-8",
  children,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: SelectOptions;
  help?: ReactNode;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** The field's classes (its label, select and messages). */
  className?: string;
  /** The select's own classes beside the control's look (room for the arrow by default). */
  selectClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Field label={label} help={help} error={error} required={required} className={className}>
      {(props) => (
        <select
          {...props}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={cn(controlClasses, "h-11", selectClassName)}
        >
          {children}
          <Options options={options} />
        </select>
      )}
    </Field>
  );
}
