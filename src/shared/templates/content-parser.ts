/**
 * The grammar of the document content language (see `content-language.ts` for what it means):
 * splitting a template's content into text and `{{#if}}` / `{{#unless}}` blocks with their
 * `{{else}}` branches, and reporting unbalanced or unreadable blocks as TemplateSyntaxError with
 * the line they are on. Placeholders and counters stay inside the text; rendering fills them.
 */

/** Raised for malformed template content (unbalanced or unknown blocks). */
export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TemplateSyntaxError";
  }
}

/** The condition of a block: `fieldId`, or `fieldId = value`; `source` is the text as written. */
export interface BlockCondition {
  fieldId: string;
  value?: string;
  source: string;
}

/** Parsed content: literal text (placeholders and counters included) and conditional blocks. */
export type ContentNode =
  | { kind: "text"; text: string }
  | { kind: "block"; tag: "if" | "unless"; condition: BlockCondition; body: ContentNode[]; otherwise: ContentNode[] };

type Token =
  | { kind: "text"; text: string }
  | { kind: "open"; tag: "if" | "unless"; expression: string; line: number }
  | { kind: "else"; line: number }
  | { kind: "close"; tag: "if" | "unless"; line: number };

const BLOCK_TAG = /\{\{\s*(?:#(if|unless)\s+([^{}]*?)|(else)|\/(if|unless))\s*\}\}/g;

function tagToken(match: RegExpExecArray, line: number): Token {
  const [, openTag, expression, elseTag] = match;
  if (openTag === "if" || openTag === "unless")
    return { kind: "open", tag: openTag, expression: expression ?? "", line };
  if (elseTag) return { kind: "else", line };
  return { kind: "close", tag: match[4] === "unless" ? "unless" : "if", line };
}

function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  const lines = content.replace(/\r\n?/g, "\n").split("\n");
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const matches = [...line.matchAll(BLOCK_TAG)];
    const tagOnly = matches.length > 0 && line.replace(BLOCK_TAG, "").trim() === "";
    let cursor = 0;
    for (const match of matches) {
      if (!tagOnly && match.index > cursor) tokens.push({ kind: "text", text: line.slice(cursor, match.index) });
      tokens.push(tagToken(match, lineNumber));
      cursor = match.index + match[0].length;
    }
    if (tagOnly) return;
    if (cursor < line.length) tokens.push({ kind: "text", text: line.slice(cursor) });
    if (index < lines.length - 1) tokens.push({ kind: "text", text: "\n" });
  });
  return tokens;
}

function parseCondition(expression: string, line: number): BlockCondition {
  const match = /^([A-Za-z][A-Za-z0-9_]*)(?:\s*=\s*(\S.*))?$/.exec(expression.trim());
  if (!match?.[1]) throw new TemplateSyntaxError(`Line ${line}: cannot read the condition "${expression}"`);
  const condition: BlockCondition = { fieldId: match[1], source: expression.trim() };
  if (match[2] !== undefined) condition.value = match[2].trim();
  return condition;
}

/** Parse content into text and nested blocks; throws TemplateSyntaxError when blocks do not balance. */
export function parseContent(content: string): ContentNode[] {
  const root: ContentNode[] = [];
  const stack: Array<{ node: Extract<ContentNode, { kind: "block" }>; inElse: boolean; line: number }> = [];
  const current = (): ContentNode[] => {
    const top = stack.at(-1);
    if (!top) return root;
    return top.inElse ? top.node.otherwise : top.node.body;
  };
  for (const token of tokenize(content)) {
    if (token.kind === "text") {
      current().push({ kind: "text", text: token.text });
    } else if (token.kind === "open") {
      const node: Extract<ContentNode, { kind: "block" }> = {
        kind: "block",
        tag: token.tag,
        condition: parseCondition(token.expression, token.line),
        body: [],
        otherwise: [],
      };
      current().push(node);
      stack.push({ node, inElse: false, line: token.line });
    } else if (token.kind === "else") {
      const top = stack.at(-1);
      if (!top || top.inElse) throw new TemplateSyntaxError(`Line ${token.line}: {{else}} outside a block`);
      top.inElse = true;
    } else {
      const top = stack.pop();
      if (!top) throw new TemplateSyntaxError(`Line ${token.line}: {{/${token.tag}}} without an opening block`);
      if (top.node.tag !== token.tag) {
        throw new TemplateSyntaxError(
          `Line ${token.line}: {{/${token.tag}}} closes {{#${top.node.tag}}} opened on line ${top.line}`,
        );
      }
    }
  }
  const open = stack.at(-1);
  if (open) throw new TemplateSyntaxError(`Line ${open.line}: {{#${open.node.tag}}} is never closed`);
  return root;
}
