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

/** A large spinner over its status text; `className` places it (a whole screen, a page's body). */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center gap-3 text-primary-900", className)}>
      <Spinner className="size-8" />
      <p role="status" className="text-base font-medium text-slate-700">
        {text}
      </p>
    </div>
  );
}

/** Full-screen loading state (route guard, first load). */
export function FullScreenLoading({ text = "Loading..." }: { text?: string }) {
  return <LoadingState text={text} className="min-h-dvh justify-center bg-slate-50" />;
}
