import { Markdown } from "@client/components/Markdown";
import { Button } from "@client/components/ui/Button";
import { ButtonLink } from "@client/components/ui/ButtonLink";
import { Card } from "@client/components/ui/Card";
import { IconTile } from "@client/components/ui/IconTile";
import { useToast } from "@client/components/ui/Toast";
import { AllowanceNote } from "@client/components/uploads/AllowanceNote";
import { AttachmentChips } from "@client/components/uploads/AttachmentChip";
import { DropZone } from "@client/components/uploads/DropZone";
import { FilePickerButton } from "@client/components/uploads/FilePickerButton";
import { toAttachment, useUploads } from "@client/components/uploads/file-uploads";
import { UploadNotices } from "@client/components/uploads/UploadNotices";
import { cn } from "@client/lib/cn";
import { usePublicSettings } from "@client/lib/public-settings";
import { TIMINGS_MS } from "@shared/constants";
import type { UploadSummary } from "@shared/schemas/uploads";
import { SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { DOCUMENT_STATES, STATE_BUTTON_COUNT, stateAnswers } from "@shared/templates/states";
import { getTemplate, TEMPLATES } from "@shared/templates/template-list";
import type { Answers } from "@shared/templates/types";
import {
  Bot,
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
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import {
  AnalysisSteps,
  AssistantAvatar,
  Bubble,
  ChoiceButton,
  OtherStateForm,
  TypingIndicator,
} from "./AssistantChatParts";
import {
  ANALYSIS_STOPPED,
  ASK_ANOTHER,
  ASK_FILE,
  ASK_STATE,
  ASK_TEMPLATE,
  type NewLine,
  ONE_AT_A_TIME,
  OPEN_CASE_FAILED,
  readyText,
  type Stage,
  useAssistantConversation,
} from "./assistant-chat-state";
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
export function AssistantChat({
  onOpenTemplate,
  onShowTemplates,
  forSaleText,
}: {
  onOpenTemplate: (templateId: string, answers: Answers) => void;
  onShowTemplates: () => void;
  /** What to say of a template the member must buy first (null: they may use it). */
  forSaleText?: (templateId: string) => string | null;
}) {
  const settings = usePublicSettings();
  const maxMb = settings?.maxFileUploadSize ?? SETTINGS_DEFAULTS.general.maxFileUploadSize;
  const toast = useToast();
  const navigate = useNavigate();
  const openCase = useOpenCaseFromUpload();
  const conversation = useAssistantConversation();
  const { dispatch } = conversation;
  const { lines, stage, typing, chosenState, showAllStates, otherState, file } = conversation.state;
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  /** The member has done something: focus may follow the conversation. */
  const acted = useRef(false);
  const analysis = useUploadAnalysis();
  const { useFileUploads, useUploadAllowance } = useUploads();

  const memberSays = (text: string, next: Stage) =>
    dispatch({ type: "say", line: { from: "member", text }, stage: next });
  const assistantSays = (text: string, more: Omit<NewLine, "from" | "text"> = {}, next?: Stage) =>
    dispatch({ type: "say", line: { from: "assistant", text, ...more }, ...(next ? { stage: next } : {}) });
  const reply = (delay: number, label: string, then: () => void) => {
    acted.current = true;
    conversation.reply(delay, label, then);
  };

  const analyseFile = (upload: UploadSummary) => {
    dispatch({ type: "analyse", file: upload });
    void analysis.start(upload.id, upload.fileName);
  };

  const uploads = useFileUploads({
    maxMb,
    maxFiles: 1,
    tooManyText: ONE_AT_A_TIME,
    onUploaded: (_item, upload) => {
      uploads.clear();
      dispatch({ type: "say", line: { from: "member", text: upload.fileName, attachment: toAttachment(upload) } });
      analyseFile(upload);
    },
    onFailed: (_item, message, status) => {
      uploads.clear();
      acted.current = true;
      assistantSays(message, status === 402 ? { extra: "premium" } : {}, "upload");
    },
  });
  // The month's allowance shows while the assistant waits for a file.
  const allowance = useUploadAllowance(stage === "upload" && !typing);

  // The analysis ends in the conversation: the stored analysis, or why it failed.
  const phase = analysis.state.phase;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the analysis ends
  useEffect(() => {
    if (stage !== "analysing") return;
    if (phase === "done") assistantSays(analysis.state.text, { markdown: true }, "analysed");
    else if (phase === "error") assistantSays(analysis.state.error ?? "", {}, "failed");
  }, [phase]);

  // After the member answers, focus moves to the new choices once the reply has arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a reply arrives
  useEffect(() => {
    if (typing || !acted.current) return;
    const first = choicesRef.current?.querySelector<HTMLElement>("button:not(:disabled), a, select");
    first?.focus({ preventScroll: true });
    choicesRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [typing, stage, showAllStates]);

  const create = () => {
    memberSays("Create a document", "state");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => assistantSays(ASK_STATE));
  };

  const analyse = () => {
    memberSays("Analyse a document", "upload");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => assistantSays(ASK_FILE(maxMb)));
  };

  const analyseAnother = () => {
    analysis.cancel();
    memberSays("Analyse another document", "upload");
    reply(TIMINGS_MS.assistantReply, "Typing…", () => assistantSays(ASK_ANOTHER(maxMb)));
  };

  const chooseFiles = (files: File[]) => {
    if (stage !== "upload" || typing) return;
    acted.current = true;
    if (uploads.add(files) > 0) dispatch({ type: "stage", stage: "uploading" });
  };

  const cancelUpload = (id: string) => {
    uploads.remove(id);
    acted.current = true;
    dispatch({ type: "stage", stage: "upload" });
  };

  const stopAnalysis = () => {
    analysis.cancel();
    acted.current = true;
    assistantSays(ANALYSIS_STOPPED, {}, "failed");
  };

  const analyseAgain = () => {
    if (!file) return;
    dispatch({ type: "say", line: { from: "member", text: "Analyse it again" } });
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
    dispatch({ type: "chooseState", state });
    reply(TIMINGS_MS.assistantReply, "Typing…", () => assistantSays(ASK_TEMPLATE(state)));
  };

  const chooseTemplate = (templateId: string) => {
    const template = getTemplate(templateId);
    if (!template) return;
    memberSays(template.name, "generating");
    reply(TIMINGS_MS.assistantDocumentCreation, `Preparing your ${template.name}…`, () => {
      const answers = stateAnswers(template, chosenState);
      // A template for sale is not prepared: the assistant says so, and the templates offer to buy it.
      assistantSays(forSaleText?.(templateId) ?? readyText(templateId, chosenState, answers), {}, "generated");
      onOpenTemplate(templateId, answers);
    });
  };

  const restart = () => {
    acted.current = true;
    analysis.cancel();
    uploads.clear();
    conversation.restart();
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
            <OtherStateForm
              value={otherState}
              onPick={(state) => dispatch({ type: "pickOtherState", state })}
              onChoose={chooseState}
            />
          ) : (
            <ChoiceButton onClick={() => dispatch({ type: "showAllStates" })}>Other state</ChoiceButton>
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
            <AllowanceNote allowance={allowance} />
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
