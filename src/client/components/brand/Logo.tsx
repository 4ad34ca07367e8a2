import { cn } from "@client/lib/cn";
import { Scale } from "lucide-react";

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center justify-center rounded-lg bg-primary-900 text-white",
        className ?? "size-8",
      )}
    >
      <Scale className="size-[60%]" aria-hidden />
    </span>
  );
}

export function Logo({ className, light = false }: { className?: string; light?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <LogoMark />
      <span className={cn("text-lg", light ? "text-white" : "text-primary-950")}>LawGuide</span>
    </span>
  );
}
