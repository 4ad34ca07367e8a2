import { AttorneyRequestDialog } from "@client/components/AttorneyRequestDialog";
import type { DialogOpenState } from "@client/components/ui/Dialog";
import type { DocumentSummary } from "@shared/schemas/documents";
import { type ReviewRequestResult, useRequestReview } from "./documents-api";
import { formatFee, reviewFeeCents } from "./template-info";

/** Ask for an attorney to review a generated document, after saying what that costs and means. */
export function ReviewRequestDialog({
  document,
  onRequested,
  ...dialog
}: DialogOpenState & {
  document: Pick<DocumentSummary, "id" | "title" | "templateId">;
  onRequested?: (result: ReviewRequestResult) => void;
}) {
  const request = useRequestReview();
  const fee = reviewFeeCents(document.templateId);
  return (
    <AttorneyRequestDialog
      {...dialog}
      title="Request attorney review"
      description={document.title}
      confirmLabel="Request review"
      send={(handlers) => request.mutate(document.id, handlers)}
      pending={request.isPending}
      sent="Your review request was sent."
      failed={(error) => error.message || "Your request could not be sent. Please try again."}
      onSent={onRequested}
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
    </AttorneyRequestDialog>
  );
}
