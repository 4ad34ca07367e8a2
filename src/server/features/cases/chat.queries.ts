import type { MessageSources } from "@shared/schemas/cases";
import type { ChatAttachment } from "@shared/schemas/uploads";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { prepared, type RunPrepared } from "../../db/prepared";
import { caseMessages, cases } from "../../db/schema";
import { type AiAllowanceUsed, aiAllowanceUsed, aiCallHitSql, aiTokensTodaySql } from "../usage/usage.queries";
import { type CaseRow, caseFromJson, date, type Json, parseJson } from "./cases.queries";

export type MessageRow = typeof caseMessages.$inferSelect;

export interface RecordUserMessage {
  caseId: string;
  userId: string;
  /** The member's message limit in this case (plan and settings: `messageLimit`); null is unlimited. */
  limit: number | null;
  /** A reply started before this is considered abandoned (crashed process). */
  staleBefore: Date;
  defaultTitle: string;
  newTitle: string;
  category: string;
}

function messageFromJson(j: Json): MessageRow {
  return {
    id: String(j.id),
    seq: Number(j.seq),
    caseId: String(j.case_id),
    content: String(j.content),
    isUser: Boolean(j.is_user),
    attachments: parseJson<ChatAttachment[] | null>(j.attachments) ?? [],
    aiProvider: (j.ai_provider as string | null) ?? null,
    aiModel: (j.ai_model as string | null) ?? null,
    promptTokens: (j.prompt_tokens as number | null) ?? null,
    completionTokens: (j.completion_tokens as number | null) ?? null,
    totalTokens: (j.total_tokens as number | null) ?? null,
    state: String(j.state),
    kind: String(j.kind),
    keyDateOffer: parseJson<MessageRow["keyDateOffer"]>(j.key_date_offer) ?? null,
    sources: parseJson<MessageRow["sources"]>(j.sources) ?? null,
    createdAt: date(j.created_at) ?? new Date(),
  };
}

/**
 * How many earlier messages of the conversation go with a new question to the assistant. It is
 * written into the accept statement's text rather than bound: PostgreSQL plans a LIMIT it can
 * see, while with a bound one its generic plan looks dearer the longer the chats are, and past a
 * point it plans the statement again on every message instead of reusing it.
 */
export const HISTORY_MESSAGES = 5;

/** The messages that make the conversation an assistant is given: chat turns with words in them. */
const HISTORY_WHERE = "kind = 'chat' and btrim(content) <> ''";

/** Why a case takes no new message from its member: archived, at their limit, or answering now. */
export type MessageRefusal = "archived" | "limit" | "busy";

/**
 * Why the `cases` row in scope takes no new message from its member now, in SQL (null: it takes
 * one): archived; at the member's limit (`limit`, a parameter: null is unlimited); or a reply being
 * written, started after `staleBefore` (a parameter: null leaves that out). The accept statement
 * runs it as its condition and `messageRefusal` reads it back to say which, so the rule has one home.
 */
function refusalSql(limit: string, staleBefore: string): string {
  return `(case
       when status = 'archived' then 'archived'
       when ${limit}::int is not null and user_message_count >= ${limit}::int then 'limit'
       when reply_started_at is not null and reply_started_at >= ${staleBefore}::timestamptz then 'busy'
     end)`;
}

const acceptStatement = prepared<{
  case_row: Json | string | null;
  message_row: Json | string | null;
  history: unknown;
  has_files: boolean;
  calls: number | null;
  window_start: Date | string | null;
  tokens: number | string | null;
}>(
  "accept_user_message",
  `with claimed as (
     update cases set
       message_count = message_count + 1,
       user_message_count = user_message_count + 1,
       last_message_at = now(),
       updated_at = now(),
       reply_started_at = now(),
       reply_stop_requested_at = null,
       title = case when user_message_count = 0 and title = $5::text then $6::text else title end,
       category = coalesce(category, $7::text)
     where id = $1::uuid and user_id = $2::text and ${refusalSql("$3", "$4")} is null
     returning *
   ), inserted as (
     insert into case_messages (case_id, content, is_user, attachments)
     select id, $8::text, true, $9::jsonb from claimed
     returning *
   ), history as (
     select seq, is_user, content from case_messages
     where case_id = $1::uuid and ${HISTORY_WHERE} and exists (select 1 from claimed)
     order by seq desc
     limit ${HISTORY_MESSAGES}
   ), hit as (
     ${aiCallHitSql("$10", "1", "claimed")}
   )
   select
     (select row_to_json(c) from claimed c) as case_row,
     (select row_to_json(i) from inserted i) as message_row,
     (select coalesce(json_agg(json_build_object('isUser', h.is_user, 'content', h.content) order by h.seq desc), '[]'::json) from history h) as history,
     exists (select 1 from documents where case_id = $1::uuid and user_id = $2::text and type = 'upload') as has_files,
     (select count from hit) as calls,
     (select window_start from hit) as window_start,
     ${aiTokensTodaySql("$2", "$11")} as tokens`,
);

/**
 * Accept a member's message in ONE statement: count it and claim the reply slot (owner only,
 * not archived, within the Free limit, no reply in progress), store it, count the AI call its
 * answer makes on the member's allowance (`aiAllowance`: the usage service judges it), and read
 * the earlier conversation the assistant needs (newest first) and whether the case has files of
 * the member's whose passages an answer may quote (most have none, and then their answer does
 * not wait for a search). Null, with nothing stored or counted, when any condition fails.
 */
export async function acceptUserMessage(
  run: RunPrepared,
  input: RecordUserMessage & {
    content: string;
    attachments?: ChatAttachment[];
    /**
     * Where the answer's AI call is counted: the member's window and today (`aiAllowanceOf`).
     * Without it nothing is counted (a question whose answer was already written, and counted).
     */
    aiAllowance?: { key: string; day: string };
  },
): Promise<{
  row: CaseRow;
  message: MessageRow;
  history: Array<{ isUser: boolean; content: string }>;
  hasFiles: boolean;
  /** What the member has used of the AI allowance with this call counted; null when not counted. */
  aiUsed: AiAllowanceUsed | null;
} | null> {
  const [first] = await run(acceptStatement, [
    input.caseId,
    input.userId,
    input.limit,
    input.staleBefore,
    input.defaultTitle,
    input.newTitle,
    input.category,
    input.content,
    JSON.stringify(input.attachments ?? []),
    input.aiAllowance?.key ?? null,
    input.aiAllowance?.day ?? null,
  ]);
  if (!first?.case_row || !first.message_row) return null;
  return {
    row: caseFromJson(parseJson<Json>(first.case_row)),
    message: messageFromJson(parseJson<Json>(first.message_row)),
    history: parseJson<Array<{ isUser: boolean; content: string }>>(first.history),
    hasFiles: first.has_files === true,
    aiUsed: input.aiAllowance ? aiAllowanceUsed(first, 1) : null,
  };
}

const refusalStatement = prepared<{ why: MessageRefusal | null }>(
  "case_message_refusal",
  `select ${refusalSql("$3", "$4")} as why from cases where id = $1::uuid and user_id = $2::text`,
);

/**
 * Why the member's case would take no message now (`refusalSql`), null when it would; undefined
 * when it is not the member's case.
 */
export async function messageRefusal(
  run: RunPrepared,
  input: { caseId: string; userId: string; limit: number | null; staleBefore: Date | null },
): Promise<MessageRefusal | null | undefined> {
  const [row] = await run(refusalStatement, [input.caseId, input.userId, input.limit, input.staleBefore]);
  return row ? row.why : undefined;
}

/** The conversation before a question: its last `count` turns (`HISTORY_WHERE`), newest first. */
export async function listHistory(db: DbOrTx, caseId: string, count: number) {
  return db
    .select({ isUser: caseMessages.isUser, content: caseMessages.content })
    .from(caseMessages)
    .where(and(eq(caseMessages.caseId, caseId), sql.raw(HISTORY_WHERE)))
    .orderBy(desc(caseMessages.seq))
    .limit(count);
}

/** Claim the reply slot without a new member message (regenerate). */
async function claimReply(tx: DbOrTx, caseId: string, userId: string, staleBefore: Date): Promise<CaseRow | null> {
  const [row] = await tx
    .update(cases)
    .set({ replyStartedAt: sql`now()`, replyStopRequestedAt: null })
    .where(
      and(
        eq(cases.id, caseId),
        eq(cases.userId, userId),
        or(isNull(cases.replyStartedAt), lt(cases.replyStartedAt, staleBefore)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Close a reply that did not end in a stored answer (stopped, apology, comparison choice, removed
 * for regeneration): count what was added and free the slot. A complete answer is `storeAnswer`.
 */
export async function finishReply(tx: DbOrTx, caseId: string, added: number): Promise<CaseRow | null> {
  const [row] = await tx
    .update(cases)
    .set({
      messageCount: sql`${cases.messageCount} + ${added}`,
      ...(added > 0 ? { lastMessageAt: sql`now()`, updatedAt: sql`now()` } : {}),
      replyStartedAt: null,
      replyStopRequestedAt: null,
    })
    .where(eq(cases.id, caseId))
    .returning();
  return row ?? null;
}

const storeAnswerStatement = prepared<{
  answer: Json | string;
  follow_up: Json | string | null;
  case_row: Json | string | null;
}>(
  "store_answer",
  `with answer as (
     insert into case_messages (case_id, content, is_user, ai_provider, ai_model, prompt_tokens, completion_tokens, total_tokens, sources)
     values ($1::uuid, $2::text, false, $3::text, $4::text, $5::int, $6::int, $7::int, $9::jsonb)
     returning *
   ), follow_up as (
     insert into case_messages (case_id, content, is_user, kind)
     select case_id, $8::text, false, 'document_offer' from answer where $8::text is not null
     returning *
   ), finished as (
     update cases set
       message_count = message_count + case when $8::text is null then 1 else 2 end,
       last_message_at = now(),
       updated_at = now(),
       reply_started_at = null,
       reply_stop_requested_at = null,
       document_offered_at = case when $8::text is null then document_offered_at else now() end
     where id = $1::uuid
     returning *
   )
   select
     (select row_to_json(a) from answer a) as answer,
     (select row_to_json(f) from follow_up f) as follow_up,
     (select row_to_json(c) from finished c) as case_row`,
);

/**
 * Store a complete answer, and the document offer after it when there is one, count them and
 * free the reply slot: one statement, so all of it is stored or none.
 */
export async function storeAnswer(
  run: RunPrepared,
  input: {
    caseId: string;
    content: string;
    provider: string;
    model: string;
    promptTokens: number | null;
    completionTokens: number | null;
    totalTokens: number | null;
    /** The document offer to post after the answer, if any. */
    offerText: string | null;
    /** The law library's facts the answer was given, and the citations it wrote that LawGuide does not hold. */
    sources?: MessageSources | null;
  },
): Promise<{ answer: MessageRow; followUp: MessageRow | null; after: CaseRow | null }> {
  const [row] = await run(storeAnswerStatement, [
    input.caseId,
    input.content,
    input.provider,
    input.model,
    input.promptTokens,
    input.completionTokens,
    input.totalTokens,
    input.offerText,
    input.sources ? JSON.stringify(input.sources) : null,
  ]);
  if (!row?.answer) throw new Error("answer insert returned nothing");
  return {
    answer: messageFromJson(parseJson<Json>(row.answer)),
    followUp: row.follow_up ? messageFromJson(parseJson<Json>(row.follow_up)) : null,
    after: row.case_row ? caseFromJson(parseJson<Json>(row.case_row)) : null,
  };
}

const stopsRequestedStatement = prepared<{ id: string }>(
  "reply_stops_requested",
  `select id from cases
   where id in (select value::uuid from json_array_elements_text($1::json))
     and reply_stop_requested_at is not null`,
);

/** Of the cases whose replies are being written, those where Stop was pressed (polled while they stream). */
export async function stopsRequested(run: RunPrepared, caseIds: readonly string[]): Promise<string[]> {
  const rows = await run(stopsRequestedStatement, [[...caseIds]]);
  return rows.map((row) => row.id);
}

export async function requestStop(db: DbOrTx, caseId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(cases)
    .set({ replyStopRequestedAt: sql`now()` })
    .where(and(eq(cases.id, caseId), eq(cases.userId, userId), sql`${cases.replyStartedAt} is not null`))
    .returning({ id: cases.id });
  return rows.length > 0;
}

async function insertMessage(tx: DbOrTx, row: typeof caseMessages.$inferInsert): Promise<MessageRow> {
  const [created] = await tx.insert(caseMessages).values(row).returning();
  if (!created) throw new Error("message insert returned nothing");
  return created;
}

/** Messages before `beforeSeq` (or the latest), newest first. */
export function listMessagesPage(db: DbOrTx, caseId: string, beforeSeq: number | null, limit: number) {
  return db
    .select()
    .from(caseMessages)
    .where(
      beforeSeq === null
        ? eq(caseMessages.caseId, caseId)
        : and(eq(caseMessages.caseId, caseId), lt(caseMessages.seq, beforeSeq)),
    )
    .orderBy(desc(caseMessages.seq))
    .limit(limit);
}

async function deleteMessage(tx: DbOrTx, caseId: string, messageId: string): Promise<void> {
  await tx.delete(caseMessages).where(and(eq(caseMessages.id, messageId), eq(caseMessages.caseId, caseId)));
  await tx
    .update(cases)
    .set({ messageCount: sql`greatest(${cases.messageCount} - 1, 0)` })
    .where(eq(cases.id, caseId));
}

/** Store what was written of a stopped answer (if anything) and free the reply slot, together. */
export async function storeStopped(
  db: Db,
  input: { caseId: string; content: string; provider: string | null; model: string | null },
) {
  return db.transaction(async (tx) => {
    const partial = input.content.trim()
      ? await insertMessage(tx, {
          caseId: input.caseId,
          content: input.content,
          isUser: false,
          aiProvider: input.provider,
          aiModel: input.model,
          state: "stopped",
        })
      : null;
    const after = await finishReply(tx, input.caseId, partial ? 1 : 0);
    return { partial, after };
  });
}

/** Post the apology when no provider answered, and free the reply slot, together. */
/**
 * A new case about a file: the case, and the assistant's first message carrying the file (its
 * analysis, or an invitation to ask about it), in one transaction.
 */
export async function insertCaseAboutFile(
  db: Db,
  input: {
    userId: string;
    title: string;
    description: string;
    category: string;
    content: string;
    file: ChatAttachment;
  },
): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cases)
      .values({ userId: input.userId, title: input.title, description: input.description, category: input.category })
      .returning();
    if (!row) throw new Error("case insert returned nothing");
    await insertMessage(tx, { caseId: row.id, content: input.content, isUser: false, attachments: [input.file] });
    const after = await finishReply(tx, row.id, 1);
    return after ?? row;
  });
}

export async function storeApology(db: Db, caseId: string, content: string) {
  return db.transaction(async (tx) => {
    const apology = await insertMessage(tx, { caseId, content, isUser: false, state: "error", kind: "apology" });
    const after = await finishReply(tx, caseId, 1);
    return { apology, after };
  });
}

/**
 * Claim the reply slot to write the last answer again, and remove that answer, together. Null
 * when the slot is taken (or the case is not the member's); `invalid` when there is no answer to
 * replace (the slot is then free again).
 */
export async function claimForRegenerate(db: Db, caseId: string, userId: string, staleBefore: Date) {
  return db.transaction(async (tx) => {
    const row = await claimReply(tx, caseId, userId, staleBefore);
    if (!row) return null;
    const latest = await listMessagesPage(tx, caseId, null, 3);
    const last = latest[0];
    const lastUser = latest.find((m) => m.isUser);
    if (!last || last.isUser || !lastUser || last.kind === "document_offer" || last.kind === "key_date_offer") {
      await finishReply(tx, caseId, 0);
      return { row, removed: null, invalid: true as const };
    }
    await deleteMessage(tx, caseId, last.id);
    return { row, removed: last, invalid: false as const };
  });
}

/**
 * Post the offer to add a key date after an answer, unless the case has that date already (added,
 * or offered before): null then.
 */
export async function insertKeyDateOffer(
  db: Db,
  input: { caseId: string; content: string; event: string; eventDate: string; state: string | null },
): Promise<MessageRow | null> {
  return db.transaction(async (tx) => {
    const known = await tx.execute(sql`
      select 1 from case_messages
        where case_id = ${input.caseId} and kind = 'key_date_offer'
          and key_date_offer->>'event' = ${input.event} and key_date_offer->>'eventDate' = ${input.eventDate}
      union all
      select 1 from key_dates
        where case_id = ${input.caseId} and event = ${input.event} and event_date = ${input.eventDate}::date
      limit 1`);
    if ((known as unknown as { rows: unknown[] }).rows.length > 0) return null;
    return insertMessage(tx, {
      caseId: input.caseId,
      content: input.content,
      isUser: false,
      kind: "key_date_offer",
      keyDateOffer: { event: input.event, eventDate: input.eventDate, state: input.state, status: "open" },
    });
  });
}
