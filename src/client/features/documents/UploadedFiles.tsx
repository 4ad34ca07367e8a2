import { Badge } from "@client/components/ui/Badge";
import { AnchorButton, Button } from "@client/components/ui/Button";
import { formatDate } from "@shared/dates";
import type { UploadSummary } from "@shared/schemas/uploads";
import { formatFileSize, uploadFileUrl } from "@shared/uploads";
import { Download, FileImage, FileSearch, FileText, Loader2, Upload } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { AnalysisDialog } from "./AnalysisDialog";
import { useDeleteUpload, useUpdateCachedUpload, useUploadDetail, useUploadsList } from "./documents-api";
import { DeleteButton, type ItemActions, ItemCard, ItemList } from "./ItemList";

function StatusBadge({ status }: { status: UploadSummary["status"] }) {
  if (status === "reading") {
    return (
      <Badge tone="amber" className="shrink-0">
        <Loader2 className="size-3 animate-spin motion-reduce:animate-none" aria-hidden />
        Reading…
      </Badge>
    );
  }
  if (status === "unreadable") {
    return (
      <Badge tone="red" className="shrink-0">
        Couldn't read
      </Badge>
    );
  }
  return (
    <Badge tone="green" className="shrink-0">
      Ready
    </Badge>
  );
}

function UploadRow({ item, actions }: { item: UploadSummary; actions: ItemActions<UploadSummary> }) {
  // A file still being read is looked at again until its text is in (or could not be found).
  const live = useUploadDetail(item.id, { enabled: item.status === "reading", poll: true });
  const updateCached = useUpdateCachedUpload();
  const latest = live.data;
  useEffect(() => {
    if (latest && latest.status !== item.status) updateCached(latest);
  }, [latest, item.status, updateCached]);
  const file = latest && latest.status !== "reading" ? { ...item, ...latest } : item;

  const details = [
    formatFileSize(file.sizeBytes),
    file.pageCount ? `${file.pageCount} ${file.pageCount === 1 ? "page" : "pages"}` : null,
    `Uploaded ${formatDate(file.createdAt)}`,
  ].filter(Boolean);

  return (
    <ItemCard
      titleId={`upload-${file.id}-title`}
      icon={file.mimeType.startsWith("image/") ? FileImage : FileText}
      title={file.fileName}
      details={
        <>
          <p className="text-sm text-slate-600">{details.join(" · ")}</p>
          {file.caseId && file.caseTitle ? (
            <p className="min-w-0 text-sm text-slate-600">
              {file.sentAt ? "Sent in " : "Waiting to be sent in "}
              <Link
                to={`/dashboard/case/${file.caseId}`}
                className="font-medium break-words text-primary-800 underline underline-offset-2"
              >
                {file.caseTitle}
              </Link>
            </p>
          ) : null}
          {file.analysedAt ? <p className="text-sm text-slate-600">Analysed {formatDate(file.analysedAt)}</p> : null}
        </>
      }
      badge={<StatusBadge status={file.status} />}
      actions={
        <>
          <AnchorButton
            href={uploadFileUrl(file.id)}
            download={file.fileName}
            variant="secondary"
            size="sm"
            icon={Download}
            aria-label={`Download ${file.fileName}`}
          >
            Download
          </AnchorButton>
          {file.status === "ready" ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => actions.open(file)}
              icon={FileSearch}
              aria-label={`${file.analysedAt ? "Analyse again" : "Analyse"}: ${file.fileName}`}
            >
              {file.analysedAt ? "Analyse again" : "Analyse"}
            </Button>
          ) : null}
          <div className="flex flex-1 justify-end">
            <DeleteButton name={file.fileName} onClick={() => actions.remove(file)} />
          </div>
        </>
      }
    >
      {file.status === "unreadable" && file.statusMessage ? (
        <p className="text-sm text-slate-700">{file.statusMessage}</p>
      ) : null}
    </ItemCard>
  );
}

/** 'Uploaded files': what the member uploaded (in a chat or for analysis), a page at a time. */
export function UploadedFiles() {
  const list = useUploadsList();
  const remove = useDeleteUpload();
  return (
    <ItemList
      query={list}
      remove={remove}
      noun={["file", "uploaded files"]}
      empty={{
        icon: Upload,
        text: "No uploaded files yet. Files you attach in a chat or upload for analysis are kept here, so you can download them or analyse them again.",
      }}
      deleteBody={(file) => (
        <p>
          {file.fileName}, uploaded {formatDate(file.createdAt)}, will be deleted with its analysis. You will not be
          able to download it again. This cannot be undone.
        </p>
      )}
      renderItem={(item, actions) => <UploadRow item={item} actions={actions} />}
      renderOpened={(upload, close) => (
        <AnalysisDialog upload={upload} open onOpenChange={(open) => !open && close()} />
      )}
    />
  );
}
