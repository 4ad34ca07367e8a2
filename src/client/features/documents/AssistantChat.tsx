import { Markdown } from "@client/components/Markdown";
import { Button, buttonIcon } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { controlClasses } from "@client/components/ui/Field";
import { IconTile } from "@client/components/ui/IconTile";
import type { LabelIcon } from "@client/components/ui/label-icon";
import { useToast } from "@client/components/ui/Toast";
import { AllowanceNote } from "@client/components/uploads/AllowanceNote";
import { AttachmentChips, AttachmentLink } from "@client/components/uploads/AttachmentChip";
import { DropZone } from "@client/components/uploads/DropZone";
import { FilePickerButton } from "@client/components/uploads/FilePickerButton";
import { UploadNotices } from "@client/components/uploads/UploadNotices";
import { toAttachment, useFileUploads } from "@client/components/uploads/use-file-uploads";
import { cn } from "@client/lib/cn";
import { usePublicSettings } from "@client/lib/public-settings";
import { TIMINGS_MS } from "@shared/constants";
import type { ChatAttachment, UploadSummary } from "@shared/schemas/uploads";
import { DOCUMENT_STATES, STATE_BUTTON_COUNT, stateAnswers, US_STATES } from "@shared/templates/states";
import { getTemplate, TEMPLATES } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import {
  Bot,
  Check,
  Crown,
  FilePlus2,
  FileSearch,
  Loader2,
  MessagesSquare,
  RotateCcw,
  ShieldCheck,
  Upload,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useOpenCaseFromUpload } from "./documents-api";
import { analysisStageText, useUploadAnalysis } from "./use-upload-analysis";

/**
 * The Document Center's assistant (spec section 4, 'Document center chat'). Creating a document
 * is a short scripted conversation, run in the browser, that asks for the member's state and the
 * document they need, then opens that template in the generator with the state filled in.
 * Analysing a document asks for the file, uploads it (with its progress), and streams the
 * assistant's analysis in; the member may then open a case about it. Scripted replies come after
 * 1 s (3 s while the document is prepared), after a typing indicator.
 */

type Stage =
  | "intro"
  | "state"
  | "template"
  | "generating"
  | "generated"
  /** Waiting for the file to analyse. */
  | "upload"
  | "uploading"
  | "analysing"
  | "analysed"
  /** The analysis failed or was stopped: the file can be analysed again. */
  | "failed";

interface ChatLine {
  id: number;
  from: "assistant" | "member";
  text: string;
  /** The file the member sent (member lines). */
  attachment?: ChatAttachment;
  /** The text is Markdown (a document analysis). */
  markdown?: boolean;
  /** Extra content under an assistant message (links). */
  extra?: "premium";
}

const INTRO =
  "Hello! I can help you create a legal document, such as a will, a lease or an LLC operating agreement, or read a document you upload and explain it in plain words. What would you like to do?";
const ASK_STATE =
  "Which state do you live in? Many documents must follow your state's law, so I'll use it to fill in your document.";
const ASK_TEMPLATE = (state: string) => `Thanks. ${state} it is. Which document would you like to create?`;
const ASK_FILE = (maxMb: number) =>
  `Choose the document you'd like me to read: a PDF, a Word file or a photo of a document (JPG, PNG or GIF), up to ${maxMb}MB. I'll give you a plain-language summary, the key terms, possible issues and suggested next steps.`;
const ASK_ANOTHER = (maxMb: number) =>
  `Choose the next document: a PDF, a Word file or a photo of a document, up to ${maxMb}MB.`;
const ONE_AT_A_TIME = "Please choose one document at a time.";
const ANALYSIS_STOPPED = "I stopped reading this document. You can analyse it again, or choose another one.";
const OPEN_CASE_FAILED = "Unable to open a case about this document. Please try again.";

function readyText(templateId: string, state: string, answers: Answers): string {
  const name = getTemplate(templateId)?.name ?? "document";
  const stateNote =
    Object.keys(answers).length > 0
      ? ` I've filled in ${state} as the state.`
      : " This document does not depend on your state.";
  return `Your ${name} is ready to complete.${stateNote} Answer the remaining questions in the Document Templates tab, then review and generate it.`;
}

function AssistantAvatar() {
  return (
    <span className="mb-1 hidden rounded-full bg-primary-100 p-1.5 text-primary-900 sm:block" aria-hidden>
      <Bot className="size-4" />
    </span>
  );
}

function Bubble({ line, children }: { line: ChatLine; children?: ReactNode }) {
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
function AnalysisSteps({ current }: { current: (typeof STEPS)[number]["key"] }) {
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

function ChoiceButton({ children, onClick, icon }: { children: ReactNode; onClick: () => void; icon?: LabelIcon }) {
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

export function AssistantChat({
  onOpenTemplate,
  onShowTemplates,
}: {
  onOpenTemplate: (templateId: string, answers: Answers) => void;
  onShowTemplates: () => void;
}) {
  const settings = usePublicSettings();
  const maxMb = settings?.maxFileUploadSize ?? 10;
  const toast = useToast();
  const navigate = useNavigate();
  const openCase = useOpenCaseFromUpload();
  const [lines, setLines] = useState<ChatLine[]>([{ id: 0, from: "assistant", text: INTRO }]);
  const [stage, setStage] = useState<Stage>("intro");
  const [typing, setTyping] = useState<string | null>(null);
  const [chosenState, setChosenState] = useState("");
  const [showAllStates, setShowAllStates] = useState(false);
  const [otherState, setOtherState] = useState("");
  /** The file being (or last) analysed. */
  const [file, setFile] = useState<UploadSummary | null>(null);
  const nextId = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  const acted = useRef(false);
  const selectId = useId();
  const analysis = useUploadAnalysis();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const add = (from: ChatLine["from"], text: string, more: Omit<ChatLine, "id" | "from" | "text"> = {}) => {
    const id = nextId.current++;
    setLines((current) => [...current, { id, from, text, ...more }]);
  };

  const analyseFile = (upload: UploadSummary) => {
    setFile(upload);
    setStage("analysing");
    void analysis.start(upload.id, upload.fileName);
  };

  const uploads = useFileUploads({
    maxMb,
    maxFiles: 1,
    tooManyText: ONE_AT_A_TIME,
    onUploaded: (_item, upload) => {
      uploads.clear();
      add("member", upload.fileName, { attachment: toAttachment(upload) });
      analyseFile(upload);
    },
    onFailed: (_item, message, status) => {
      uploads.clear();
      acted.current = true;
      add("assistant", message, status === 402 ? { extra: "premium" } : {});
      setStage("upload");
    },
  });

  // The analysis ends in the conversation: the stored analysis, or why it failed.
  const phase = analysis.state.phase;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the analysis ends
  useEffect(() => {
    if (stage !== "analysing") return;
    if (phase === "done") {
      add("assistant", analysis.state.text, { markdown: true });
      setStage("analysed");
    } else if (phase === "error") {
      add("assistant", analysis.state.error ?? "");
      setStage("failed");
    }
  }, [phase]);

  // After the member answers, focus moves to the new choices once the reply has arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a reply arrives
  useEffect(() => {
    if (typing || !acted.current) return;
    const first = choicesRef.current?.querySelector<HTMLElement>("button:not(:disabled), a, select");
    first?.focus({ preventScroll: true });
    choicesRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [typing, stage, showAllStates]);

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
    setStage("upload");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => add("assistant", ASK_FILE(maxMb)));
  };

  const analyseAnother = () => {
    analysis.cancel();
    add("member", "Analyse another document");
    setStage("upload");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => add("assistant", ASK_ANOTHER(maxMb)));
  };

  const chooseFiles = (files: File[]) => {
    if (stage !== "upload" || typing) return;
    acted.current = true;
    if (uploads.add(files) > 0) setStage("uploading");
  };

  const cancelUpload = (id: string) => {
    uploads.remove(id);
    acted.current = true;
    setStage("upload");
  };

  const stopAnalysis = () => {
    analysis.cancel();
    acted.current = true;
    add("assistant", ANALYSIS_STOPPED);
    setStage("failed");
  };

  const analyseAgain = () => {
    if (!file) return;
    add("member", "Analyse it again");
    analyseFile(file);
  };

  const openCaseAboutFile = () => {
    if (!file) return;
    openCase.mutate(file.id, {
      onSuccess: (caseId) => {
        navigate(`/dashboard/case/${encodeURIComponent(caseId)}`);
      },
      onError: (error) => toast.error(error.message || OPEN_CASE_FAILED),
    });
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
    analysis.cancel();
    uploads.clear();
    setFile(null);
    setTyping(null);
    setChosenState("");
    setOtherState("");
    setShowAllStates(false);
    setLines([{ id: nextId.current++, from: "assistant", text: INTRO }]);
    setStage("intro");
  };

  const analysisChoices = (
    <>
      <Button size="sm" onClick={openCaseAboutFile} loading={openCase.isPending} icon={MessagesSquare}>
        Open a case about this document
      </Button>
      <ChoiceButton onClick={analyseAnother} icon={FileSearch}>
        Analyse another document
      </ChoiceButton>
    </>
  );

  let choices: ReactNode = null;
  if (!typing) {
    if (stage === "intro") {
      choices = (
        <>
          <ChoiceButton onClick={create} icon={FilePlus2}>
            Create a document
          </ChoiceButton>
          <ChoiceButton onClick={analyse} icon={FileSearch}>
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
          <ChoiceButton onClick={restart} icon={RotateCcw}>
            Start again
          </ChoiceButton>
        </>
      );
    } else if (stage === "upload") {
      choices = (
        <div className="w-full space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <FilePickerButton onFiles={chooseFiles} multiple={false} variant="primary" size="sm" icon={Upload}>
              Choose a file
            </FilePickerButton>
            <ChoiceButton onClick={create} icon={FilePlus2}>
              Create a document instead
            </ChoiceButton>
          </div>
          <div className="space-y-0.5">
            <p className="hidden text-sm text-slate-600 sm:block">You can also drop the file on this chat.</p>
            <AllowanceNote />
          </div>
        </div>
      );
    } else if (stage === "uploading") {
      choices = (
        <ChoiceButton onClick={() => uploads.items[0] && cancelUpload(uploads.items[0].id)} icon={X}>
          Cancel upload
        </ChoiceButton>
      );
    } else if (stage === "analysing") {
      choices = (
        <ChoiceButton onClick={stopAnalysis} icon={X}>
          Stop
        </ChoiceButton>
      );
    } else if (stage === "analysed") {
      choices = analysisChoices;
    } else if (stage === "failed") {
      choices = (
        <>
          {file ? (
            <Button size="sm" onClick={analyseAgain} icon={RotateCcw}>
              Analyse again
            </Button>
          ) : null}
          <ChoiceButton onClick={analyseAnother} icon={FileSearch}>
            Analyse another document
          </ChoiceButton>
        </>
      );
    }
  }

  const stageLine = stage === "analysing" ? analysisStageText(analysis.state) : null;
  const liveText =
    stage === "uploading"
      ? `Uploading ${uploads.items[0]?.name ?? "your file"}…`
      : stage === "analysing"
        ? (stageLine ?? "")
        : "";

  return (
    <DropZone onFiles={chooseFiles} disabled={stage !== "upload" || Boolean(typing)} label="Drop the file here">
      <Card className="overflow-hidden">
        <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <IconTile icon={Bot} className="rounded-full bg-primary-100 p-2 text-primary-900" />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-slate-900">Document Assistant</h2>
            <p className="text-sm text-slate-600">Creates a document from your answers, or reads one you upload.</p>
          </div>
          {stage !== "intro" ? (
            <Button variant="ghost" size="sm" onClick={restart} icon={RotateCcw}>
              Restart
            </Button>
          ) : null}
        </div>
        <div className="space-y-4 bg-slate-50 px-3 py-4 sm:px-5">
          <div role="log" aria-label="Conversation with the Document Assistant" className="space-y-3">
            {lines.map((line) => (
              <Bubble key={line.id} line={line}>
                {line.extra === "premium" ? (
                  <div className="mt-3">
                    <ButtonLink to="/dashboard/premium" variant="premium" size="sm" icon={Crown}>
                      See Premium
                    </ButtonLink>
                  </div>
                ) : null}
              </Bubble>
            ))}
            {typing ? <TypingIndicator label={typing} /> : null}
          </div>
          {stage === "uploading" && uploads.items.length > 0 ? (
            <div className="flex flex-col items-end gap-2">
              <AttachmentChips items={uploads.items} onRemove={cancelUpload} className="justify-end" />
              <AnalysisSteps current="uploading" />
            </div>
          ) : null}
          {stage === "analysing" ? (
            <div className="flex items-end gap-2">
              <AssistantAvatar />
              <div
                className="max-w-[92%] min-w-0 space-y-3 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 text-slate-800 sm:max-w-[80%]"
                aria-busy="true"
              >
                {analysis.state.text ? (
                  <Markdown>{analysis.state.text}</Markdown>
                ) : (
                  <p className="flex items-center gap-2 text-slate-700">
                    <Loader2 className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
                    <span className="min-w-0 break-words">{stageLine}</span>
                  </p>
                )}
                <AnalysisSteps current={analysis.state.phase === "reading" ? "reading" : "analysing"} />
              </div>
            </div>
          ) : null}
          <p role="status" aria-live="polite" className="sr-only">
            {liveText}
          </p>
          <UploadNotices notices={uploads.notices} onDismiss={uploads.dismissNotices} className="sm:ml-10" />
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
    </DropZone>
  );
}
