import { count, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { auditLogs, cases, documents, user, userProfiles } from "../../db/schema";

export async function updateProfileRow(
  db: DbOrTx,
  userId: string,
  values: { firstName: string; lastName: string; phone: string; address: string; profession: string },
): Promise<void> {
  await db
    .update(userProfiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
  await db
    .update(user)
    .set({ name: `${values.firstName} ${values.lastName}`.trim(), updatedAt: sql`now()` })
    .where(eq(user.id, userId));
}

export async function updatePreferencesRow(
  db: DbOrTx,
  userId: string,
  preferences: typeof userProfiles.$inferSelect.preferences,
) {
  await db.update(userProfiles).set({ preferences, updatedAt: sql`now()` }).where(eq(userProfiles.id, userId));
}

export async function countStats(db: DbOrTx, userId: string) {
  const [caseCounts] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${cases.status} = 'active')`.mapWith(Number),
    })
    .from(cases)
    .where(eq(cases.userId, userId));
  const [docCount] = await db.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
  return { totalCases: caseCounts?.total ?? 0, activeCases: caseCounts?.active ?? 0, documents: docCount?.n ?? 0 };
}

/**
 * Remove the member and write the audit row, together: every row of theirs goes with the user
 * row (foreign keys cascade). The user row is locked first, so two deletions at once take turns:
 * the second finds the member gone, writes nothing and answers false.
 */
export async function deleteUserWithAudit(
  db: Db,
  userId: string,
  audit: typeof auditLogs.$inferInsert,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!found) return false;
    await tx.insert(auditLogs).values(audit);
    await tx.delete(user).where(eq(user.id, userId));
    return true;
  });
}
