import { cn } from "@client/lib/cn";
import type { ChatAttachment } from "@shared/schemas/uploads";
import { formatFileSize, uploadFileUrl } from "@shared/uploads";
import { AlertCircle, CheckCircle2, Download, FileImage, FileText, X } from "lucide-react";
import type { PendingUpload } from "./file-uploads";

function FileIcon({ type, className }: { type: string; className?: string }) {
  const Icon = type.startsWith("image/") ? FileImage : FileText;
  return <Icon className={cn("size-5 shrink-0", className)} aria-hidden />;
}

/**
 * A file about to be sent: its name and size, a progress bar while it uploads, then 'Ready' (or
 * why it failed), and a button to take it away again.
 */
export function AttachmentChip({
  item,
  onRemove,
  className,
}: {
  item: PendingUpload;
  onRemove: () => void;
  className?: string;
}) {
  const failed = item.error !== null;
  return (
    <div
      className={cn(
        "flex w-full min-w-0 items-start gap-2 rounded-[var(--radius-control)] border bg-white py-2 pr-1 pl-3 sm:w-72",
        failed ? "border-red-300 bg-red-50" : "border-slate-300",
        className,
      )}
    >
      <FileIcon type={item.type} className={cn("mt-0.5", failed ? "text-red-800" : "text-primary-800")} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900" title={item.name}>
          {item.name}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <span>{formatFileSize(item.size)}</span>
          {item.isUploading ? (
            <span>{item.progress >= 100 ? "Finishing…" : `Uploading ${item.progress}%`}</span>
          ) : failed ? null : (
            <span className="inline-flex items-center gap-1 font-semibold text-green-800">
              <CheckCircle2 className="size-3.5" aria-hidden />
              Ready
            </span>
          )}
        </p>
        {item.isUploading ? (
          <div
            role="progressbar"
            aria-label={`Uploading ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-primary-700 transition-[width] duration-150 ease-out motion-reduce:transition-none"
              style={{ width: `${item.progress}%` }}
            />
          </div>
        ) : null}
        {failed ? (
          <p role="alert" className="mt-1 flex gap-1 text-xs font-medium text-red-900">
            <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
            <span>{item.error}</span>
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${item.name}`}
        className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** The files about to be sent, as a labelled list of chips. */
export function AttachmentChips({
  items,
  onRemove,
  className,
}: {
  items: readonly PendingUpload[];
  onRemove: (id: string) => void;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Attached files" className={cn("flex flex-wrap gap-2", className)}>
      {items.map((item) => (
        <li key={item.id} className="w-full min-w-0 sm:w-auto">
          <AttachmentChip item={item} onRemove={() => onRemove(item.id)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A file a sent message carries: a link that downloads it. `onDark` for the member's own
 * (navy) bubbles.
 */
export function AttachmentLink({
  attachment,
  onDark = false,
  className,
}: {
  attachment: ChatAttachment;
  onDark?: boolean;
  className?: string;
}) {
  const size = formatFileSize(attachment.sizeBytes);
  return (
    <a
      href={uploadFileUrl(attachment.id)}
      download={attachment.fileName}
      aria-label={`Download ${attachment.fileName} (${size})`}
      className={cn(
        "flex max-w-full min-w-0 items-center gap-2 rounded-[var(--radius-control)] border px-3 py-2 text-left transition-colors duration-150 ease-out",
        onDark
          ? "border-primary-700 bg-primary-950/40 text-white hover:bg-primary-950/70"
          : "border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50",
        className,
      )}
    >
      <FileIcon type={attachment.mimeType} className={onDark ? "text-primary-100" : "text-primary-800"} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{attachment.fileName}</span>
        <span className={cn("block text-xs", onDark ? "text-primary-100" : "text-slate-600")}>{size}</span>
      </span>
      <Download className="size-4 shrink-0" aria-hidden />
    </a>
  );
}
