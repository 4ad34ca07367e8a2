import MarkdownToJsx from "markdown-to-jsx";
import type { ReactNode } from "react";
import { Link } from "react-router";

const LINK_CLASSES = "font-semibold text-primary-800 underline underline-offset-2";

/** A link in an answer: one inside LawGuide stays in the app; any other opens in a new tab. */
function AnswerLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (href?.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} className={LINK_CLASSES}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK_CLASSES}>
      {children}
    </a>
  );
}

/** Footnotes are not part of a chat: their syntax stays as the member sees it written. */
const noFootnotes = (text: string) => text.replace(/\[\^/g, "[\\^");

const OPTIONS = {
  // Raw HTML is shown as text, never rendered; link addresses go through the library's sanitizer
  // (no javascript: or data: links).
  disableParsingRawHTML: true,
  forceBlock: true,
  forceWrapper: true,
  wrapper: "div",
  overrides: { a: AnswerLink },
} as const;

/**
 * Assistant text as Markdown, with the GitHub-flavoured parts answers use (tables, strikethrough,
 * bare links, task lists). markdown-to-jsx builds React elements itself (about 7 kB on the page,
 * where the remark pipeline took 40 kB).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose-chat space-y-3 break-words [&_h1]:text-lg [&_h1]:font-bold [&_h2]:font-bold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_code]:rounded [&_code]:bg-slate-200 [&_code]:px-1 [&>div]:space-y-3">
      <MarkdownToJsx options={OPTIONS}>{noFootnotes(children)}</MarkdownToJsx>
    </div>
  );
}
