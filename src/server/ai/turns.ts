import type { ChatTurn } from "./types";

/**
 * Make a conversation acceptable to every provider: it starts with the member, roles alternate
 * (consecutive turns of one role are joined), and nothing is empty.
 */
export function normalizeTurns(turns: ChatTurn[]): ChatTurn[] {
  const out: ChatTurn[] = [];
  for (const turn of turns) {
    const content = turn.content.trim();
    if (!content) continue;
    const last = out[out.length - 1];
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${content}`;
    else out.push({ role: turn.role, content });
  }
  while (out[0]?.role === "assistant") out.shift();
  return out;
}
