import { Badge } from "@client/components/ui/Badge";
import { AnchorButton, Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { ConfirmDialog } from "@client/components/ui/ConfirmDialog";
import { PagedList } from "@client/components/ui/PagedList";
import { useToast } from "@client/components/ui/Toast";
import { formatDate, formatDateTime } from "@client/lib/dates";
import type { DocumentDraft, DocumentSummary } from "@shared/schemas/documents";
import { getTemplate } from "@shared/templates/template-list";
import { Download, FileText, PencilLine, Scale, Trash2 } from "lucide-react";
import { useState } from "react";
import { DOWNLOAD_FORMATS, downloadUrl, useDeleteDocument, useDeleteDraft, useDocumentsList } from "./documents-api";
import { ReviewRequestDialog } from "./ReviewRequestDialog";
import { formatFee } from "./template-info";

function DocumentRow({
  item,
  onReview,
  onDelete,
}: {
  item: DocumentSummary;
  onReview: () => void;
  onDelete: () => void;
}) {
  const titleId = `document-${item.id}-title`;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="space-y-3">
        <div className="flex items-start gap-3">
          <span className="rounded-lg bg-primary-50 p-2 text-primary-800">
            <FileText className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-semibold leading-snug text-slate-900">
              {item.title}
            </h3>
            <p className="text-sm text-slate-600">Created {formatDate(item.createdAt)}</p>
          </div>
          {item.review ? (
            <Badge tone="indigo" className="shrink-0">
              <Scale className="size-3" aria-hidden />
              {item.review.status === "pending" ? "Review pending" : `Review ${item.review.status}`}
            </Badge>
          ) : null}
        </div>
        {item.review?.status === "pending" ? (
          <p className="text-sm text-slate-700">
            Attorney review requested
            {item.review.feeCents !== null ? ` (${formatFee(item.review.feeCents)})` : ""}. An attorney will contact you
            within 2 business days to confirm the fee.
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {DOWNLOAD_FORMATS.map(({ format, label }) => (
            <AnchorButton
              key={format}
              href={downloadUrl(item.id, format)}
              download={`${item.fileName}.${format}`}
              variant="secondary"
              size="sm"
              icon={<Download className="size-4" aria-hidden />}
              aria-label={`Download ${item.title} as ${label}`}
            >
              {label}
            </AnchorButton>
          ))}
          <div className="flex flex-1 flex-wrap gap-2 sm:justify-end">
            {item.review ? null : (
              <Button
                variant="ghost"
                size="sm"
                onClick={onReview}
                icon={<Scale className="size-4" aria-hidden />}
                aria-label={`Request attorney review of ${item.title}`}
              >
                Request attorney review
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={onDelete}
              icon={<Trash2 className="size-4" aria-hidden />}
              className="text-red-800 hover:bg-red-50 hover:text-red-900"
              aria-label={`Delete ${item.title}`}
            >
              Delete
            </Button>
          </div>
        </div>
      </article>
    </Card>
  );
}

/** 'My documents': every generated document, to download again, send for review or delete. */
export function MyDocuments() {
  const list = useDocumentsList();
  const remove = useDeleteDocument();
  const toast = useToast();
  const [reviewing, setReviewing] = useState<DocumentSummary | null>(null);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="my-documents" className="space-y-3">
      <h2 id="my-documents" className="text-xl font-bold text-slate-900">
        My documents
      </h2>
      <PagedList
        query={list}
        items={items}
        itemKey={(item) => item.id}
        noun="documents"
        skeletonRows={2}
        empty={
          <Card className="flex items-start gap-3 p-5 text-slate-700">
            <FileText className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
            <p>No documents yet. Documents you generate are kept here, so you can download them again at any time.</p>
          </Card>
        }
        renderItem={(item) => (
          <DocumentRow item={item} onReview={() => setReviewing(item)} onDelete={() => setDeleting(item)} />
        )}
      />

      {reviewing ? (
        <ReviewRequestDialog document={reviewing} open onOpenChange={(open) => !open && setReviewing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this document?"
          confirmLabel="Delete document"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success("Document deleted.");
                setDeleting(null);
              },
              onError: (error) => toast.error(error.message || "The document could not be deleted. Please try again."),
            })
          }
        >
          <p>
            {deleting.title}, created {formatDate(deleting.createdAt)}, will be deleted. You will not be able to
            download it again. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** 'Drafts in progress': templates the member started, to resume or discard. */
export function DraftsInProgress({
  drafts,
  onResume,
}: {
  drafts: readonly DocumentDraft[];
  onResume: (draft: DocumentDraft) => void;
}) {
  const discard = useDeleteDraft();
  const toast = useToast();
  const [discarding, setDiscarding] = useState<DocumentDraft | null>(null);
  if (drafts.length === 0) return null;
  const nameOf = (draft: DocumentDraft) => getTemplate(draft.templateId)?.name ?? draft.templateId;

  return (
    <section aria-labelledby="drafts-in-progress" className="space-y-3">
      <h2 id="drafts-in-progress" className="text-xl font-bold text-slate-900">
        Drafts in progress
      </h2>
      <ul className="space-y-3">
        {drafts.map((draft) => {
          const titleId = `draft-${draft.templateId}-title`;
          return (
            <li key={draft.templateId}>
              <Card className="p-4 sm:p-5">
                <article aria-labelledby={titleId} className="flex flex-wrap items-center gap-3">
                  <span className="rounded-lg bg-slate-100 p-2 text-slate-700">
                    <PencilLine className="size-5" aria-hidden />
                  </span>
                  <div className="min-w-0 flex-1 basis-48">
                    <h3 id={titleId} className="font-semibold leading-snug text-slate-900">
                      {nameOf(draft)}
                    </h3>
                    <p className="text-sm text-slate-600">Last saved {formatDateTime(draft.updatedAt)}</p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDiscarding(draft)}
                      aria-label={`Discard the ${nameOf(draft)} draft`}
                    >
                      Discard
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => onResume(draft)}
                      aria-label={`Resume the ${nameOf(draft)} draft`}
                    >
                      Resume
                    </Button>
                  </div>
                </article>
              </Card>
            </li>
          );
        })}
      </ul>
      {discarding ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDiscarding(null)}
          title="Discard this draft?"
          confirmLabel="Discard draft"
          cancelLabel="Keep draft"
          pending={discard.isPending}
          onConfirm={() =>
            discard.mutate(discarding.templateId, {
              onSuccess: () => {
                toast.success("Draft discarded.");
                setDiscarding(null);
              },
              onError: (error) => toast.error(error.message || "The draft could not be discarded. Please try again."),
            })
          }
        >
          <p>The answers you saved for the {nameOf(discarding)} will be deleted.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
