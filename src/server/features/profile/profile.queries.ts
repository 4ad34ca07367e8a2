import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import {
  appLogs,
  attorneyReferrals,
  auditLogs,
  caseMessages,
  cases,
  comparisonVotes,
  documentDrafts,
  documents,
  subscriptions,
  user,
  userProfiles,
} from "../../db/schema";

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

async function findSubscriptionRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ?? null;
}

/** Everything LawGuide holds about one member, for the data export. */
export async function exportRows(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, userId));
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  const caseRows = await db.select().from(cases).where(eq(cases.userId, userId)).orderBy(asc(cases.createdAt));
  const messageRows = await db
    .select({
      id: caseMessages.id,
      caseId: caseMessages.caseId,
      content: caseMessages.content,
      isUser: caseMessages.isUser,
      attachments: caseMessages.attachments,
      aiProvider: caseMessages.aiProvider,
      aiModel: caseMessages.aiModel,
      state: caseMessages.state,
      kind: caseMessages.kind,
      createdAt: caseMessages.createdAt,
    })
    .from(caseMessages)
    .innerJoin(cases, eq(cases.id, caseMessages.caseId))
    .where(eq(cases.userId, userId))
    .orderBy(asc(caseMessages.caseId), asc(caseMessages.seq));
  const documentRows = await db
    .select({
      id: documents.id,
      caseId: documents.caseId,
      type: documents.type,
      templateId: documents.templateId,
      title: documents.title,
      fileName: documents.fileName,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      status: documents.status,
      content: documents.content,
      extractedText: documents.extractedText,
      analysis: documents.analysis,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(asc(documents.createdAt));
  const referralRows = await db.select().from(attorneyReferrals).where(eq(attorneyReferrals.userId, userId));
  const subscription = await findSubscriptionRow(db, userId);
  const comparisons = await db
    .select({
      id: comparisonVotes.id,
      caseId: comparisonVotes.caseId,
      question: comparisonVotes.question,
      mode: comparisonVotes.mode,
      chosenProvider: comparisonVotes.chosenProvider,
      createdAt: comparisonVotes.createdAt,
    })
    .from(comparisonVotes)
    .where(eq(comparisonVotes.userId, userId));
  const drafts = await db.select().from(documentDrafts).where(eq(documentDrafts.userId, userId));
  const signIns = await db
    .select({
      message: appLogs.message,
      ipAddress: appLogs.ipAddress,
      userAgent: appLogs.userAgent,
      createdAt: appLogs.createdAt,
    })
    .from(appLogs)
    .where(and(eq(appLogs.userId, userId), eq(appLogs.category, "auth")))
    .orderBy(desc(appLogs.createdAt))
    .limit(500);
  return {
    account,
    profile,
    caseRows,
    messageRows,
    documentRows,
    referralRows,
    subscription,
    comparisons,
    drafts,
    signIns,
  };
}

export async function storageKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ key: documents.storageKey }).from(documents).where(eq(documents.userId, userId));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/**
 * Remove the member and write the audit row, together: every row of theirs goes with the user
 * row (foreign keys cascade).
 */
export async function deleteUserWithAudit(db: Db, userId: string, audit: typeof auditLogs.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(auditLogs).values(audit);
    await tx.delete(user).where(eq(user.id, userId));
  });
}
