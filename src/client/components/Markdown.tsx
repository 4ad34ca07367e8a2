import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import { remarkGfmReading } from "./remark-gfm-reading";

const components: Components = {
  a({ href, children }) {
    if (href?.startsWith("/") && !href.startsWith("//")) {
      return (
        <Link to={href} className="font-semibold text-primary-800 underline underline-offset-2">
          {children}
        </Link>
      );
    }
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-primary-800 underline underline-offset-2"
      >
        {children}
      </a>
    );
  },
};

/** Assistant text as Markdown. Raw HTML is never rendered (react-markdown escapes it; no rehype-raw). */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose-chat space-y-3 break-words [&_h1]:text-lg [&_h1]:font-bold [&_h2]:font-bold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_code]:rounded [&_code]:bg-slate-200 [&_code]:px-1">
      <ReactMarkdown remarkPlugins={[remarkGfmReading]} skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
