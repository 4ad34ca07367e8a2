import { cn } from "@client/lib/cn";
import { AlertCircle } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";

export const controlClasses = cn(
  "block w-full rounded-[var(--radius-control)] border border-slate-400 bg-white px-3 text-base text-slate-900",
  "placeholder:text-slate-500 transition-colors duration-150",
  "hover:border-slate-500 focus-visible:border-primary-600 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary-200",
  "aria-invalid:border-red-700 aria-invalid:ring-red-100 disabled:bg-slate-100 disabled:text-slate-600",
);

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: boolean;
}

interface FieldProps {
  label: ReactNode;
  help?: ReactNode;
  error?: string | null | undefined;
  required?: boolean;
  className?: string;
  /** Render the control with the ids that tie it to its label, help and error. */
  children: (props: ControlProps) => ReactNode;
  labelAside?: ReactNode;
}

export function Field({ label, help, error, required, className, children, labelAside }: FieldProps) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="block text-sm font-semibold text-slate-800">
          <label htmlFor={id}>{label}</label>
          {required ? <RequiredMark /> : null}
        </span>
        {labelAside}
      </div>
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(required ? { required: true } : {}),
      })}
      <FieldMessages helpId={helpId} errorId={errorId} help={help} error={error} />
    </div>
  );
}

/** The asterisk after a required field's label (the control itself says `required`). */
export function RequiredMark() {
  return (
    <span className="ml-1 text-red-700" aria-hidden>
      *
    </span>
  );
}

/** A field's help and error texts, under ids its control names in aria-describedby. */
export function FieldMessages({
  helpId,
  errorId,
  help,
  error,
}: {
  helpId: string | undefined;
  errorId: string | undefined;
  help: ReactNode;
  error: string | null | undefined;
}) {
  return (
    <>
      {help ? (
        <p id={helpId} className="text-sm text-slate-600">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </>
  );
}

export function Input({ className, ...rest }: ComponentProps<"input">) {
  return <input className={cn(controlClasses, "h-11", className)} {...rest} />;
}

export function Textarea({ className, ...rest }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClasses, "py-2.5", className)} {...rest} />;
}

export function Checkbox({
  label,
  className,
  description,
  error,
  ...rest
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode; description?: ReactNode; error?: string | null }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-slate-500 accent-primary-900"
          {...(error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {})}
          {...rest}
        />
        <label htmlFor={id} className="cursor-pointer text-sm text-slate-700">
          {label}
          {description ? <span className="mt-0.5 block text-slate-600">{description}</span> : null}
        </label>
      </div>
      {error ? (
        <div className="mt-1 pl-8">
          <FieldMessages helpId={undefined} errorId={errorId} help={null} error={error} />
        </div>
      ) : null}
    </div>
  );
}
