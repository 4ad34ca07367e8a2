import { CASE_TEXT } from "@shared/messages";
import { messageLimit, type PlanSettings } from "@shared/plans";
import type { SessionUser } from "@shared/session";
import type { CaseContext } from "../../ai/prompts";
import type { ChatTurn } from "../../ai/types";
import type { Db } from "../../db/client";
import { conflict, notFound, planLimit } from "../../lib/errors";
import { type CaseRow, findOwnedCase } from "./cases.queries";
import { HISTORY_MESSAGES, listMessagesPage } from "./chat.queries";

export const LIMIT_TEXT = `${CASE_TEXT.limitReached}. Upgrade to Premium for unlimited messages.`;
export const ARCHIVED_TEXT = "This case is archived. Restore it to continue the conversation.";
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

/** The earlier conversation that goes with a question: the last chat messages, oldest first. */
export async function historyOf(db: Db, caseId: string): Promise<ChatTurn[]> {
  const rows = await listMessagesPage(db, caseId, null, HISTORY_MESSAGES * 2 + 2);
  return rows
    .filter((m) => m.kind === "chat" && m.content.trim())
    .slice(0, HISTORY_MESSAGES + 1)
    .reverse()
    .map((m) => ({ role: m.isUser ? "user" : "assistant", content: m.content }));
}

/** Whether the member has used every message their plan allows in this case. */
export function atMessageLimit(
  user: SessionUser,
  row: CaseRow,
  settings: Pick<PlanSettings, "freeUserMessageLimit">,
): boolean {
  const limit = messageLimit(user.plan, settings);
  return limit !== null && row.userMessageCount >= limit;
}

/**
 * Why a message was not accepted, in the order a member needs to know it: 404 not their case,
 * 409 archived, 402 at their plan's limit, else 409 a reply is being written.
 */
export async function explainRefusal(
  db: Db,
  user: SessionUser,
  caseId: string,
  settings: Pick<PlanSettings, "freeUserMessageLimit">,
): Promise<never> {
  const row = await findOwnedCase(db, caseId, user.id);
  if (!row) throw notFound(CASE_TEXT.notFound);
  if (row.status === "archived") throw conflict(ARCHIVED_TEXT);
  if (atMessageLimit(user, row, settings)) throw planLimit(LIMIT_TEXT);
  throw conflict(REPLY_IN_PROGRESS_TEXT);
}
