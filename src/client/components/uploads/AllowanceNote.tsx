import { cn } from "@client/lib/cn";
import { allowanceText, useUploadAllowance } from "./uploads-api";

/** '2 of 3 uploads used this month' (or unlimited), where a member starts an upload. */
export function AllowanceNote({ className, enabled = true }: { className?: string; enabled?: boolean }) {
  const allowance = useUploadAllowance(enabled);
  const text = allowanceText(allowance.data);
  if (!text) return null;
  const full = allowance.data?.limit !== null && (allowance.data?.used ?? 0) >= (allowance.data?.limit ?? 0);
  return <p className={cn("text-sm", full ? "font-semibold text-premium-900" : "text-slate-600", className)}>{text}</p>;
}
