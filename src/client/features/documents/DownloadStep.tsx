import { Alert } from "@client/components/ui/Alert";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { UI_LIMITS } from "@shared/constants";
import { formatDate } from "@shared/dates";
import type { DocumentDetail } from "@shared/schemas/documents";
import { Eye, EyeOff, FilePlus2, Scale } from "lucide-react";
import { useId, useState } from "react";
import { DocumentDownload } from "./DocumentDownload";
import { DOWNLOAD_FORMATS, downloadUrl, type ReviewRequestResult } from "./documents-api";
import { ReviewRequestDialog } from "./ReviewRequestDialog";
import { formatFee, reviewFeeCents } from "./template-info";

/** The offer of an attorney's review of the document: what it costs, or that it was requested. */
function ReviewOffer({ document, onRequest }: { document: DocumentDetail; onRequest: () => void }) {
  const fee = reviewFeeCents(document.templateId);
  return (
    <Card className="space-y-3 border-primary-200 bg-primary-50/60 p-5">
      <h3 className="flex items-center gap-2 font-semibold text-primary-950">
        <Scale className="size-5" aria-hidden />
        Want an attorney to check it?
      </h3>
      {document.review ? (
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">Attorney review requested.</span> An attorney will contact you
          within 2 business days to confirm the fee
          {document.review.feeCents !== null ? ` (${formatFee(document.review.feeCents)})` : ""} before any work starts.
        </p>
      ) : (
        <>
          <p className="text-slate-700">
            An attorney from our referral network can review this document
            {fee !== null ? (
              <>
                {" "}
                for <span className="font-semibold text-slate-900">{formatFee(fee)}</span>
              </>
            ) : null}
            . They contact you within 2 business days to confirm the fee before any work. LawGuide is not a law firm,
            and no attorney-client relationship exists until an attorney agrees to take your matter.
          </p>
          <Button variant="secondary" onClick={onRequest}>
            Request attorney review
          </Button>
        </>
      )}
    </Card>
  );
}

/** Step 3: the finished document, its preview, the three downloads and an optional attorney review. */
export function DownloadStep({
  document,
  onReviewed,
  onCreateAnother,
}: {
  document: DocumentDetail;
  onReviewed: (result: ReviewRequestResult) => void;
  onCreateAnother: () => void;
}) {
  const [showPreview, setShowPreview] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const previewId = useId();
  const preview = document.content.slice(0, UI_LIMITS.documentPreviewChars);
  const truncated = document.content.length > preview.length;

  return (
    <div className="space-y-5">
      <Alert tone="success" title="Your document has been generated">
        {document.title} is saved in My documents below, so you can download it again at any time.
      </Alert>

      <Card className="space-y-4 p-5">
        <div className="space-y-0.5">
          <h3 className="text-lg font-semibold text-slate-900">{document.title}</h3>
          <p className="text-sm text-slate-600">
            Created {formatDate(document.createdAt)} · <span className="break-all">{document.fileName}</span>
          </p>
        </div>

        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-800">Choose a format</h4>
          <div className="grid grid-cols-3 gap-2">
            {DOWNLOAD_FORMATS.map(({ format, label }) => (
              <DocumentDownload
                key={format}
                href={downloadUrl(document.id, format)}
                fileName={`${document.fileName}.${format}`}
                variant={format === "txt" ? "primary" : "secondary"}
                aria-label={`Download as ${label}`}
              >
                {label}
              </DocumentDownload>
            ))}
          </div>
        </div>

        <div>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showPreview}
            aria-controls={previewId}
            onClick={() => setShowPreview((open) => !open)}
            icon={showPreview ? EyeOff : Eye}
            className="-ml-3 text-primary-900"
          >
            {showPreview ? "Hide preview" : "Preview"}
          </Button>
          <div id={previewId} hidden={!showPreview} className="mt-2">
            <p className="mb-1.5 text-sm text-slate-600">
              The first {UI_LIMITS.documentPreviewChars} characters of your document:
            </p>
            <pre className="whitespace-pre-wrap break-words rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 p-4 font-serif text-sm leading-relaxed text-slate-800">
              {preview}
              {truncated ? "…" : ""}
            </pre>
          </div>
        </div>
      </Card>

      <ReviewOffer document={document} onRequest={() => setReviewOpen(true)} />

      <div className="flex justify-end">
        <Button variant="secondary" onClick={onCreateAnother} icon={FilePlus2}>
          Create another document
        </Button>
      </div>

      <ReviewRequestDialog
        document={document}
        open={reviewOpen}
        onOpenChange={setReviewOpen}
        onRequested={onReviewed}
      />
    </div>
  );
}
