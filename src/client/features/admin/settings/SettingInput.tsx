import { Badge } from "@client/components/ui/Badge";
import { controlClasses, FieldMessages, Input } from "@client/components/ui/Field";
import { SwitchControl } from "@client/components/ui/Switch";
import { cn } from "@client/lib/cn";
import { settingOptionLabel } from "@shared/settings-fields";
import { useId } from "react";
import type { FormField } from "./settings-form";

/** The 'Not in effect yet' mark and its reason, read with the field (aria-describedby). */
function NotYet({ id, reason }: { id: string; reason: string }) {
  return (
    <p id={id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-premium-900">
      <Badge tone="amber">Not in effect yet</Badge>
      <span>{reason}</span>
    </p>
  );
}

/** The label of a field, with its unit: 'Session timeout (hours)'. */
export const fieldLabel = (field: FormField) =>
  field.field.unit ? `${field.field.label} (${field.field.unit})` : field.field.label;

/**
 * One setting: its label, input, what it does, whether it is in force, and why a value is
 * refused. Help, note and error are tied to the input with aria-describedby.
 */
export function SettingInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const helpId = `${id}-help`;
  const noteId = field.field.notYet ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, noteId, errorId].filter(Boolean).join(" ");
  const note = field.field.notYet && noteId ? <NotYet id={noteId} reason={field.field.notYet} /> : null;

  if (field.kind === "switch") {
    return (
      <div className="flex items-start justify-between gap-4 py-4" data-setting={field.path}>
        <div className="min-w-0 space-y-1">
          <label htmlFor={inputId} className="font-semibold text-slate-900">
            {fieldLabel(field)}
          </label>
          <p id={helpId} className="text-sm text-slate-600">
            {field.field.help}
          </p>
          {note}
          <FieldMessages helpId={undefined} errorId={errorId} help={null} error={error} />
        </div>
        <SwitchControl
          id={inputId}
          checked={value === true}
          onCheckedChange={onChange}
          aria-describedby={describedBy}
          {...(error ? { "aria-invalid": true } : {})}
          className="mt-0.5"
        />
      </div>
    );
  }

  const common = {
    id: inputId,
    "aria-describedby": describedBy,
    ...(error ? { "aria-invalid": true as const } : {}),
  };
  const text = typeof value === "string" ? value : "";
  return (
    <div className="space-y-1.5" data-setting={field.path}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        {fieldLabel(field)}
      </label>
      {field.kind === "select" ? (
        <select
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          className={cn(controlClasses, "h-11")}
        >
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {settingOptionLabel(option)}
            </option>
          ))}
        </select>
      ) : field.kind === "number" ? (
        <Input
          {...common}
          type="number"
          inputMode="numeric"
          step={1}
          min={field.bounds?.min}
          max={field.bounds?.max}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input
          {...common}
          type={field.kind === "email" ? "email" : "text"}
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <p id={helpId} className="text-sm text-slate-600">
        {field.field.help}
        {field.bounds
          ? ` From ${field.bounds.min.toLocaleString("en-US")} to ${field.bounds.max.toLocaleString("en-US")}.`
          : ""}
      </p>
      {note}
      <FieldMessages helpId={undefined} errorId={errorId} help={null} error={error} />
    </div>
  );
}
