import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { comparisonVotes } from "../../db/schema";

export type ComparisonRow = typeof comparisonVotes.$inferSelect;

export async function insertComparison(db: DbOrTx, row: typeof comparisonVotes.$inferInsert): Promise<ComparisonRow> {
  const [created] = await db.insert(comparisonVotes).values(row).returning();
  if (!created) throw new Error("comparison insert returned nothing");
  return created;
}

export async function setComparisonAnswers(db: DbOrTx, id: string, answers: ComparisonRow["answers"]): Promise<void> {
  await db.update(comparisonVotes).set({ answers }).where(eq(comparisonVotes.id, id));
}

export async function findComparison(
  db: DbOrTx,
  id: string,
  userId: string,
  caseId: string,
): Promise<ComparisonRow | null> {
  const [row] = await db
    .select()
    .from(comparisonVotes)
    .where(and(eq(comparisonVotes.id, id), eq(comparisonVotes.userId, userId), eq(comparisonVotes.caseId, caseId)))
    .limit(1);
  return row ?? null;
}

/** Record the choice once: returns false when it was already chosen. */
export async function markComparisonChosen(
  tx: DbOrTx,
  id: string,
  choice: { chosenProvider: string; chosenModel: string; otherProvider: string },
): Promise<boolean> {
  const rows = await tx
    .update(comparisonVotes)
    .set({ ...choice, chosenAt: sql`now()` })
    .where(and(eq(comparisonVotes.id, id), isNull(comparisonVotes.chosenAt)))
    .returning({ id: comparisonVotes.id });
  return rows.length > 0;
}

/** Take a choice back when its answer could not join the conversation (the case was busy). */
export async function unmarkComparisonChosen(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(comparisonVotes)
    .set({ chosenAt: null, chosenProvider: null, chosenModel: null, otherProvider: null })
    .where(eq(comparisonVotes.id, id));
}
