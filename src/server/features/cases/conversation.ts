import { CASE_TEXT } from "@shared/messages";
import type { SessionUser } from "@shared/session";
import type { CaseContext } from "../../ai/prompts";
import type { ChatTurn } from "../../ai/types";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import { conflict, notFound, planLimit } from "../../lib/errors";
import type { CaseRow } from "./cases.queries";
import { HISTORY_MESSAGES, listHistory, messageRefusal } from "./chat.queries";

export const LIMIT_TEXT = `${CASE_TEXT.limitReached}. Upgrade to Premium for unlimited messages.`;
export const REPLY_IN_PROGRESS_TEXT =
  "The assistant is still answering in this case. Wait for it to finish, or stop it.";

/** What the assistant is told about the case (DESIGN section 8). */
export function contextOf(row: CaseRow, user: SessionUser): CaseContext {
  return {
    caseId: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    complexity: row.complexity,
    profession: user.profession || null,
  };
}

/** Messages as turns of a conversation, oldest first (`rows` newest first, as the queries give them). */
export function turnsOf(rows: ReadonlyArray<{ isUser: boolean; content: string }>): ChatTurn[] {
  return [...rows].reverse().map((m) => ({ role: m.isUser ? "user" : "assistant", content: m.content }));
}

/** The conversation that goes with the case's last question: the question and the turns before it. */
export async function historyOf(db: Db, caseId: string): Promise<ChatTurn[]> {
  return turnsOf(await listHistory(db, caseId, HISTORY_MESSAGES + 1));
}

/**
 * Why a message was not accepted, as the database's rule says (`messageRefusal`): 404 not their
 * case, 409 archived, 402 at their plan's limit, else 409 a reply is being written. A member's
 * plan with no limit (a regeneration adds no message) passes `limit` null.
 */
export async function explainRefusal(
  run: RunPrepared,
  user: SessionUser,
  caseId: string,
  rule: { limit: number | null; staleBefore: Date | null },
): Promise<never> {
  const why = await messageRefusal(run, { caseId, userId: user.id, ...rule });
  if (why === undefined) throw notFound(CASE_TEXT.notFound);
  if (why === "archived") throw conflict(CASE_TEXT.archived);
  if (why === "limit") throw planLimit(LIMIT_TEXT);
  throw conflict(REPLY_IN_PROGRESS_TEXT);
}
