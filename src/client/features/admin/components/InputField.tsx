import { Field, Input, Textarea } from "@client/components/ui/Field";
import type { ComponentProps, ReactNode } from "react";

type InputFieldProps = Omit<ComponentProps<"input">, "id" | "value" | "onChange" | "required" | "className"> & {
  label: ReactNode;
  help?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  inputClassName?: string;
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * An input with its label, help and error (a Field): `onValueChange` gets the text as typed.
 * `className` is the field's, `inputClassName` the input's own.
 */
export function InputField({
  label,
  help,
  error,
  required,
  className,
  inputClassName,
  value,
  onValueChange,
  ...input
}: InputFieldProps) {
  return (
    <Field label={label} help={help} error={error} required={required} className={className}>
      {(props) => (
        <Input
          {...props}
          {...input}
          className={inputClassName}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A number input (an InputField): whole steps bring up the numeric keypad, others the decimal one. */
export function NumberField({
  step,
  ...field
}: Omit<InputFieldProps, "type" | "inputMode"> & { step: number | "any" }) {
  return <InputField {...field} type="number" inputMode={step === 1 ? "numeric" : "decimal"} step={step} />;
}

/** A text area with its label, help and error (a Field): `onValueChange` gets the text as typed. */
export function TextareaField({
  label,
  help,
  error,
  required,
  value,
  onValueChange,
  ...textarea
}: Pick<InputFieldProps, "label" | "help" | "error" | "required" | "value" | "onValueChange"> & {
  rows: number;
  maxLength: number;
}) {
  return (
    <Field label={label} help={help} error={error} required={required}>
      {(props) => (
        <Textarea {...props} {...textarea} value={value} onChange={(event) => onValueChange(event.target.value)} />
      )}
    </Field>
  );
}
