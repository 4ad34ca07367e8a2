import { cn } from "@client/lib/cn";
import { Check } from "lucide-react";

/** What a plan includes, one tick each (pricing, the upgrade modal, the Premium page). */
export function FeatureList({
  items,
  size = "sm",
  className,
}: {
  items: readonly string[];
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <ul className={cn(size === "sm" ? "space-y-2 text-sm" : "space-y-3", "text-slate-700", className)}>
      {items.map((feature) => (
        <li key={feature} className={cn("flex", size === "sm" ? "gap-2" : "gap-3")}>
          <Check className={cn("shrink-0 text-green-700", size === "sm" ? "size-4" : "mt-0.5 size-5")} aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}
