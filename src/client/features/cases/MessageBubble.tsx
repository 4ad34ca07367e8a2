import { Markdown } from "@client/components/Markdown";
import { AttachmentLink } from "@client/components/uploads/AttachmentChip";
import { cn } from "@client/lib/cn";
import { answerSourceName } from "@shared/ai-providers";
import { formatDateTime } from "@shared/dates";
import type { ChatMessage, MessageSources } from "@shared/schemas/cases";
import type { ChatAttachment } from "@shared/schemas/uploads";
import { AlertCircle, RotateCcw, ShieldCheck, Square } from "lucide-react";
import { memo } from "react";
import { AnswerSources } from "./AnswerSources";

/** The files a message carries, each a link that downloads it. */
function Attachments({ items, onDark }: { items: readonly ChatAttachment[]; onDark: boolean }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="mt-2 flex flex-col gap-1.5 first:mt-0">
      {items.map((attachment) => (
        <li key={attachment.id} className="min-w-0">
          <AttachmentLink attachment={attachment} onDark={onDark} />
        </li>
      ))}
    </ul>
  );
}

export function sourceLabel(provider: string | null | undefined, model: string | null | undefined): string | null {
  if (!provider) return null;
  const name = answerSourceName(provider);
  return provider === "offline" || !model ? name : `${name} · ${model}`;
}

/**
 * One message of the conversation. Assistant answers carry the legal-information disclaimer.
 * Memoised: a long conversation is not drawn again for each streamed word.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  onRegenerate,
  pending,
}: {
  message: Pick<ChatMessage, "content" | "isUser" | "createdAt" | "aiProvider" | "aiModel" | "state" | "kind"> & {
    attachments?: readonly ChatAttachment[] | undefined;
    sources?: MessageSources | null | undefined;
  };
  onRegenerate?: (() => void) | undefined;
  pending?: boolean;
}) {
  if (message.isUser) {
    return (
      <div className="flex justify-end">
        <div
          className={cn(
            "max-w-[85%] rounded-2xl rounded-br-sm bg-primary-900 px-4 py-2.5 text-white",
            pending && "opacity-70",
          )}
        >
          {message.content ? <p className="whitespace-pre-wrap break-words">{message.content}</p> : null}
          <Attachments items={message.attachments ?? []} onDark />
          <p className="mt-1 text-right text-xs text-primary-200">
            {pending ? "Sending…" : formatDateTime(message.createdAt)}
          </p>
        </div>
      </div>
    );
  }
  const source = sourceLabel(message.aiProvider, message.aiModel);
  const isOffer = message.kind === "document_offer";
  const isApology = message.kind === "apology";
  return (
    <div className="flex justify-start">
      <div
        className={cn(
          "w-full max-w-[92%] rounded-2xl rounded-bl-sm border px-4 py-3 text-slate-800 sm:max-w-[85%]",
          isOffer
            ? "border-primary-200 bg-primary-50"
            : isApology
              ? "border-red-200 bg-red-50"
              : "border-slate-200 bg-white",
        )}
      >
        {isApology ? (
          <p className="flex gap-2">
            <AlertCircle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
            {message.content}
          </p>
        ) : (
          <Markdown>{message.content}</Markdown>
        )}
        <Attachments items={message.attachments ?? []} onDark={false} />
        {message.sources ? <AnswerSources sources={message.sources} /> : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span>{formatDateTime(message.createdAt)}</span>
          {source ? <span>{source}</span> : null}
          {message.state === "stopped" ? (
            <span className="inline-flex items-center gap-1 font-semibold text-slate-700">
              <Square className="size-3" aria-hidden /> Stopped
            </span>
          ) : null}
          {onRegenerate ? (
            <button
              type="button"
              onClick={onRegenerate}
              className="inline-flex min-h-8 items-center gap-1 rounded px-1 font-semibold text-primary-800 hover:bg-primary-50"
            >
              <RotateCcw className="size-3.5" aria-hidden /> Regenerate
            </button>
          ) : null}
        </div>
        {!isOffer && !isApology ? (
          <p className="mt-2 flex items-center gap-1.5 border-t border-slate-100 pt-2 text-xs text-slate-600">
            <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
            Legal information, not legal advice.
          </p>
        ) : null}
      </div>
    </div>
  );
});
