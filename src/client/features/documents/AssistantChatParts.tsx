import { Markdown } from "@client/components/Markdown";
import { Button, buttonIcon } from "@client/components/ui/Button";
import { controlClasses } from "@client/components/ui/Field";
import type { LabelIcon } from "@client/components/ui/label-icon";
import { AttachmentLink } from "@client/components/uploads/AttachmentChip";
import { cn } from "@client/lib/cn";
import { US_STATES } from "@shared/templates/states";
import { Bot, Check, Loader2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { ChatLine } from "./assistant-chat-state";

/** The pieces the Document Center's assistant draws its conversation with. */

export function AssistantAvatar() {
  return (
    <span className="mb-1 hidden rounded-full bg-primary-100 p-1.5 text-primary-900 sm:block" aria-hidden>
      <Bot className="size-4" />
    </span>
  );
}

export function Bubble({ line, children }: { line: ChatLine; children?: ReactNode }) {
  if (line.from === "member") {
    return (
      <div className="flex justify-end">
        <div className="max-w-[85%] min-w-0 rounded-2xl rounded-br-sm bg-primary-900 px-4 py-2.5 text-white">
          {line.attachment ? (
            <>
              <span className="sr-only">You sent a file: </span>
              <AttachmentLink attachment={line.attachment} onDark />
            </>
          ) : (
            <p>
              <span className="sr-only">You: </span>
              {line.text}
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-end gap-2">
      <AssistantAvatar />
      <div className="max-w-[92%] min-w-0 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 text-slate-800 sm:max-w-[80%]">
        {line.markdown ? (
          <>
            <span className="sr-only">Assistant: </span>
            <Markdown>{line.text}</Markdown>
          </>
        ) : (
          <p className="max-w-[70ch]">
            <span className="sr-only">Assistant: </span>
            {line.text}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

const STEPS = [
  { key: "uploading", label: "Uploading" },
  { key: "reading", label: "Reading" },
  { key: "analysing", label: "Analysing" },
] as const;

/** Where the file is on its way: uploading, reading, analysing (the current step marked). */
export function AnalysisSteps({ current }: { current: (typeof STEPS)[number]["key"] }) {
  const at = STEPS.findIndex((step) => step.key === current);
  return (
    <ol aria-label="Progress" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      {STEPS.map((step, index) => {
        const done = index < at;
        const now = index === at;
        return (
          <li
            key={step.key}
            aria-current={now ? "step" : undefined}
            className={cn(
              "inline-flex items-center gap-1",
              done ? "text-green-800" : now ? "font-semibold text-primary-900" : "text-slate-600",
            )}
          >
            {done ? (
              <Check className="size-3.5" aria-hidden />
            ) : now ? (
              <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden />
            ) : (
              <span className="size-1.5 rounded-full bg-current" aria-hidden />
            )}
            {step.label}
            {done ? <span className="sr-only"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

export function TypingIndicator({ label }: { label: string }) {
  return (
    <div className="flex items-end gap-2">
      <AssistantAvatar />
      <div className="flex items-center gap-2 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3">
        <span className="flex gap-1" aria-hidden>
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </span>
        <span className="text-sm text-slate-600">{label}</span>
      </div>
    </div>
  );
}

export function ChoiceButton({
  children,
  onClick,
  icon,
}: {
  children: ReactNode;
  onClick: () => void;
  icon?: LabelIcon;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-full border border-primary-300 bg-white px-4 py-2 text-left text-sm font-semibold text-primary-900",
        "transition-colors duration-150 ease-out hover:border-primary-600 hover:bg-primary-50",
      )}
    >
      {buttonIcon(icon)}
      {children}
    </button>
  );
}

/** Every state in a list, for a member whose state has no button of its own. */
export function OtherStateForm({
  value,
  onPick,
  onChoose,
}: {
  value: string;
  onPick: (state: string) => void;
  onChoose: (state: string) => void;
}) {
  const selectId = useId();
  return (
    <form
      className="flex w-full flex-wrap items-end gap-2 pt-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onChoose(value);
      }}
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
          Your state
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(event) => onPick(event.target.value)}
          className={cn(controlClasses, "h-11")}
        >
          <option value="">Select your state…</option>
          {US_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={!value}>
        Continue
      </Button>
    </form>
  );
}
