import { Markdown } from "@client/components/Markdown";
import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Dialog } from "@client/components/ui/Dialog";
import { Skeleton } from "@client/components/ui/Skeleton";
import { useToast } from "@client/components/ui/Toast";
import { formatDateTime } from "@shared/dates";
import { CASE_TEXT } from "@shared/messages";
import type { UploadSummary } from "@shared/schemas/uploads";
import { Loader2, MessagesSquare, RotateCcw, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useOpenCaseFromUpload, useUploadDetail } from "./documents-api";
import { analysisStageText, useUploadAnalysis } from "./use-upload-analysis";

const OPEN_CASE_FAILED = CASE_TEXT.openCaseFailed;

/**
 * An uploaded file's analysis: the stored one, or a new one streamed in (at once when the file
 * was never analysed, or with 'Analyse again'); from here the member may open a case about it.
 */
export function AnalysisDialog({
  upload,
  open,
  onOpenChange,
}: {
  upload: UploadSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const detail = useUploadDetail(upload.id, { enabled: open });
  const analysis = useUploadAnalysis();
  const openCase = useOpenCaseFromUpload();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);

  const { start } = analysis;
  const stored = detail.data?.analysis ?? null;
  const neverAnalysed = detail.isSuccess && !stored;
  // A file never analysed is analysed as soon as the dialog opens.
  useEffect(() => {
    if (open && neverAnalysed && !started.current) {
      started.current = true;
      void start(upload.id, upload.fileName);
    }
  }, [open, neverAnalysed, start, upload.id, upload.fileName]);

  const { phase } = analysis.state;
  const running = phase === "reading" || phase === "analysing";
  const stageText = analysisStageText(analysis.state);
  const text = phase === "idle" ? stored : analysis.state.text || (phase === "error" ? stored : null);
  const analysedAt = analysis.state.upload?.analysedAt ?? detail.data?.analysedAt ?? null;

  const openCaseAboutFile = () =>
    openCase.mutate(upload.id, {
      onSuccess: (caseId) => {
        onOpenChange(false);
        navigate(`/dashboard/case/${encodeURIComponent(caseId)}`);
      },
      onError: (error) => toast.error(error.message || OPEN_CASE_FAILED),
    });

  let body: ReactNode;
  if (detail.isPending) {
    body = (
      <div className="space-y-3" aria-hidden>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    );
  } else if (detail.isError) {
    body = <Alert tone="danger" title={detail.error.message} />;
  } else {
    body = (
      <div className="space-y-4">
        {phase === "error" && analysis.state.error ? <Alert tone="danger">{analysis.state.error}</Alert> : null}
        {running && !analysis.state.text ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Loader2 className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
            <span className="min-w-0 break-words">{stageText}</span>
          </p>
        ) : null}
        {text ? (
          <div aria-busy={running || undefined}>
            <Markdown>{text}</Markdown>
          </div>
        ) : null}
        {text && !running ? (
          <p className="flex items-center gap-1.5 border-t border-slate-100 pt-3 text-xs text-slate-600">
            <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
            Legal information, not legal advice.
            {analysedAt ? ` Analysed ${formatDateTime(analysedAt)}.` : null}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) analysis.cancel();
        onOpenChange(next);
      }}
      title={`Analysis of ${upload.fileName}`}
      size="lg"
      footer={
        <>
          <Button
            variant="secondary"
            size="sm"
            className="w-full sm:w-auto"
            onClick={() => void start(upload.id, upload.fileName)}
            loading={running}
            disabled={detail.isPending || detail.isError}
            icon={RotateCcw}
          >
            {running ? "Analysing…" : "Analyse again"}
          </Button>
          <Button
            size="sm"
            className="w-full sm:w-auto"
            onClick={openCaseAboutFile}
            loading={openCase.isPending}
            disabled={running || detail.isPending || detail.isError}
            icon={<MessagesSquare className="hidden size-4 sm:block" aria-hidden />}
          >
            Open a case about this document
          </Button>
        </>
      }
    >
      {body}
      <p role="status" aria-live="polite" className="sr-only">
        {stageText ?? (phase === "done" ? "The analysis is ready." : "")}
      </p>
    </Dialog>
  );
}
