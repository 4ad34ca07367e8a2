import { Search } from "lucide-react";
import type { ComponentProps, Ref } from "react";
import { Field, Input } from "./Field";

/**
 * A search landmark around one search field: its label, a magnifier and the input. Results
 * follow the typing, so submitting (Enter) does nothing more.
 */
export function SearchBox({
  label,
  value,
  onChange,
  inputRef,
  className,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
} & Pick<ComponentProps<"input">, "placeholder" | "maxLength">) {
  return (
    <search className={className}>
      <form onSubmit={(event) => event.preventDefault()}>
        <Field label={label}>
          {(control) => (
            <div className="relative">
              <Search className="pointer-events-none absolute top-3 left-3 size-5 text-slate-600" aria-hidden />
              <Input
                {...control}
                {...input}
                ref={inputRef}
                type="search"
                value={value}
                onChange={(event) => onChange(event.target.value)}
                autoComplete="off"
                className="pl-10"
              />
            </div>
          )}
        </Field>
      </form>
    </search>
  );
}
