import { Badge } from "@client/components/ui/Badge";
import { Button } from "@client/components/ui/Button";
import { Card } from "@client/components/ui/Card";
import { IconTile } from "@client/components/ui/IconTile";
import { Tabs } from "@client/components/ui/Tabs";
import { formatDate, formatDateTime, formatFullDateTime } from "@shared/dates";
import type { DocumentDraft, DocumentSummary } from "@shared/schemas/documents";
import { formatTemplatePrice } from "@shared/template-offers";
import { getTemplate } from "@shared/templates/template-list";
import { FileText, PencilLine, Scale, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { DeleteConfirm } from "./DeleteConfirm";
import { DocumentDownload } from "./DocumentDownload";
import { DOWNLOAD_FORMATS, downloadUrl, useDeleteDocument, useDeleteDraft, useDocumentsList } from "./documents-api";
import { DeleteButton, type ItemActions, ItemCard, ItemList } from "./ItemList";
import { ReviewRequestDialog } from "./ReviewRequestDialog";
import { useBuyTemplate } from "./TemplatePurchase";
import { formatFee, type TemplateStanding } from "./template-info";
import { UploadedFiles } from "./UploadedFiles";

function DocumentRow({ item, actions }: { item: DocumentSummary; actions: ItemActions<DocumentSummary> }) {
  return (
    <ItemCard
      titleId={`document-${item.id}-title`}
      icon={FileText}
      title={item.title}
      details={
        <>
          {item.about ? <p className="text-sm font-medium break-words text-slate-800">{item.about}</p> : null}
          <p className="text-sm text-slate-600">Created {formatFullDateTime(item.createdAt)}</p>
        </>
      }
      badge={
        item.review ? (
          <Badge tone="indigo" icon={Scale} className="shrink-0">
            {item.review.status === "pending" ? "Review pending" : `Review ${item.review.status}`}
          </Badge>
        ) : null
      }
      actions={
        <>
          {/* PDF first and marked as the usual choice; TXT and DOCX beside it. */}
          {[...DOWNLOAD_FORMATS]
            .sort((a, b) => Number(b.format === "pdf") - Number(a.format === "pdf"))
            .map(({ format, label }) => (
              <DocumentDownload
                key={format}
                href={downloadUrl(item.id, format)}
                fileName={`${item.fileName}.${format}`}
                variant={format === "pdf" ? "primary" : "secondary"}
                size="sm"
                aria-label={`Download ${item.title} as ${label}`}
              >
                {format === "pdf" ? "Download PDF" : label}
              </DocumentDownload>
            ))}
          <div className="flex flex-1 flex-wrap gap-2 sm:justify-end">
            {item.review ? null : (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => actions.open(item)}
                icon={Scale}
                aria-label={`Request attorney review of ${item.title}`}
              >
                Request attorney review
              </Button>
            )}
            <DeleteButton name={item.title} onClick={() => actions.remove(item)} />
          </div>
        </>
      }
    >
      {item.review?.status === "pending" ? (
        <p className="text-sm text-slate-700">
          Attorney review requested
          {item.review.feeCents !== null ? ` (${formatFee(item.review.feeCents)})` : ""}. An attorney will contact you
          within 2 business days to confirm the fee.
        </p>
      ) : null}
    </ItemCard>
  );
}

type MineTab = "generated" | "uploaded";

/**
 * 'My documents': the documents the member generated (to download again, send for review or
 * delete) and, beside them, the files they uploaded (to download, analyse again or delete).
 */
export function MyDocuments() {
  const [tab, setTab] = useState<MineTab>("generated");
  return (
    <section aria-labelledby="my-documents" className="space-y-3">
      <h2 id="my-documents" className="text-xl font-bold text-slate-900">
        My documents
      </h2>
      <Tabs<MineTab>
        label="My documents"
        layout="inline"
        value={tab}
        onChange={setTab}
        items={[
          { value: "generated", label: "Generated", panel: <GeneratedDocuments /> },
          { value: "uploaded", label: "Uploaded files", panel: <UploadedFiles /> },
        ]}
      />
    </section>
  );
}

/** The generated documents, a page at a time. */
function GeneratedDocuments() {
  const list = useDocumentsList();
  const remove = useDeleteDocument();
  return (
    <ItemList
      query={list}
      remove={remove}
      noun={["document", "documents"]}
      empty={{
        icon: FileText,
        text: "No documents yet. Documents you generate are kept here, so you can download them again at any time.",
      }}
      deleteBody={(document) => (
        <p>
          {document.title}, created {formatDate(document.createdAt)}, will be deleted. You will not be able to download
          it again. This cannot be undone.
        </p>
      )}
      renderItem={(item, actions) => <DocumentRow item={item} actions={actions} />}
      renderOpened={(document, close) => (
        <ReviewRequestDialog document={document} open onOpenChange={(open) => !open && close()} />
      )}
    />
  );
}

/**
 * One draft in progress: its template, when it was last saved, and Discard or Resume. A draft of a
 * template the member may not use now (it is for sale to them) offers to buy it instead of Resume.
 */
function DraftCard({
  draft,
  name,
  standing,
  onDiscard,
  onResume,
}: {
  draft: DocumentDraft;
  name: string;
  standing: TemplateStanding;
  onDiscard: () => void;
  onResume: () => void;
}) {
  const titleId = `draft-${draft.templateId}-title`;
  const { buy, pending } = useBuyTemplate();
  const price = standing.kind === "for-sale" ? formatTemplatePrice(standing.priceCents) : null;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="flex flex-wrap items-center gap-3">
        <IconTile icon={PencilLine} className="rounded-lg bg-slate-100 p-2 text-slate-700" />
        <div className="min-w-0 flex-1 basis-48">
          <h3 id={titleId} className="font-semibold leading-snug text-slate-900">
            {name}
          </h3>
          <p className="text-sm text-slate-600">Last saved {formatDateTime(draft.updatedAt)}</p>
          {price ? (
            <p className="text-sm text-premium-900">Not in your plan now: buy it once ({price}) to continue.</p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onDiscard} aria-label={`Discard the ${name} draft`}>
            Discard
          </Button>
          {price ? (
            <Button
              size="sm"
              icon={ShoppingCart}
              loading={pending === draft.templateId}
              onClick={() => void buy(draft.templateId)}
              aria-label={`Buy for ${price}: ${name}`}
            >
              Buy for {price}
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={onResume} aria-label={`Resume the ${name} draft`}>
              Resume
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}

/** 'Drafts in progress': templates the member started, to resume or discard. */
export function DraftsInProgress({
  drafts,
  standingOf,
  onResume,
}: {
  drafts: readonly DocumentDraft[];
  standingOf: (templateId: string) => TemplateStanding;
  onResume: (draft: DocumentDraft) => void;
}) {
  const discard = useDeleteDraft();
  const [discarding, setDiscarding] = useState<DocumentDraft | null>(null);
  if (drafts.length === 0) return null;
  const nameOf = (draft: DocumentDraft) => getTemplate(draft.templateId)?.name ?? draft.templateId;

  return (
    <section aria-labelledby="drafts-in-progress" className="space-y-3">
      <h2 id="drafts-in-progress" className="text-xl font-bold text-slate-900">
        Drafts in progress
      </h2>
      <ul className="space-y-3">
        {drafts.map((draft) => (
          <li key={draft.templateId}>
            <DraftCard
              draft={draft}
              name={nameOf(draft)}
              standing={standingOf(draft.templateId)}
              onDiscard={() => setDiscarding(draft)}
              onResume={() => onResume(draft)}
            />
          </li>
        ))}
      </ul>
      {discarding ? (
        <DeleteConfirm
          itemKey={discarding.templateId}
          remove={discard}
          onClose={() => setDiscarding(null)}
          noun="draft"
          verb="discard"
          cancelLabel="Keep draft"
        >
          <p>The answers you saved for the {nameOf(discarding)} will be deleted.</p>
        </DeleteConfirm>
      ) : null}
    </section>
  );
}
