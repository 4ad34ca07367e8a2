import { useTabList } from "@client/components/ui/use-tab-list";
import { cn } from "@client/lib/cn";
import { Paperclip } from "lucide-react";
import { type ChatLine, SAMPLE_CHATS } from "./content";
import { RotationButton } from "./RotationButton";
import { useRotation } from "./rotation";

/** How long each sample conversation stays before the next one shows. */
const HERO_ROTATION_MS = 7000;

function Bubble({ line }: { line: ChatLine }) {
  if (line.from === "user") {
    return (
      <div className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary-900 px-4 py-2.5 text-sm text-white">
          {line.attachment ? (
            <p className="mb-1.5 inline-flex items-center gap-1.5 rounded-md bg-white/15 px-2 py-1 text-xs font-medium">
              <Paperclip className="size-3.5" aria-hidden />
              {line.attachment}
            </p>
          ) : null}
          <p>{line.text}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex justify-start">
      <div className="max-w-[92%] rounded-2xl rounded-bl-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
        <p className="mb-1 text-xs font-semibold text-primary-800">LawGuide assistant</p>
        <p>{line.text}</p>
        {line.points ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {line.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 border-t border-slate-200 pt-2 text-xs text-slate-600">
          Legal information, not legal advice.
        </p>
      </div>
    </div>
  );
}

/**
 * The hero's sample chat: three tabs (tablist / tab / tabpanel, arrow keys, Home and End) that
 * rotate by themselves until the visitor takes over, pausing on hover and focus.
 */
export function HeroChat() {
  const rotation = useRotation(SAMPLE_CHATS.length, HERO_ROTATION_MS);
  const { index } = rotation;
  // Choosing a conversation stops the rotation: the visitor has taken over.
  const choose = (next: number) => {
    rotation.setIndex(next);
    rotation.setStopped(true);
  };
  const tabList = useTabList(SAMPLE_CHATS.length, index, choose);

  return (
    <section
      aria-label="Sample conversations"
      className="overflow-hidden rounded-[var(--radius-dialog)] border border-slate-200 bg-white shadow-[var(--shadow-dialog)]"
      {...rotation.regionProps}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <span className="size-2.5 rounded-full bg-green-600" aria-hidden />
          Sample conversation
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Example</span>
        </p>
        <RotationButton rotation={rotation} what="the sample conversations" compact />
      </div>
      <div
        role="tablist"
        aria-label="Sample topics"
        onKeyDown={tabList.onKeyDown}
        className="grid grid-cols-3 gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
      >
        {SAMPLE_CHATS.map((chat, i) => {
          const selected = i === index;
          return (
            <button
              key={chat.id}
              {...tabList.tabProps(i, chat.id)}
              onClick={() => choose(i)}
              className={cn(
                "flex min-h-11 flex-col items-center justify-center gap-1 rounded-[var(--radius-control)] px-1 py-2 text-center text-xs leading-tight font-semibold transition-colors duration-150 sm:text-sm sm:whitespace-nowrap lg:text-[0.8125rem]",
                selected
                  ? "bg-white text-primary-900 shadow-[var(--shadow-card)] ring-1 ring-slate-200"
                  : "text-slate-700 hover:bg-white/70 hover:text-slate-900",
              )}
            >
              <chat.Icon className="size-4 shrink-0" aria-hidden />
              {chat.label}
            </button>
          );
        })}
      </div>
      {/* All panels share one grid cell, so the card keeps the height of the longest one. */}
      <div className="grid p-4 sm:p-5" aria-live={rotation.rotating ? "off" : "polite"}>
        {SAMPLE_CHATS.map((chat, i) => (
          <div
            key={chat.id}
            {...tabList.panelProps(chat.id)}
            tabIndex={i === index ? 0 : -1}
            className={cn(
              "col-start-1 row-start-1 space-y-3 rounded-[var(--radius-control)] transition-opacity duration-200 ease-out",
              i === index ? "opacity-100" : "invisible opacity-0",
            )}
          >
            {chat.lines.map((line) => (
              <Bubble key={line.text} line={line} />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
