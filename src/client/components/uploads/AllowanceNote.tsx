import { cn } from "@client/lib/cn";
import type { UploadAllowance } from "@shared/schemas/uploads";

/** '2 of 3 uploads used this month', or null while unknown; unlimited plans say so. */
export function allowanceText(allowance: UploadAllowance | undefined): string | null {
  if (!allowance) return null;
  if (allowance.limit === null) return "Unlimited uploads on your plan";
  return `${Math.min(allowance.used, allowance.limit)} of ${allowance.limit} uploads used this month`;
}

/**
 * '2 of 3 uploads used this month' (or unlimited), where a member starts an upload; with
 * `countsWhen`, a limited plan's note also says when a file counts.
 */
export function AllowanceNote({
  allowance,
  countsWhen = false,
  className,
}: {
  allowance: UploadAllowance | undefined;
  countsWhen?: boolean;
  className?: string;
}) {
  const text = allowanceText(allowance);
  if (!text) return null;
  const full = allowance?.limit !== null && (allowance?.used ?? 0) >= (allowance?.limit ?? 0);
  const when =
    countsWhen && allowance?.limit !== null ? ". A file counts once it is received, even if you remove it." : "";
  return (
    <p className={cn("text-sm", full ? "font-semibold text-premium-900" : "text-slate-600", className)}>
      {text}
      {when}
    </p>
  );
}
