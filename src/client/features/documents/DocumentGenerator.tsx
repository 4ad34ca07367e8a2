import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { Dialog } from "@client/components/ui/Dialog";
import { Spinner } from "@client/components/ui/Spinner";
import { useToast } from "@client/components/ui/Toast";
import { ApiRequestError } from "@client/lib/api";
import { ERROR_CODES } from "@shared/api-error";
import { TIMINGS_MS } from "@shared/constants";
import { formatDateTime } from "@shared/dates";
import type { DocumentDraft } from "@shared/schemas/documents";
import { templateOffer } from "@shared/template-offers";
import { getTemplate } from "@shared/templates/template-list";
import type { Answers, DocumentTemplate } from "@shared/templates/types";
import { reviewItems, validateAll, visibleFields } from "@shared/templates/validation";
import { ArrowLeft, ArrowRight, CheckCircle2, Crown, FileCheck2, Info, PencilLine, RotateCcw } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { DownloadStep } from "./DownloadStep";
import { useDeleteDraft, useGenerateDocument, useRefreshTemplateAccess, useTemplateStandings } from "./documents-api";
import { type ForSale, type GeneratorController, STEP_LABELS } from "./generator-state";
import { keepAnswers } from "./kept-answers";
import { StepIndicator } from "./StepIndicator";
import { TemplateFieldInput } from "./TemplateFieldInput";
import { TemplatePicker } from "./TemplatePicker";
import { BuyTemplateActions } from "./TemplatePurchase";
import type { TemplateStanding } from "./template-info";
import { type DraftStatus, useDraftAutosave } from "./use-draft-autosave";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const STEP_INTROS = [
  "Choose the document you need. You answer a few plain questions; we put them into a finished document.",
  "Answer the questions below. Your answers are saved as a draft as you go.",
  "Check your answers. You can go back and change anything before the document is made.",
  "",
] as const;

/** The quiet draft status shown while the form is open (announced politely). */
function DraftStatusText({ status }: { status: DraftStatus }) {
  const text =
    status === "saving"
      ? "Saving draft…"
      : status === "saved"
        ? "Draft saved"
        : status === "failed"
          ? "Draft not saved. We'll try again when you make a change."
          : status === "refused"
            ? "Draft not saved: this template is not in your plan."
            : "";
  return (
    <p role="status" className="flex min-h-5 items-center gap-1.5 text-sm text-slate-600">
      {status === "saved" ? <CheckCircle2 className="size-4 text-green-700" aria-hidden /> : null}
      {text}
    </p>
  );
}

/** Under a step: the way back on the left; the draft's status and the way on (`children`) on the right. */
function StepNav({
  back,
  onBack,
  draftStatus,
  children,
}: {
  back: string;
  onBack: () => void;
  draftStatus: DraftStatus;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" onClick={onBack} icon={ArrowLeft}>
        {back}
      </Button>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-3">
        <DraftStatusText status={draftStatus} />
        {children}
      </div>
    </div>
  );
}

function FormStep({
  template,
  answers,
  errors,
  onAnswer,
  onBack,
  onNext,
  draftStatus,
}: {
  template: DocumentTemplate;
  answers: Answers;
  errors: Record<string, string>;
  onAnswer: (fieldId: string, value: Answers[string]) => void;
  onBack: () => void;
  onNext: () => void;
  draftStatus: DraftStatus;
}) {
  const fields = visibleFields(template, answers);
  const errorCount = Object.keys(errors).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <form noValidate onSubmit={submit} aria-label={`${template.name} questions`} className="space-y-5">
      {errorCount > 0 ? (
        <Alert tone="danger" title="Some answers need your attention">
          {errorCount === 1 ? "One answer needs" : `${errorCount} answers need`} to be fixed before your document can be
          generated.
        </Alert>
      ) : null}
      <Card className="space-y-6 p-5 sm:p-6">
        <p className="text-sm text-slate-600">
          Fields marked{" "}
          <span className="text-red-700" aria-hidden>
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        {fields.map((field) => (
          <TemplateFieldInput
            key={field.id}
            field={field}
            value={answers[field.id]}
            error={errors[field.id]}
            onChange={(value) => onAnswer(field.id, value)}
          />
        ))}
      </Card>
      <StepNav back="Back" onBack={onBack} draftStatus={draftStatus}>
        <Button type="submit">
          Next
          <ArrowRight className="size-4" aria-hidden />
        </Button>
      </StepNav>
    </form>
  );
}

function ReviewStep({
  template,
  answers,
  error,
  onEdit,
  onGenerate,
  draftStatus,
}: {
  template: DocumentTemplate;
  answers: Answers;
  error: string | null;
  onEdit: () => void;
  onGenerate: () => void;
  draftStatus: DraftStatus;
}) {
  const items = reviewItems(template, answers);
  return (
    <div className="space-y-5">
      {error ? (
        <Alert tone="danger" title="Your document could not be generated">
          {error}
        </Alert>
      ) : null}
      <Card className="p-5 sm:p-6">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h3 className="font-semibold text-slate-900">Your answers</h3>
          <Button variant="ghost" size="sm" onClick={onEdit} icon={PencilLine}>
            Edit answers
          </Button>
        </div>
        {items.length ? (
          <dl className="divide-y divide-slate-100">
            {items.map((item) => (
              <div key={item.id} className="grid gap-0.5 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
                <dt className="text-sm text-slate-600">{item.label}</dt>
                <dd className="whitespace-pre-wrap break-words text-slate-900">{item.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-slate-600">You have not answered any questions yet.</p>
        )}
      </Card>
      {template.legalNotices.length ? (
        <section aria-labelledby="legal-notices" className="rounded-[var(--radius-card)] border border-slate-200 p-5">
          <h3 id="legal-notices" className="flex items-center gap-2 font-semibold text-slate-900">
            <Info className="size-5 text-primary-800" aria-hidden />
            Before you rely on this document
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {template.legalNotices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <StepNav back="Edit" onBack={onEdit} draftStatus={draftStatus}>
        <Button onClick={onGenerate} icon={<FileCheck2 className="size-5" aria-hidden />}>
          Generate Document
        </Button>
      </StepNav>
    </div>
  );
}

function GeneratingView({ template }: { template: DocumentTemplate }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <div role="status" className="flex flex-col items-center gap-4">
        <Spinner className="size-10 text-primary-800" />
        <p className="text-lg font-semibold text-slate-900">Generating Your Document</p>
      </div>
      <p className="max-w-sm text-slate-600">Putting your answers into your {template.name}. This takes a moment.</p>
    </Card>
  );
}

function DraftOfferDialog({
  draft,
  onResume,
  onStartOver,
  onClose,
  startingOver,
}: {
  draft: DocumentDraft;
  onResume: () => void;
  onStartOver: () => void;
  onClose: () => void;
  startingOver: boolean;
}) {
  const template = getTemplate(draft.templateId);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Continue your draft?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onStartOver} loading={startingOver} icon={RotateCcw}>
            Start over
          </Button>
          <Button onClick={onResume}>Resume draft</Button>
        </>
      }
    >
      <p className="text-slate-700">
        You have a draft of the {template?.name ?? "document"}, last saved {formatDateTime(draft.updatedAt)}. Resume
        where you left off, or start over with an empty form. Starting over deletes the draft.
      </p>
    </Dialog>
  );
}

/**
 * A template the member may not use yet: what the server (or the rule) says, with 'Buy for $…' and
 * the way to Premium. Focus moves here when it appears. Answers already typed are kept in the form,
 * and in this tab while the member goes to buy it (`onBuy`), so the template opens with them after.
 */
function ForSaleNotice({
  forSale,
  standing,
  onBuy,
}: {
  forSale: ForSale;
  standing: TemplateStanding;
  onBuy?: () => void;
}) {
  const template = getTemplate(forSale.templateId);
  const priceCents =
    standing.kind === "for-sale" ? standing.priceCents : (templateOffer(forSale.templateId)?.priceCents ?? 0);
  return (
    <section
      data-for-sale-notice
      tabIndex={-1}
      aria-labelledby="for-sale-title"
      className="space-y-3 rounded-[var(--radius-card)] border border-premium-300 bg-premium-50 p-4 focus:outline-none sm:p-5"
    >
      <h3 id="for-sale-title" className="flex items-center gap-2 font-semibold text-premium-900">
        <Crown className="size-5 shrink-0" aria-hidden />
        {template ? `${template.name} is not in your plan` : "This template is not in your plan"}
      </h3>
      <p className="text-slate-800">{forSale.message}</p>
      <BuyTemplateActions templateId={forSale.templateId} priceCents={priceCents} before={onBuy} layout="inline" />
    </section>
  );
}

/** The Document Generator (spec section 4): Template Selection, Document Information, Review & Generate, Download. */
export function DocumentGenerator({
  controller,
  drafts,
  userId = null,
}: {
  controller: GeneratorController;
  drafts: readonly DocumentDraft[];
  /** The member, whose answers to a template for sale are kept in this tab while they buy it. */
  userId?: string | null;
}) {
  const { state, dispatch, openTemplate } = controller;
  const template = state.templateId ? getTemplate(state.templateId) : undefined;
  const step = template ? state.step : 0;
  const standings = useTemplateStandings();
  const refreshAccess = useRefreshTemplateAccess();
  const autosave = useDraftAutosave(state, (templateId, message) => {
    dispatch({ type: "forSale", templateId, message, quiet: true });
    void refreshAccess();
  });
  const generate = useGenerateDocument();
  const deleteDraft = useDeleteDraft();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Focus follows the step: the new step's heading, or the first answer that needs fixing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per focus request
  useEffect(() => {
    const target = state.focus;
    if (!target) return;
    const focusable =
      target.kind === "field"
        ? document.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(target.fieldId)}"]`)
        : target.kind === "notice"
          ? document.querySelector<HTMLElement>("[data-for-sale-notice]")
          : headingRef.current;
    (focusable ?? headingRef.current)?.focus();
  }, [state.focusKey]);

  const startGenerating = async () => {
    if (!template) return;
    const errors = validateAll(template, state.answers);
    if (Object.keys(errors).length > 0) {
      dispatch({ type: "showErrors", errors });
      return;
    }
    dispatch({ type: "generateStart" });
    try {
      await autosave.settle(template.id);
      const [document] = await Promise.all([
        generate.mutateAsync({ templateId: template.id, answers: state.answers }),
        wait(TIMINGS_MS.documentGeneration),
      ]);
      autosave.resetStatus();
      dispatch({ type: "generated", document });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.templateForSale) {
        // The answers stay as they are; the notice offers to buy the template.
        dispatch({ type: "forSale", templateId: template.id, message: error.message });
        void refreshAccess();
      } else if (
        error instanceof ApiRequestError &&
        error.status === 400 &&
        error.fields &&
        Object.keys(error.fields).length
      ) {
        dispatch({ type: "showErrors", errors: error.fields });
      } else {
        dispatch({
          type: "generateFailed",
          message:
            error instanceof ApiRequestError && error.status !== 0
              ? error.message
              : "Check your connection and try again. Your answers are still here.",
        });
      }
    }
  };

  const offer = state.offer;
  const heading = state.generating ? "Review & Generate" : STEP_LABELS[step];
  const forSale = state.forSale;
  const forSaleStanding = forSale ? standings.standingOf(forSale.templateId) : null;
  const showForSale = forSale && forSaleStanding && step < 3 && !state.generating;
  const answersToKeep = forSale && template?.id === forSale.templateId && step > 0 ? state.answers : null;

  return (
    <div className="space-y-6">
      <StepIndicator step={step} />
      <div className="space-y-1">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none sm:text-2xl"
        >
          {heading}
        </h2>
        {template && step > 0 && step < 3 ? <p className="font-medium text-primary-900">{template.name}</p> : null}
        {STEP_INTROS[step] && !state.generating ? <p className="text-slate-600">{STEP_INTROS[step]}</p> : null}
      </div>

      {showForSale ? (
        <ForSaleNotice
          forSale={forSale}
          standing={forSaleStanding}
          onBuy={answersToKeep && userId ? () => keepAnswers(userId, forSale.templateId, answersToKeep) : undefined}
        />
      ) : null}

      {step === 0 ? (
        <TemplatePicker
          draftTemplateIds={new Set(drafts.map((draft) => draft.templateId))}
          standingOf={standings.standingOf}
          accessFailed={standings.failed}
          onRetryAccess={standings.retry}
          onPick={(templateId) => openTemplate(templateId)}
        />
      ) : null}

      {template && step === 1 ? (
        <FormStep
          template={template}
          answers={state.answers}
          errors={state.errors}
          draftStatus={autosave.status}
          onAnswer={(fieldId, value) => dispatch({ type: "answer", fieldId, value })}
          onBack={() => {
            autosave.resetStatus();
            dispatch({ type: "goto", step: 0 });
          }}
          onNext={() => {
            // Review shows answers ready to generate: a form with answers missing or wrong stays
            // here with them marked, as Generate would send it back.
            const errors = validateAll(template, state.answers);
            if (Object.keys(errors).length > 0) dispatch({ type: "showErrors", errors });
            else dispatch({ type: "goto", step: 2 });
          }}
        />
      ) : null}

      {template && step === 2 && state.generating ? <GeneratingView template={template} /> : null}

      {template && step === 2 && !state.generating ? (
        <ReviewStep
          template={template}
          answers={state.answers}
          error={state.generateError}
          draftStatus={autosave.status}
          onEdit={() => dispatch({ type: "goto", step: 1 })}
          onGenerate={() => void startGenerating()}
        />
      ) : null}

      {step === 3 && state.document ? (
        <DownloadStep
          document={state.document}
          onReviewed={(result) => dispatch({ type: "reviewed", review: result.review })}
          onCreateAnother={() => {
            autosave.resetStatus();
            dispatch({ type: "reset" });
          }}
        />
      ) : null}

      {offer ? (
        <DraftOfferDialog
          draft={offer.draft}
          startingOver={deleteDraft.isPending}
          onClose={() => dispatch({ type: "dismissOffer" })}
          onResume={() => {
            autosave.resetStatus();
            dispatch({ type: "resume", draft: offer.draft });
          }}
          onStartOver={() =>
            deleteDraft.mutate(offer.draft.templateId, {
              onSuccess: () => {
                autosave.resetStatus();
                dispatch({ type: "open", templateId: offer.draft.templateId, answers: offer.freshAnswers });
              },
              onError: (error) => toast.error(error.message || "The draft could not be deleted. Please try again."),
            })
          }
        />
      ) : null}
    </div>
  );
}
