import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";

export function Card({ className, ...rest }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]",
        className,
      )}
      {...rest}
    />
  );
}
