import { cn } from "@client/lib/cn";
import { Switch as S } from "radix-ui";
import { type ComponentProps, useId } from "react";

/**
 * The on/off control itself (role=switch), for a layout of its own; its label names it by `id`.
 * The unchecked track keeps a 3:1 contrast with the page.
 */
export function SwitchControl({ className, ...rest }: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors duration-150",
        "data-[state=checked]:bg-primary-900 data-[state=unchecked]:bg-slate-500 disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...rest}
    >
      <S.Thumb className="block size-6 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 motion-reduce:transition-none" />
    </S.Root>
  );
}

/** An on/off setting with its label and description (role=switch). */
export function Switch({
  label,
  description,
  ...control
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {description ? (
          <p id={`${id}-d`} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <SwitchControl id={id} {...control} aria-describedby={description ? `${id}-d` : undefined} />
    </div>
  );
}
