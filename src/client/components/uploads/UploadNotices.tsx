import { cn } from "@client/lib/cn";
import { X, XCircle } from "lucide-react";

/**
 * Why chosen files were refused (the spec's alerts, in its words), announced at once and shown
 * until dismissed or the next files are chosen.
 */
export function UploadNotices({
  notices,
  onDismiss,
  className,
}: {
  notices: readonly string[];
  onDismiss: () => void;
  className?: string;
}) {
  return (
    // The live region stays in place, so what appears in it is announced.
    <div role="alert">
      {notices.length > 0 ? (
        <div
          className={cn(
            "flex items-start gap-2 rounded-[var(--radius-control)] border border-red-300 bg-red-50 py-2 pr-1 pl-3 text-sm text-red-900",
            className,
          )}
        >
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <ul className="min-w-0 flex-1 space-y-1 font-medium">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss"
            className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] hover:bg-red-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}
