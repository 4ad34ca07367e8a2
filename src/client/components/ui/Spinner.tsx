import { cn } from "@client/lib/cn";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <svg
      className={cn("animate-spin motion-reduce:animate-none", className ?? "size-5")}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Full-screen loading state (route guard, first load). */
export function FullScreenLoading({ text = "Loading..." }: { text?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 text-primary-900">
      <Spinner className="size-8" />
      <p role="status" className="text-base font-medium text-slate-700">
        {text}
      </p>
    </div>
  );
}
