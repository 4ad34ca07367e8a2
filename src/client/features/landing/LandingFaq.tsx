import { FaqItem } from "@client/components/ui/Disclosure";
import { FAQ } from "./content";

/** The five landing questions, each a disclosure button (aria-expanded) over its answer. */
export function LandingFaq() {
  return (
    <ul className="overflow-hidden rounded-[var(--radius-dialog)] border border-slate-200 bg-white shadow-[var(--shadow-card)]">
      {FAQ.map((item) => (
        <FaqItem key={item.question} question={item.question} answer={item.answer} />
      ))}
    </ul>
  );
}
