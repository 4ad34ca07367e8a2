import { CASES_PAGE_SIZE } from "@shared/chat";
import type { ListCursor } from "@shared/schemas/text";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { containsPattern } from "../../db/like";
import { prepared, type RunPrepared } from "../../db/prepared";
import { attorneyReferrals, caseMessages, cases } from "../../db/schema";

export type CaseRow = typeof cases.$inferSelect;

/** Position in the cases list: the exact updated_at (as PostgreSQL text, microseconds kept) and id. */
export type CaseCursor = ListCursor;

const cursorTs = sql<string>`${cases.updatedAt}::text`;

export type Json = Record<string, unknown>;
/** A json column: an object from the driver, or its text. */
export const parseJson = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
export const date = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));

/** A `cases` row as row_to_json writes it. */
export function caseFromJson(j: Json): CaseRow {
  return {
    id: String(j.id),
    userId: String(j.user_id),
    title: String(j.title),
    description: String(j.description ?? ""),
    status: String(j.status),
    category: (j.category as string | null) ?? null,
    complexity: (j.complexity as string | null) ?? null,
    estimatedValue: j.estimated_value === null || j.estimated_value === undefined ? null : Number(j.estimated_value),
    assignedAttorney: (j.assigned_attorney as string | null) ?? null,
    messageCount: Number(j.message_count),
    userMessageCount: Number(j.user_message_count),
    lastMessageAt: date(j.last_message_at),
    replyStartedAt: date(j.reply_started_at),
    replyStopRequestedAt: date(j.reply_stop_requested_at),
    documentOfferedAt: date(j.document_offered_at),
    createdAt: date(j.created_at) ?? new Date(),
    updatedAt: date(j.updated_at) ?? new Date(),
  };
}

/**
 * The pages every visit to the cases list reads (no search, the usual size), prepared: planned
 * once, then only run (on the embedded engine a fifth of a plain query's time). The page comes
 * back as one JSON value, rows in order.
 */
function pageStatement(name: string, after: string, size: number) {
  return prepared<{ page: unknown }>(
    name,
    `select coalesce(json_agg(json_build_object('row', row_to_json(c), 'cursorTs', c.updated_at::text)
              order by c.updated_at desc, c.id desc), '[]'::json) as page
     from (select * from cases where user_id = $1::text ${after}
           order by updated_at desc, id desc limit ${size}) c`,
  );
}

export async function insertCase(
  db: DbOrTx,
  row: { userId: string; title: string; description: string },
): Promise<CaseRow> {
  const [created] = await db.insert(cases).values(row).returning();
  if (!created) throw new Error("case insert returned nothing");
  return created;
}

/**
 * The member's newest case that is still as New Chat made it: active, no message, the spec's
 * title and description (read through the index of cases with no message).
 */
export async function findNewestUntouchedCase(
  db: DbOrTx,
  userId: string,
  untouched: { title: string; description: string },
): Promise<CaseRow | null> {
  const [row] = await db
    .select()
    .from(cases)
    .where(
      and(
        eq(cases.userId, userId),
        eq(cases.messageCount, 0),
        eq(cases.status, "active"),
        eq(cases.title, untouched.title),
        eq(cases.description, untouched.description),
      ),
    )
    .orderBy(desc(cases.updatedAt))
    .limit(1);
  return row ?? null;
}

/**
 * One page of a member's cases, newest activity first (keyset: never OFFSET), optionally only those
 * whose title, description or one of the member's own messages contains `search` (case-insensitive;
 * the member's own cases only, read in the order of the member's index).
 */
export async function listCasesPage(
  db: DbOrTx,
  userId: string,
  cursor: CaseCursor | null,
  limit: number,
  search?: string,
): Promise<Array<{ row: CaseRow; cursorTs: string }>> {
  const pattern = search ? containsPattern(search) : null;
  const where = and(
    eq(cases.userId, userId),
    cursor ? sql`(${cases.updatedAt}, ${cases.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : undefined,
    pattern
      ? or(
          ilike(cases.title, pattern),
          ilike(cases.description, pattern),
          sql`exists (select 1 from ${caseMessages} m where m.case_id = ${cases.id} and m.is_user and m.content ilike ${pattern})`,
        )
      : undefined,
  );
  return db
    .select({ row: cases, cursorTs })
    .from(cases)
    .where(where)
    .orderBy(desc(cases.updatedAt), desc(cases.id))
    .limit(limit);
}

const firstPageStatement = pageStatement("cases_first_page", "", CASES_PAGE_SIZE + 1);
const nextPageStatement = pageStatement(
  "cases_next_page",
  "and (updated_at, id) < ($2::timestamptz, $3::uuid)",
  CASES_PAGE_SIZE + 1,
);

/**
 * `listCasesPage` for a page of the usual size with no search, as a prepared statement: the
 * CASES_PAGE_SIZE cases after `cursor` and one more (whether a next page follows).
 */
export async function listUsualCasesPage(
  run: RunPrepared,
  userId: string,
  cursor: CaseCursor | null,
): Promise<Array<{ row: CaseRow; cursorTs: string }>> {
  const [result] = cursor
    ? await run(nextPageStatement, [userId, cursor.ts, cursor.id])
    : await run(firstPageStatement, [userId]);
  return parseJson<Array<{ row: Json; cursorTs: string }>>(result?.page ?? "[]").map((entry) => ({
    row: caseFromJson(entry.row),
    cursorTs: entry.cursorTs,
  }));
}

export async function findOwnedCase(db: DbOrTx, caseId: string, userId: string): Promise<CaseRow | null> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateCaseStatus(
  db: DbOrTx,
  caseId: string,
  userId: string,
  status: string,
  onlyFrom: string[],
): Promise<CaseRow | null> {
  const [row] = await db
    .update(cases)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(cases.id, caseId), eq(cases.userId, userId), or(...onlyFrom.map((s) => eq(cases.status, s)))))
    .returning();
  return row ?? null;
}

/**
 * Spec section 4 'Referral': an active case becomes referred and a pending referral is recorded,
 * together. Null when the case is not the member's or not active.
 */
export async function referCase(db: Db, caseId: string, userId: string) {
  return db.transaction(async (tx) => {
    const row = await updateCaseStatus(tx, caseId, userId, "referred", ["active"]);
    if (!row) return null;
    const [referral] = await tx.insert(attorneyReferrals).values({ userId, caseId, status: "pending" }).returning();
    return referral ? { row, referral } : null;
  });
}
