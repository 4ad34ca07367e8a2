import { cn } from "@client/lib/cn";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { FAQ } from "./content";

function Question({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 rounded-[var(--radius-control)] px-1 py-4 text-left text-base font-semibold text-slate-900 hover:text-primary-800 sm:text-lg"
        >
          {question}
          <ChevronDown
            className={cn("size-5 shrink-0 text-slate-600 transition-transform duration-200", open && "rotate-180")}
            aria-hidden
          />
        </button>
      </h3>
      <div id={id} hidden={!open} className="px-1 pb-5 text-slate-700">
        <p className="max-w-prose">{answer}</p>
      </div>
    </li>
  );
}

/** The five landing questions, each a disclosure button (aria-expanded) over its answer. */
export function LandingFaq() {
  return (
    <ul className="rounded-[var(--radius-dialog)] border border-slate-200 bg-white px-4 shadow-[var(--shadow-card)] sm:px-6">
      {FAQ.map((item) => (
        <Question key={item.question} question={item.question} answer={item.answer} />
      ))}
    </ul>
  );
}
