import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { useToast } from "@client/components/ui/Toast";
import type { DocumentSummary } from "@shared/schemas/documents";
import { Scale } from "lucide-react";
import { type ReviewRequestResult, useRequestReview } from "./documents-api";
import { formatFee, reviewFeeCents } from "./template-info";

/** Ask for an attorney to review a generated document, after saying what that costs and means. */
export function ReviewRequestDialog({
  document,
  open,
  onOpenChange,
  onRequested,
}: {
  document: Pick<DocumentSummary, "id" | "title" | "templateId">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRequested?: (result: ReviewRequestResult) => void;
}) {
  const request = useRequestReview();
  const toast = useToast();
  const fee = reviewFeeCents(document.templateId);
  const confirm = () =>
    request.mutate(document.id, {
      onSuccess: (result) => {
        toast.success(result.message || "Your review request was sent.");
        onRequested?.(result);
        onOpenChange(false);
      },
      onError: (error) => toast.error(error.message || "Your request could not be sent. Please try again."),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request attorney review"
      description={document.title}
      size="md"
      tone="primary"
      confirmLabel="Request review"
      confirmIcon={<Scale className="size-4" aria-hidden />}
      onConfirm={confirm}
      pending={request.isPending}
    >
      <div className="space-y-4">
        {fee !== null ? (
          <div className="flex items-baseline justify-between gap-4 rounded-[var(--radius-control)] bg-primary-50 px-4 py-3">
            <span className="font-medium text-primary-950">Attorney review fee</span>
            <span className="text-2xl font-bold text-primary-900">{formatFee(fee)}</span>
          </div>
        ) : null}
        <div>
          <h3 className="font-semibold text-slate-900">What happens next</h3>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5">
            <li>An attorney in our referral network receives your document.</li>
            <li>
              The attorney contacts you within 2 business days to confirm the fee before any work starts. Nothing is
              charged until you agree.
            </li>
            <li>If you go ahead, the attorney reviews the document and tells you what to change.</li>
          </ol>
        </div>
        <p className="text-sm">
          LawGuide is not a law firm. No attorney-client relationship exists until an attorney agrees to take your
          matter.
        </p>
      </div>
    </ConfirmDialog>
  );
}
