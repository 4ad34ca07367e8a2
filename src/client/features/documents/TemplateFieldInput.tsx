import { controlClasses, FieldMessages, Input, RequiredMark, Textarea } from "@client/components/ui/Field";
import { cn } from "@client/lib/cn";
import type { AnswerValue, TemplateField } from "@shared/templates/types";
import { type ChangeEvent, type ReactNode, useId } from "react";

/** Longest text an answer may hold (the API's limit). */
const MAX_TEXT = 20_000;

interface FieldInputProps {
  field: TemplateField;
  value: AnswerValue;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
}

function ChoiceRow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "relative flex min-h-11 items-center gap-3 rounded-[var(--radius-control)] border border-slate-300 bg-white px-3 py-2",
        "has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 hover:border-slate-400",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A multi-select is a plain group; a radio group is announced as one, with its required and invalid state. */
function GroupFieldset({
  multi,
  legendId,
  label,
  describedBy,
  invalid,
  required,
  children,
}: {
  multi: boolean;
  legendId: string;
  label: ReactNode;
  describedBy: string | undefined;
  invalid: true | undefined;
  required: boolean;
  children: ReactNode;
}) {
  if (multi) {
    return (
      <fieldset aria-describedby={describedBy} className="min-w-0 space-y-2">
        <legend id={legendId} className="mb-1.5 text-sm font-semibold text-slate-800">
          {label}
        </legend>
        {children}
      </fieldset>
    );
  }
  return (
    <div
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      aria-required={required || undefined}
      className="min-w-0 space-y-2"
    >
      <p id={legendId} className="mb-1.5 text-sm font-semibold text-slate-800">
        {label}
      </p>
      {children}
    </div>
  );
}

const asText = (value: AnswerValue) => (typeof value === "string" ? value : "");

/**
 * One question of a template form, drawn for its type: text, textarea and address, select,
 * radio group, yes/no box, multi-select, date, whole number or dollar amount. The label, the
 * required mark, help text and error text are tied to the control for screen readers.
 */
export function TemplateFieldInput({ field, value, error, onChange }: FieldInputProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [field.helpText ? helpId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const invalid = error ? true : undefined;
  const common = {
    id,
    name: field.name,
    "data-field-id": field.id,
    "aria-describedby": describedBy,
    "aria-invalid": invalid,
    "aria-required": field.required || undefined,
    className: "scroll-mt-24 scroll-mb-28",
  } as const;

  if (field.type === "radio" || (field.type === "checkbox" && field.options)) {
    const options = field.options ?? [];
    const multi = field.type === "checkbox";
    const chosen = Array.isArray(value) ? value : [];
    const legendId = `${id}-legend`;
    return (
      <GroupFieldset
        multi={multi}
        legendId={legendId}
        describedBy={describedBy}
        invalid={invalid}
        required={field.required}
        label={
          <>
            {field.label}
            {field.required ? <RequiredMark /> : null}
          </>
        }
      >
        <div className={cn("grid gap-2", options.every((o) => o.length <= 12) ? "grid-cols-2" : "sm:grid-cols-2")}>
          {options.map((option, index) => {
            const optionId = `${id}-${index}`;
            const checked = multi ? chosen.includes(option) : value === option;
            return (
              <ChoiceRow key={option}>
                <input
                  id={optionId}
                  type={multi ? "checkbox" : "radio"}
                  name={field.name}
                  value={option}
                  checked={checked}
                  data-field-id={index === 0 ? field.id : undefined}
                  aria-invalid={multi ? invalid : undefined}
                  onChange={(event) => {
                    if (!multi) onChange(option);
                    else if (event.target.checked) onChange(options.filter((o) => o === option || chosen.includes(o)));
                    else onChange(chosen.filter((o) => o !== option));
                  }}
                  className="relative z-10 size-5 shrink-0 scroll-mt-24 scroll-mb-28 cursor-pointer accent-primary-900"
                />
                <label
                  htmlFor={optionId}
                  className="flex-1 cursor-pointer text-base text-slate-800 after:absolute after:inset-0"
                >
                  {option}
                </label>
              </ChoiceRow>
            );
          })}
        </div>
        <FieldMessages helpId={helpId} errorId={errorId} help={field.helpText} error={error} />
      </GroupFieldset>
    );
  }

  if (field.type === "checkbox") {
    return (
      <div className="space-y-1.5">
        <ChoiceRow>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className="relative z-10 size-5 shrink-0 scroll-mt-24 scroll-mb-28 cursor-pointer accent-primary-900"
          />
          <label
            htmlFor={id}
            className="flex-1 cursor-pointer text-base font-semibold text-slate-800 after:absolute after:inset-0"
          >
            {field.label}
            {field.required ? <RequiredMark /> : null}
          </label>
        </ChoiceRow>
        <FieldMessages helpId={helpId} errorId={errorId} help={field.helpText} error={error} />
      </div>
    );
  }

  // The controls that hold text: the answer shown as text, and typed back as text.
  const text = {
    ...common,
    value: asText(value),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(event.target.value),
  };
  // Numbers and amounts are typed as text (no spinner), with the keyboard that suits them.
  const typedNumber = (inputMode: "numeric" | "decimal", placeholder: string | undefined) =>
    ({ ...text, type: "text", inputMode, autoComplete: "off", placeholder }) as const;

  let control: ReactNode;
  switch (field.type) {
    case "textarea":
    case "address":
      control = (
        <Textarea
          {...text}
          rows={field.type === "address" ? 3 : 4}
          maxLength={MAX_TEXT}
          placeholder={field.placeholder}
          autoComplete={field.type === "address" ? "street-address" : "off"}
          className={cn(common.className, "min-h-20 resize-y [field-sizing:content]")}
        />
      );
      break;
    case "select":
      control = (
        <select {...text} className={cn(controlClasses, "h-11", common.className, "pr-8")}>
          <option value="">Select…</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case "date":
      control = <Input {...text} type="date" className={cn(common.className, "sm:max-w-60")} />;
      break;
    case "number":
      control = (
        <Input {...typedNumber("numeric", field.placeholder)} className={cn(common.className, "sm:max-w-60")} />
      );
      break;
    case "currency":
      control = (
        <div className="relative sm:max-w-60">
          <span
            className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-600"
            aria-hidden
          >
            $
          </span>
          <Input
            {...typedNumber("decimal", field.placeholder?.replace(/^e\.g\.\s*/, ""))}
            className={cn(common.className, "pl-7")}
          />
        </div>
      );
      break;
    default:
      control = <Input {...text} type="text" maxLength={MAX_TEXT} placeholder={field.placeholder} />;
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {control}
      <FieldMessages helpId={helpId} errorId={errorId} help={field.helpText} error={error} />
    </div>
  );
}
