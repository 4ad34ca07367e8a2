import { cn } from "@client/lib/cn";
import { Upload } from "lucide-react";
import { type DragEvent, type ReactNode, useRef, useState } from "react";

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes("Files");

/**
 * A region files can be dropped on: while files are dragged over it, an overlay says 'Drop files
 * here'. A pointer-only way in: keyboard and screen-reader users have the upload button beside it.
 * Disabled, it still takes the drop (so the browser does not open the file in place of the page)
 * but does nothing with it.
 */
export function DropZone({
  onFiles,
  disabled = false,
  children,
  className,
  label = "Drop files here",
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    if (!disabled) setOver(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? "none" : "copy";
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event) && (event.dataTransfer?.files.length ?? 0) === 0) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (!disabled && files.length > 0) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the upload button is the accessible way
    <div
      className={cn("relative", className)}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {over ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-2 z-20 flex flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed border-primary-600 bg-primary-50/95 text-primary-900 backdrop-blur-sm"
        >
          <Upload className="size-8" />
          <p className="text-lg font-semibold">{label}</p>
          <p className="text-sm text-primary-800">PDF, Word or image files</p>
        </div>
      ) : null}
    </div>
  );
}
