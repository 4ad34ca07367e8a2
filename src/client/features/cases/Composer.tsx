import { Button } from "@client/components/ui/Button";
import { AllowanceNote } from "@client/components/uploads/AllowanceNote";
import { AttachmentChips } from "@client/components/uploads/AttachmentChip";
import { FilePickerButton } from "@client/components/uploads/FilePickerButton";
import type { FileUploads } from "@client/components/uploads/file-uploads";
import { UploadNotices } from "@client/components/uploads/UploadNotices";
import { cn } from "@client/lib/cn";
import { UI_LIMITS } from "@shared/constants";
import type { UploadAllowance } from "@shared/schemas/uploads";
import { UPLOAD_TEXT } from "@shared/uploads";
import { SendHorizontal, Square } from "lucide-react";
import { type KeyboardEvent, memo, useEffect, useId, useRef, useState } from "react";

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onStop: () => void;
  streaming: boolean;
  stopping: boolean;
  blocked: boolean;
  /** What the box says while blocked (the message limit's text unless given). */
  blockedText?: string;
  /** 'n/10' for Free members; null when unlimited. */
  counter: string | null;
  /** The files to send with the message (the attach button shows only with them). */
  uploads?: FileUploads;
  /** The month's uploads against the plan's allowance, shown under the files. */
  allowance?: UploadAllowance | undefined;
}

/**
 * The message box: grows from 40 to 120 px, Enter sends and Shift+Enter adds a line; while an
 * answer is written the send button becomes Stop. Files attached show as chips above it; a
 * message may be files alone, and waits until every file has finished uploading.
 */
export const Composer = memo(function Composer({
  value,
  onChange,
  onSubmit,
  onStop,
  streaming,
  stopping,
  blocked,
  blockedText = "Upgrade to continue chatting...",
  counter,
  uploads,
  allowance,
}: ComposerProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, so it is measured again whenever the value changes
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(UI_LIMITS.textareaMaxHeight, Math.max(UI_LIMITS.textareaMinHeight, el.scrollHeight))}px`;
  }, [value]);

  const uploading = uploads?.uploading ?? false;
  const hasFiles = (uploads?.ready.length ?? 0) > 0;
  const canSend = !streaming && !blocked && !uploading && (value.trim() !== "" || hasFiles);

  // Sending while files upload is refused with words, not silently.
  const [toldToWait, setToldToWait] = useState(false);
  useEffect(() => {
    if (!uploading) setToldToWait(false);
  }, [uploading]);
  const trySend = () => {
    if (canSend) onSubmit();
    else if (uploading && !blocked && !streaming) setToldToWait(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      trySend();
    }
  };

  return (
    <form
      className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        trySend();
      }}
    >
      {uploads ? (
        <>
          <UploadNotices notices={uploads.notices} onDismiss={uploads.dismissNotices} className="mb-2" />
          <AttachmentChips items={uploads.items} onRemove={uploads.remove} className="mb-2" />
          {uploads.items.length > 0 ? (
            <div className="mb-2 space-y-0.5 text-xs">
              <p className="text-slate-700">
                {uploads.items.length === 1 ? "This file waits" : "These files wait"} here until you send. Press Send
                and the assistant reads and analyses {uploads.items.length === 1 ? "it" : "them"}.
              </p>
              <AllowanceNote allowance={allowance} countsWhen className="text-xs" />
            </div>
          ) : null}
        </>
      ) : null}
      <div className="flex items-end gap-2">
        {uploads ? <FilePickerButton onFiles={uploads.add} disabled={blocked} className="text-slate-700" /> : null}
        <label htmlFor="chat-input" className="sr-only">
          Your message
        </label>
        <textarea
          id="chat-input"
          ref={ref}
          rows={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={blocked}
          placeholder={blocked ? blockedText : "Ask any legal question..."}
          aria-describedby={hintId}
          className={cn(
            "block min-h-10 flex-1 resize-none rounded-[var(--radius-control)] border border-slate-400 bg-white px-3 py-2 text-base leading-6",
            "placeholder:text-slate-500 focus-visible:border-primary-600 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary-200",
            "disabled:bg-slate-100 disabled:text-slate-600",
          )}
        />
        {streaming ? (
          <Button
            type="button"
            variant="secondary"
            size="icon"
            onClick={onStop}
            disabled={stopping}
            aria-label="Stop the answer"
          >
            <Square className="size-4 fill-current" aria-hidden />
          </Button>
        ) : (
          <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message">
            <SendHorizontal className="size-5" aria-hidden />
          </Button>
        )}
      </div>
      <p id={hintId} className="mt-1.5 flex justify-between gap-2 text-xs text-slate-600">
        {uploading ? (
          <span>{UPLOAD_TEXT.notReadyToSend}</span>
        ) : (
          <span>Enter to send, Shift+Enter for a new line.</span>
        )}
        {counter ? (
          <span>
            {counter}
            <span className="sr-only"> messages used</span>
          </span>
        ) : null}
      </p>
      <p role="status" className="sr-only">
        {toldToWait ? UPLOAD_TEXT.notReadyToSend : ""}
      </p>
    </form>
  );
});
