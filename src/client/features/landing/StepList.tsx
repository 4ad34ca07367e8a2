import { cn } from "@client/lib/cn";
import { STEPS } from "./content";

/** The three steps of using LawGuide, numbered: as cards on the page, or `compact` (in a dialog). */
export function StepList({ compact = false }: { compact?: boolean }) {
  return (
    <ol className={compact ? "grid gap-3 sm:grid-cols-3" : "grid gap-6 md:grid-cols-3"}>
      {STEPS.map((step, i) => (
        <li
          key={step.title}
          className={cn(
            "rounded-[var(--radius-card)]",
            compact ? "flex gap-3 bg-slate-50 p-3" : "bg-white p-6 ring-1 ring-slate-200",
          )}
        >
          <span
            className={cn(
              "flex items-center justify-center rounded-full font-bold",
              compact
                ? "size-7 shrink-0 bg-primary-900 text-sm text-white"
                : "size-10 bg-primary-100 text-lg text-primary-900",
            )}
            aria-hidden
          >
            {i + 1}
          </span>
          {compact ? (
            <span>
              <span className="block text-sm font-semibold text-slate-900">{step.title}</span>
              <span className="block text-sm text-slate-600">{step.text}</span>
            </span>
          ) : (
            <>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
