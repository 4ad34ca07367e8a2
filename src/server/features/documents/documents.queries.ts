import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { attorneyReferrals, documentDrafts, documents } from "../../db/schema";

export type DocumentRow = typeof documents.$inferSelect;

export async function insertDocument(db: DbOrTx, row: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [created] = await db.insert(documents).values(row).returning();
  if (!created) throw new Error("document insert returned nothing");
  return created;
}

/** Generated documents of a member, newest first, with any pending review (keyset pages). */
export function listGeneratedPage(
  db: DbOrTx,
  userId: string,
  cursor: { ts: string; id: string } | null,
  limit: number,
) {
  const where = and(
    eq(documents.userId, userId),
    eq(documents.type, "generated"),
    cursor
      ? sql`(${documents.createdAt}, ${documents.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
      : undefined,
  );
  return db
    .select({
      row: documents,
      cursorTs: sql<string>`${documents.createdAt}::text`,
      review: {
        id: attorneyReferrals.id,
        status: attorneyReferrals.status,
        feeCents: attorneyReferrals.feeCents,
      },
    })
    .from(documents)
    .leftJoin(attorneyReferrals, eq(attorneyReferrals.documentId, documents.id))
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}

export async function findOwnedDocument(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select({
      row: documents,
      review: { id: attorneyReferrals.id, status: attorneyReferrals.status, feeCents: attorneyReferrals.feeCents },
    })
    .from(documents)
    .leftJoin(attorneyReferrals, eq(attorneyReferrals.documentId, documents.id))
    .where(and(eq(documents.id, id), eq(documents.userId, userId), eq(documents.type, "generated")))
    .limit(1);
  return row ?? null;
}

export async function deleteOwnedDocument(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId), eq(documents.type, "generated")))
    .returning({ id: documents.id });
  return rows.length > 0;
}

export async function insertDocumentReview(
  db: DbOrTx,
  row: { userId: string; documentId: string; feeCents: number | null; caseId: string | null },
) {
  const [created] = await db
    .insert(attorneyReferrals)
    .values({ ...row, status: "pending" })
    .returning({ id: attorneyReferrals.id, status: attorneyReferrals.status, feeCents: attorneyReferrals.feeCents });
  return created;
}

export function listDrafts(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(documentDrafts)
    .where(eq(documentDrafts.userId, userId))
    .orderBy(desc(documentDrafts.updatedAt));
}

export async function upsertDraft(
  db: DbOrTx,
  row: { userId: string; templateId: string; answers: Record<string, unknown>; step: number },
) {
  const [saved] = await db
    .insert(documentDrafts)
    .values(row)
    .onConflictDoUpdate({
      target: [documentDrafts.userId, documentDrafts.templateId],
      set: { answers: row.answers, step: row.step, updatedAt: sql`now()` },
    })
    .returning();
  return saved;
}

export async function deleteDraft(db: DbOrTx, userId: string, templateId: string): Promise<boolean> {
  const rows = await db
    .delete(documentDrafts)
    .where(and(eq(documentDrafts.userId, userId), eq(documentDrafts.templateId, templateId)))
    .returning({ id: documentDrafts.id });
  return rows.length > 0;
}
