import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";
// remark-parse declares the parser settings a processor's data holds.
import type {} from "remark-parse";
import type { Processor } from "unified";

/**
 * The parts of GitHub-flavoured Markdown that assistant answers use (tables, strikethrough,
 * bare links, task lists), for reading only. remark-gfm also brings footnotes and the code that
 * writes Markdown back out, which a chat never needs; leaving them out keeps the chat page light.
 */
export function remarkGfmReading(this: Processor) {
  const data = this.data();
  data.micromarkExtensions ??= [];
  data.fromMarkdownExtensions ??= [];
  data.micromarkExtensions.push(gfmAutolinkLiteral(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  data.fromMarkdownExtensions.push([
    gfmAutolinkLiteralFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  ]);
}
