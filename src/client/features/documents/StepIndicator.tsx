import { cn } from "@client/lib/cn";
import { Check } from "lucide-react";
import { STEP_LABELS, type Step } from "./generator-state";

/** The generator's progress: four numbered steps, the current one marked with aria-current="step". */
export function StepIndicator({ step }: { step: Step }) {
  return (
    <nav aria-label="Document steps">
      <ol className="grid grid-cols-4 gap-1">
        {STEP_LABELS.map((label, index) => {
          const done = index < step;
          const current = index === step;
          return (
            <li
              key={label}
              aria-current={current ? "step" : undefined}
              className="relative flex flex-col items-center gap-1.5 text-center"
            >
              {index > 0 ? (
                <span
                  aria-hidden
                  className={cn(
                    "absolute top-4 right-1/2 -z-0 h-0.5 w-[calc(100%+0.25rem)] -translate-y-1/2",
                    index <= step ? "bg-primary-800" : "bg-slate-300",
                  )}
                />
              ) : null}
              <span
                aria-hidden
                className={cn(
                  "relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold",
                  done && "border-primary-800 bg-primary-800 text-white",
                  current && "border-primary-900 bg-primary-900 text-white ring-4 ring-primary-100",
                  !done && !current && "border-slate-300 bg-white text-slate-600",
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  "text-xs leading-tight sm:text-sm",
                  current ? "font-semibold text-primary-900" : done ? "text-slate-700" : "text-slate-600",
                )}
              >
                <span className="sr-only">
                  Step {index + 1} of {STEP_LABELS.length}
                  {done ? ", done" : ""}:{" "}
                </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
