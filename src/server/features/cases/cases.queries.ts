import type { ListCursor } from "@shared/schemas/text";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { containsPattern } from "../../db/like";
import { attorneyReferrals, cases } from "../../db/schema";

export type CaseRow = typeof cases.$inferSelect;

/** Position in the cases list: the exact updated_at (as PostgreSQL text, microseconds kept) and id. */
export type CaseCursor = ListCursor;

const cursorTs = sql<string>`${cases.updatedAt}::text`;

export async function insertCase(
  db: DbOrTx,
  row: { userId: string; title: string; description: string },
): Promise<CaseRow> {
  const [created] = await db.insert(cases).values(row).returning();
  if (!created) throw new Error("case insert returned nothing");
  return created;
}

/**
 * One page of a member's cases, newest activity first (keyset: never OFFSET), optionally only those
 * whose title or description contains `search` (case-insensitive; the member's own cases only, read
 * in the order of the member's index).
 */
export async function listCasesPage(
  db: DbOrTx,
  userId: string,
  cursor: CaseCursor | null,
  limit: number,
  search?: string,
) {
  const pattern = search ? containsPattern(search) : null;
  const where = and(
    eq(cases.userId, userId),
    cursor ? sql`(${cases.updatedAt}, ${cases.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : undefined,
    pattern ? or(ilike(cases.title, pattern), ilike(cases.description, pattern)) : undefined,
  );
  return db
    .select({ row: cases, cursorTs })
    .from(cases)
    .where(where)
    .orderBy(desc(cases.updatedAt), desc(cases.id))
    .limit(limit);
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
