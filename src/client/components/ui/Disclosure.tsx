import { cn } from "@client/lib/cn";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

/**
 * One question of a FAQ list: a disclosure button (aria-expanded, aria-controls) over its answer.
 * Open and closed by itself, or by its parent when `open` and `onToggle` are given (Help's search).
 * Place it in a <ul>.
 */
export function FaqItem({
  question,
  answer,
  open,
  onToggle,
}: {
  question: string;
  answer: string;
  open?: boolean;
  onToggle?: () => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const id = useId();
  const isOpen = open ?? ownOpen;
  return (
    <li className="border-t border-slate-200 first:border-t-0">
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={id}
          onClick={onToggle ?? (() => setOwnOpen((o) => !o))}
          className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-slate-900 hover:bg-slate-50 sm:px-5"
        >
          {question}
          <ChevronDown
            className={cn("size-5 shrink-0 text-slate-600 transition-transform duration-200", isOpen && "rotate-180")}
            aria-hidden
          />
        </button>
      </h3>
      <div id={id} hidden={!isOpen} className="px-4 pb-4 text-slate-700 sm:px-5">
        <p className="max-w-prose">{answer}</p>
      </div>
    </li>
  );
}
