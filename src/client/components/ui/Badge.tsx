import { cn } from "@client/lib/cn";
import type { ReactNode } from "react";
import { type LabelIcon, labelIcon } from "./label-icon";

export type BadgeTone = "green" | "indigo" | "slate" | "gray" | "amber" | "red";

const TONES: Record<BadgeTone, string> = {
  green: "bg-green-100 text-green-900 ring-green-300",
  indigo: "bg-primary-100 text-primary-900 ring-primary-300",
  slate: "bg-slate-200 text-slate-800 ring-slate-300",
  gray: "bg-gray-100 text-gray-700 ring-gray-300",
  amber: "bg-premium-100 text-premium-900 ring-premium-300",
  red: "bg-red-100 text-red-900 ring-red-300",
};

export function Badge({
  tone = "slate",
  icon,
  children,
  className,
}: {
  tone?: BadgeTone;
  /** Before the text: an icon component (drawn small) or an element. */
  icon?: LabelIcon;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {labelIcon(icon, "size-3")}
      {children}
    </span>
  );
}
