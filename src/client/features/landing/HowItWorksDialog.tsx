import { Bot, Sparkles } from "lucide-react";
import { LandingDialog, type LandingDialogProps } from "./DialogBody";
import { StepList } from "./StepList";

const QUESTION = "My employer hasn't paid my last two weeks of overtime. What are my options?";

const PREVIEWS = [
  {
    assistant: "Assistant A",
    model: "Claude, by Anthropic",
    text: "Under the federal Fair Labor Standards Act, most hourly employees must be paid 1.5 times their regular rate for hours over 40 in a week. Start by writing down the hours you worked and asking your employer in writing for the missing pay. If that does not work, you can file a wage claim with your state labor department or the US Department of Labor.",
  },
  {
    assistant: "Assistant B",
    model: "GPT, by OpenAI",
    text: "Unpaid overtime is usually recoverable. Gather your pay stubs, schedules and any messages about your hours. Many states also have their own overtime rules, some stricter than federal law, and deadlines to claim back pay, often two or three years. A wage claim with your state agency costs nothing to file.",
  },
] as const;

/** 'See How It Works': the three steps and two AI answer previews side by side, marked as examples. */
export function HowItWorksDialog(props: LandingDialogProps) {
  return (
    <LandingDialog
      {...props}
      size="xl"
      title="How LawGuide works"
      description="Three steps, and a look at the answers you get. Everything below is an example."
      startLabel="Get started"
      bodyLabel="How it works, with example answers"
    >
      <StepList compact />

      <h3 className="mt-6 flex items-center gap-2 text-base font-bold text-slate-900">
        <Sparkles className="size-5 text-primary-700" aria-hidden />
        AI answer previews
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Example question: <q className="font-medium text-slate-800">{QUESTION}</q>
      </p>
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {PREVIEWS.map((preview) => (
          <li
            key={preview.assistant}
            className="flex flex-col rounded-[var(--radius-card)] border border-slate-200 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="flex items-start gap-2">
                <Bot className="mt-0.5 size-5 shrink-0 text-primary-800" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">{preview.assistant}</span>
                  <span className="block text-sm text-slate-600">{preview.model}</span>
                </span>
              </p>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset">
                Example preview
              </span>
            </div>
            <p className="mt-3 flex-1 text-sm text-slate-700">{preview.text}</p>
            <p className="mt-3 border-t border-slate-200 pt-2 text-xs text-slate-600">
              Legal information, not legal advice.
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600">
        Free members get one answer for each question. Premium members can compare full answers from both assistants. AI
        can be wrong: check anything important with a licensed attorney.
      </p>
    </LandingDialog>
  );
}
