import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { controlClasses } from "@client/components/ui/Field";
import { cn } from "@client/lib/cn";
import { TIMINGS_MS } from "@shared/constants";
import { DOCUMENT_STATES, STATE_BUTTON_COUNT, stateAnswers, US_STATES } from "@shared/templates/states";
import { getTemplate, TEMPLATES } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import { Bot, FilePlus2, FileSearch, MessagesSquare, RotateCcw, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * The Document Center's assistant (spec section 4, 'Document center chat'): a short scripted
 * conversation, run in the browser, that asks for the member's state and the document they need,
 * then opens that template in the generator with the state filled in. Replies come after 1 s
 * (3 s while the document is prepared), after a typing indicator.
 */

type Stage = "intro" | "state" | "template" | "generating" | "generated" | "analyse";

interface ChatLine {
  id: number;
  from: "assistant" | "member";
  text: string;
  /** Extra content under an assistant message (links). */
  extra?: "legal-chats";
}

const INTRO =
  "Hello! I can help you create a legal document, such as a will, a lease or an LLC operating agreement, or explain how document analysis works. What would you like to do?";
const ASK_STATE =
  "Which state do you live in? Many documents must follow your state's law, so I'll use it to fill in your document.";
const ASK_TEMPLATE = (state: string) => `Thanks. ${state} it is. Which document would you like to create?`;
const ANALYSE =
  "Document analysis is coming to your case chats. You'll be able to upload a PDF, a Word file or a photo of a document and get a plain-language summary, the key terms, possible issues and suggested next steps. Until then, you can describe your document in a Legal Chat and ask about it.";

function readyText(templateId: string, state: string, answers: Answers): string {
  const name = getTemplate(templateId)?.name ?? "document";
  const stateNote =
    Object.keys(answers).length > 0
      ? ` I've filled in ${state} as the state.`
      : " This document does not depend on your state.";
  return `Your ${name} is ready to complete.${stateNote} Answer the remaining questions in the Document Templates tab, then review and generate it.`;
}

function Bubble({ line, children }: { line: ChatLine; children?: ReactNode }) {
  if (line.from === "member") {
    return (
      <div className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary-900 px-4 py-2.5 text-white">
          <span className="sr-only">You: </span>
          {line.text}
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-end gap-2">
      <span className="mb-1 hidden rounded-full bg-primary-100 p-1.5 text-primary-900 sm:block" aria-hidden>
        <Bot className="size-4" />
      </span>
      <div className="max-w-[92%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 text-slate-800 sm:max-w-[80%]">
        <p className="max-w-[70ch]">
          <span className="sr-only">Assistant: </span>
          {line.text}
        </p>
        {children}
      </div>
    </div>
  );
}

function TypingIndicator({ label }: { label: string }) {
  return (
    <div className="flex items-end gap-2">
      <span className="mb-1 hidden rounded-full bg-primary-100 p-1.5 text-primary-900 sm:block" aria-hidden>
        <Bot className="size-4" />
      </span>
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

function ChoiceButton({ children, onClick, icon }: { children: ReactNode; onClick: () => void; icon?: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-full border border-primary-300 bg-white px-4 py-2 text-left text-sm font-semibold text-primary-900",
        "transition-colors duration-150 ease-out hover:border-primary-600 hover:bg-primary-50",
      )}
    >
      {icon}
      {children}
    </button>
  );
}

export function AssistantChat({
  onOpenTemplate,
  onShowTemplates,
}: {
  onOpenTemplate: (templateId: string, answers: Answers) => void;
  onShowTemplates: () => void;
}) {
  const [lines, setLines] = useState<ChatLine[]>([{ id: 0, from: "assistant", text: INTRO }]);
  const [stage, setStage] = useState<Stage>("intro");
  const [typing, setTyping] = useState<string | null>(null);
  const [chosenState, setChosenState] = useState("");
  const [showAllStates, setShowAllStates] = useState(false);
  const [otherState, setOtherState] = useState("");
  const nextId = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  const acted = useRef(false);
  const selectId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // After the member answers, focus moves to the new choices once the reply has arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a reply arrives
  useEffect(() => {
    if (typing || !acted.current) return;
    const first = choicesRef.current?.querySelector<HTMLElement>("button, a, select");
    first?.focus({ preventScroll: true });
    choicesRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [typing, stage, showAllStates]);

  const add = (from: ChatLine["from"], text: string, extra?: ChatLine["extra"]) => {
    const id = nextId.current++;
    setLines((current) => [...current, { id, from, text, ...(extra ? { extra } : {}) }]);
  };

  const reply = (delay: number, label: string, then: () => void) => {
    acted.current = true;
    setTyping(label);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setTyping(null);
      then();
    }, delay);
  };

  const create = () => {
    add("member", "Create a document");
    setStage("state");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => add("assistant", ASK_STATE));
  };

  const analyse = () => {
    add("member", "Analyse a document");
    setStage("analyse");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => add("assistant", ANALYSE, "legal-chats"));
  };

  const chooseState = (state: string) => {
    add("member", state);
    setChosenState(state);
    setShowAllStates(false);
    setStage("template");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => add("assistant", ASK_TEMPLATE(state)));
  };

  const chooseTemplate = (templateId: string) => {
    const template = getTemplate(templateId);
    if (!template) return;
    add("member", template.name);
    setStage("generating");
    reply(TIMINGS_MS.assistantDocumentCreation, `Preparing your ${template.name}…`, () => {
      const answers = stateAnswers(template, chosenState);
      add("assistant", readyText(templateId, chosenState, answers));
      setStage("generated");
      onOpenTemplate(templateId, answers);
    });
  };

  const restart = () => {
    if (timer.current) clearTimeout(timer.current);
    acted.current = true;
    setTyping(null);
    setChosenState("");
    setOtherState("");
    setShowAllStates(false);
    setLines([{ id: nextId.current++, from: "assistant", text: INTRO }]);
    setStage("intro");
  };

  let choices: ReactNode = null;
  if (!typing) {
    if (stage === "intro") {
      choices = (
        <>
          <ChoiceButton onClick={create} icon={<FilePlus2 className="size-4" aria-hidden />}>
            Create a document
          </ChoiceButton>
          <ChoiceButton onClick={analyse} icon={<FileSearch className="size-4" aria-hidden />}>
            Analyse a document
          </ChoiceButton>
        </>
      );
    } else if (stage === "state") {
      choices = (
        <>
          {DOCUMENT_STATES.slice(0, STATE_BUTTON_COUNT).map((state) => (
            <ChoiceButton key={state} onClick={() => chooseState(state)}>
              {state}
            </ChoiceButton>
          ))}
          {showAllStates ? (
            <form
              className="flex w-full flex-wrap items-end gap-2 pt-1"
              onSubmit={(event) => {
                event.preventDefault();
                if (otherState) chooseState(otherState);
              }}
            >
              <div className="min-w-0 flex-1 space-y-1.5">
                <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
                  Your state
                </label>
                <select
                  id={selectId}
                  value={otherState}
                  onChange={(event) => setOtherState(event.target.value)}
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
              <Button type="submit" disabled={!otherState}>
                Continue
              </Button>
            </form>
          ) : (
            <ChoiceButton onClick={() => setShowAllStates(true)}>Other state</ChoiceButton>
          )}
        </>
      );
    } else if (stage === "template") {
      choices = TEMPLATES.map((template) => (
        <ChoiceButton key={template.id} onClick={() => chooseTemplate(template.id)}>
          {template.name}
        </ChoiceButton>
      ));
    } else if (stage === "generated") {
      choices = (
        <>
          <Button onClick={onShowTemplates} size="sm">
            Continue in Document Templates
          </Button>
          <ChoiceButton onClick={restart} icon={<RotateCcw className="size-4" aria-hidden />}>
            Start again
          </ChoiceButton>
        </>
      );
    } else if (stage === "analyse") {
      choices = (
        <ChoiceButton onClick={create} icon={<FilePlus2 className="size-4" aria-hidden />}>
          Create a document
        </ChoiceButton>
      );
    }
  }

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <span className="rounded-full bg-primary-100 p-2 text-primary-900">
          <Bot className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">Document Assistant</h2>
          <p className="text-sm text-slate-600">Answers a few questions, then opens the right template.</p>
        </div>
        {stage !== "intro" ? (
          <Button variant="ghost" size="sm" onClick={restart} icon={<RotateCcw className="size-4" aria-hidden />}>
            Restart
          </Button>
        ) : null}
      </div>
      <div className="space-y-4 bg-slate-50 px-3 py-4 sm:px-5">
        <div role="log" aria-label="Conversation with the Document Assistant" className="space-y-3">
          {lines.map((line) => (
            <Bubble key={line.id} line={line}>
              {line.extra === "legal-chats" ? (
                <div className="mt-3">
                  <ButtonLink
                    to="/dashboard/cases"
                    variant="secondary"
                    size="sm"
                    icon={<MessagesSquare className="size-4" aria-hidden />}
                  >
                    Open Legal Chats
                  </ButtonLink>
                </div>
              ) : null}
            </Bubble>
          ))}
          {typing ? <TypingIndicator label={typing} /> : null}
        </div>
        <fieldset ref={choicesRef} className={cn("min-w-0 scroll-mb-24 sm:pl-10", !choices && "hidden")}>
          <legend className="sr-only">Your answer</legend>
          <div className="flex flex-wrap gap-2">{choices}</div>
        </fieldset>
      </div>
      <p className="flex items-center gap-1.5 border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600">
        <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
        Legal information, not legal advice. Documents are prepared from your answers.
      </p>
    </Card>
  );
}
