/**
 * What the assistant is told. The system prompt keeps answers to legal information, asks for the
 * jurisdiction when it matters and forbids invented law; the case context is the spec's (title,
 * description, category, complexity, the member's profession, the case id), and the law
 * library's facts on what the member asks, when the case's state is known.
 */
import type { LawFact } from "@shared/law";
import { groundingPrompt } from "../law/grounding";

export interface CaseContext {
  caseId: string;
  title: string;
  description: string;
  category: string | null;
  complexity: string | null;
  profession: string | null;
}

const RULES = `You are LawGuide's legal information assistant. You help people in the United States understand their legal situation in plain, calm language.

Rules you always follow:
- Give general legal information, not legal advice. You are not a lawyer, LawGuide is not a law firm, and your answers do not create an attorney-client relationship.
- Laws differ by state. When the answer depends on where the person lives and they have not said, give the general rule and ask which state they are in.
- Never invent statutes, section numbers, case names, citations, deadlines, fees or figures. If you are not sure of a specific rule, say so and say where to check (the state's official website, the court's self-help center, legal aid, the state bar's lawyer referral service).
- Start with a short direct answer, then the key points as a short list, then practical next steps. Use Markdown (bold, lists); no tables unless asked. Keep it under about 350 words unless the person asks for more.
- Suggest speaking with a licensed attorney when the stakes are high: court dates or deadlines, criminal charges, immigration, large sums, or a document being signed.
- Be kind and neutral. Do not promise outcomes. Do not help anyone break the law or harm someone.
- If the question is not a legal one, answer briefly and steer back to how you can help legally.`;

export function systemPrompt(context: CaseContext, law: readonly LawFact[] = []): string {
  const lines = [
    `Case title: ${context.title}`,
    context.description ? `Case description: ${context.description}` : null,
    `Case type: ${context.category ?? "not classified yet"}`,
    `Complexity: ${context.complexity ?? "not assessed"}`,
    context.profession ? `The member's profession: ${context.profession}` : null,
    `Case reference: ${context.caseId}`,
  ].filter(Boolean);
  const about = `${RULES}\n\nAbout this case (from LawGuide, not from the member's latest message):\n${lines.join("\n")}`;
  return law.length > 0 ? `${about}\n\n${groundingPrompt(law)}` : about;
}

/** Added for comparisons: a first line with the model's own confidence and why. */
export const COMPARISON_INSTRUCTION = `

For this answer, begin with exactly one line in this form:
Confidence: NN% — one short sentence on why
(NN is how confident you are that your general information is accurate and relevant), then a blank line, then your answer.`;

const CONFIDENCE_LINE = /^\s*\**confidence\**\s*:\s*(\d{1,3})\s*%?\s*(?:[—–-]+\s*(.*))?$/i;

/** Split a comparison answer into its confidence line and the answer itself. */
export function parseConfidence(text: string): {
  confidence: number | null;
  reasoning: string | null;
  content: string;
} {
  const newline = text.indexOf("\n");
  const first = newline === -1 ? text : text.slice(0, newline);
  const match = first.match(CONFIDENCE_LINE);
  if (!match) return { confidence: null, reasoning: null, content: text };
  const confidence = Math.max(0, Math.min(100, Number(match[1])));
  return {
    confidence,
    reasoning: match[2]?.trim() || null,
    content: newline === -1 ? "" : text.slice(newline + 1).replace(/^\s+/, ""),
  };
}

/**
 * Hide the confidence line from a streamed comparison answer: hold the text back until the first
 * line is complete, drop it if it is the confidence line, then pass everything through.
 */
export function confidenceLineFilter(emit: (text: string) => void) {
  let held = "";
  let decided = false;
  return {
    push(text: string) {
      if (decided) return emit(text);
      held += text;
      const newline = held.indexOf("\n");
      if (newline === -1 && held.length < 240) return;
      decided = true;
      const first = newline === -1 ? held : held.slice(0, newline);
      const rest = CONFIDENCE_LINE.test(first) ? held.slice(newline + 1).replace(/^\s+/, "") : held;
      held = "";
      if (rest) emit(rest);
    },
    flush() {
      if (!decided && held) {
        decided = true;
        const parsed = parseConfidence(held);
        if (parsed.content) emit(parsed.content);
      }
      held = "";
    },
  };
}
