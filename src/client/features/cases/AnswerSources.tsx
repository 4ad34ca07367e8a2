import type { MessageSources } from "@shared/schemas/cases";
import { BookCheck, ExternalLink, TriangleAlert } from "lucide-react";
import { useId } from "react";

/**
 * Under a model's answer: the facts of LawGuide's law library it was given (each citation with the
 * month it was read against its source, or "not verified"), and the citations it wrote that the
 * library does not hold, marked as not checked by LawGuide.
 */
export function AnswerSources({ sources }: { sources: MessageSources }) {
  const libraryId = useId();
  const uncheckedId = useId();
  return (
    <div className="mt-3 space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      {sources.library.length > 0 ? (
        <div>
          <p id={libraryId} className="flex items-center gap-1.5 text-xs font-semibold text-slate-700">
            <BookCheck className="size-3.5 shrink-0" aria-hidden />
            Sources from LawGuide's law library
          </p>
          <ul aria-labelledby={libraryId} className="mt-1 space-y-1">
            {sources.library.map((source) => (
              <li key={`${source.state}:${source.topic}`} className="break-words">
                {source.url ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-primary-800 underline underline-offset-2 hover:text-primary-900"
                  >
                    {source.citation}
                    <ExternalLink className="ml-1 inline size-3" aria-hidden />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="font-medium text-slate-800">{source.citation}</span>
                )}
                {" — "}
                <span className={source.checked ? "text-slate-700" : "font-semibold text-amber-800"}>
                  {source.checked ? `checked ${source.checked}` : "not verified"}
                </span>
                <span className="block text-xs text-slate-600">
                  {source.stateName} · {source.topicLabel}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sources.unchecked.length > 0 ? (
        <div>
          <p id={uncheckedId} className="flex items-center gap-1.5 text-xs font-semibold text-amber-800">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
            Not checked by LawGuide
          </p>
          <p className="text-xs text-slate-600">
            The answer also cites these; LawGuide's law library does not hold them. Read them at the source before you
            rely on them.
          </p>
          <ul aria-labelledby={uncheckedId} className="mt-1 list-disc space-y-0.5 pl-5">
            {sources.unchecked.map((citation) => (
              <li key={citation} className="break-words text-slate-800">
                {citation}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
