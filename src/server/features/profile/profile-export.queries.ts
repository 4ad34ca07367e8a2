import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  appLogs,
  attorneyReferrals,
  caseMessages,
  cases,
  comparisonVotes,
  documentDrafts,
  documents,
  subscriptions,
  templatePurchases,
  user,
  userProfiles,
} from "../../db/schema";

/**
 * The data export's statements. Everything a member can have many of is read in keyset pages
 * (`created_at, id` ascending, or a case's `seq`), so the export holds one page at a time however
 * much the member holds.
 */

/** Where a page starts: after the row with this creation time (as PostgreSQL prints it, to the microsecond) and id. */
export interface ExportCursor {
  ts: string;
  id: string;
}

/** `(created_at, id) > cursor`, or nothing on the first page. */
function after(createdAt: AnyPgColumn, id: AnyPgColumn, cursor: ExportCursor | null): SQL | undefined {
  return cursor ? sql`(${createdAt}, ${id}) > (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

/** The member's own rows that exist once (or a few times: one draft per template, the last 500 sign-ins). */
export async function exportAccountRows(db: DbOrTx, userId: string) {
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
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const drafts = await db
    .select()
    .from(documentDrafts)
    .where(eq(documentDrafts.userId, userId))
    .orderBy(asc(documentDrafts.templateId));
  const templatesBought = await db
    .select({
      templateId: templatePurchases.templateId,
      amountCents: templatePurchases.amountCents,
      provider: templatePurchases.provider,
      createdAt: templatePurchases.createdAt,
    })
    .from(templatePurchases)
    .where(eq(templatePurchases.userId, userId))
    .orderBy(asc(templatePurchases.createdAt));
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
    account: account ?? null,
    profile: profile ?? null,
    subscription: subscription ?? null,
    templatesBought,
    drafts,
    signIns,
  };
}

/** A page of the member's cases, oldest first. */
export function exportCasesPage(db: DbOrTx, userId: string, cursor: ExportCursor | null, limit: number) {
  return db
    .select({
      id: cases.id,
      title: cases.title,
      description: cases.description,
      status: cases.status,
      category: cases.category,
      complexity: cases.complexity,
      estimatedValue: cases.estimatedValue,
      assignedAttorney: cases.assignedAttorney,
      createdAt: cases.createdAt,
      updatedAt: cases.updatedAt,
      cursorTs: sql<string>`${cases.createdAt}::text`,
    })
    .from(cases)
    .where(and(eq(cases.userId, userId), after(cases.createdAt, cases.id, cursor)))
    .orderBy(asc(cases.createdAt), asc(cases.id))
    .limit(limit);
}

/** A page of one case's conversation, in order, after message `afterSeq`. */
export function exportMessagesPage(db: DbOrTx, caseId: string, afterSeq: number | null, limit: number) {
  return db
    .select({
      seq: caseMessages.seq,
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
    .where(and(eq(caseMessages.caseId, caseId), afterSeq === null ? undefined : gt(caseMessages.seq, afterSeq)))
    .orderBy(asc(caseMessages.seq))
    .limit(limit);
}

/**
 * A page of the member's documents (generated and uploaded), oldest first. The text read from an
 * upload (up to a million characters) is left out: `exportExtractedText` reads it one document at
 * a time.
 */
export function exportDocumentsPage(db: DbOrTx, userId: string, cursor: ExportCursor | null, limit: number) {
  return db
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
      hasExtractedText: sql<boolean>`${documents.extractedText} is not null`,
      analysis: documents.analysis,
      createdAt: documents.createdAt,
      cursorTs: sql<string>`${documents.createdAt}::text`,
    })
    .from(documents)
    .where(and(eq(documents.userId, userId), after(documents.createdAt, documents.id, cursor)))
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(limit);
}

export async function exportExtractedText(db: DbOrTx, documentId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ text: documents.extractedText })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  return row?.text ?? null;
}

/** A page of the member's attorney referral requests, oldest first. */
export function exportReferralsPage(db: DbOrTx, userId: string, cursor: ExportCursor | null, limit: number) {
  return db
    .select({
      id: attorneyReferrals.id,
      caseId: attorneyReferrals.caseId,
      documentId: attorneyReferrals.documentId,
      status: attorneyReferrals.status,
      createdAt: attorneyReferrals.createdAt,
      cursorTs: sql<string>`${attorneyReferrals.createdAt}::text`,
    })
    .from(attorneyReferrals)
    .where(and(eq(attorneyReferrals.userId, userId), after(attorneyReferrals.createdAt, attorneyReferrals.id, cursor)))
    .orderBy(asc(attorneyReferrals.createdAt), asc(attorneyReferrals.id))
    .limit(limit);
}

/** A page of the member's answer comparisons, oldest first. */
export function exportComparisonsPage(db: DbOrTx, userId: string, cursor: ExportCursor | null, limit: number) {
  return db
    .select({
      id: comparisonVotes.id,
      caseId: comparisonVotes.caseId,
      question: comparisonVotes.question,
      mode: comparisonVotes.mode,
      chosenProvider: comparisonVotes.chosenProvider,
      createdAt: comparisonVotes.createdAt,
      cursorTs: sql<string>`${comparisonVotes.createdAt}::text`,
    })
    .from(comparisonVotes)
    .where(and(eq(comparisonVotes.userId, userId), after(comparisonVotes.createdAt, comparisonVotes.id, cursor)))
    .orderBy(asc(comparisonVotes.createdAt), asc(comparisonVotes.id))
    .limit(limit);
}
