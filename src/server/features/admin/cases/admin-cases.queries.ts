import type { AdminCase } from "@shared/schemas/admin-cases";
import { and, asc, count, desc, eq, gt, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { containsPattern } from "../../../db/like";
import { attorneyReferrals, attorneys, auditLogs, caseMessages, cases, user, userProfiles } from "../../../db/schema";

export type CaseRow = typeof cases.$inferSelect;
export type AuditInsert = typeof auditLogs.$inferInsert;
/** What an administrator may change on a case. */
export type CaseChange = Partial<Pick<CaseRow, "status" | "complexity" | "estimatedValue" | "assignedAttorney">>;

/** The member's name as the admin screens show and search it: first and last name, else the account's name. */
const userName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${userProfiles.firstName}, ${userProfiles.lastName})), ''), ${user.name})`;

const adminCaseColumns = {
  id: cases.id,
  title: cases.title,
  description: cases.description,
  category: cases.category,
  complexity: cases.complexity,
  estimatedValue: cases.estimatedValue,
  status: cases.status,
  assignedAttorney: cases.assignedAttorney,
  messageCount: cases.messageCount,
  createdAt: cases.createdAt,
  updatedAt: cases.updatedAt,
  lastMessageAt: cases.lastMessageAt,
  userId: cases.userId,
  userEmail: user.email,
  userName,
};

/** A case as the admin list reads it from the database: the shared view, with its times as dates. */
export type AdminCaseRecord = Omit<AdminCase, "createdAt" | "updatedAt" | "lastMessageAt"> & {
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
};

export interface AdminCaseFilter {
  q?: string | undefined;
  status?: string | undefined;
  complexity?: string | undefined;
}

/**
 * The filter as PostgreSQL can plan it from indexes: the search is on the case's own columns, or
 * the case's member is one of those whose e-mail or full name (first and last name combined)
 * matches, each found once in its own table (`= any(array(...))`, an init plan), never joined
 * row by row.
 */
function filterWhere(filter: AdminCaseFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  return and(
    filter.status ? eq(cases.status, filter.status) : undefined,
    filter.complexity ? eq(cases.complexity, filter.complexity) : undefined,
    pattern
      ? or(
          ilike(cases.title, pattern),
          ilike(cases.description, pattern),
          sql`${cases.userId} = any(array(select ${user.id} from ${user} where ${user.email} ilike ${pattern}))`,
          sql`${cases.userId} = any(array(select ${userProfiles.id} from ${userProfiles} where (${userProfiles.firstName} || ' ' || ${userProfiles.lastName}) ilike ${pattern}))`,
        )
      : undefined,
  );
}

/**
 * One page of every member's cases, newest activity first, with the number of cases the filter
 * keeps. The page's ids are chosen from the cases alone (the member's e-mail and name are joined
 * to those 25 rows only), and the count reads the cases alone.
 */
export async function listAdminCases(
  db: DbOrTx,
  filter: AdminCaseFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminCaseRecord[]; total: number }> {
  const where = filterWhere(filter);
  const pageIds = db
    .select({ id: cases.id })
    .from(cases)
    .where(where)
    .orderBy(desc(cases.updatedAt), desc(cases.id))
    .limit(page.limit)
    .offset(page.offset)
    .as("page_ids");
  const [rows, totals] = await Promise.all([
    db
      .select(adminCaseColumns)
      .from(pageIds)
      .innerJoin(cases, eq(cases.id, pageIds.id))
      .innerJoin(user, eq(user.id, cases.userId))
      .leftJoin(userProfiles, eq(userProfiles.id, cases.userId))
      .orderBy(desc(cases.updatedAt), desc(cases.id)),
    db.select({ n: count() }).from(cases).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findAdminCase(db: DbOrTx, caseId: string): Promise<AdminCaseRecord | null> {
  const [row] = await db
    .select(adminCaseColumns)
    .from(cases)
    .innerJoin(user, eq(user.id, cases.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, cases.userId))
    .where(eq(cases.id, caseId))
    .limit(1);
  return row ?? null;
}

export async function caseExists(db: DbOrTx, caseId: string): Promise<boolean> {
  const [row] = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).limit(1);
  return Boolean(row);
}

/** The tiles: cases by status, and the complex ones, in one pass. */
export async function countCaseStats(db: DbOrTx) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${cases.status} = 'active')`.mapWith(Number),
      referred: sql<number>`count(*) filter (where ${cases.status} = 'referred')`.mapWith(Number),
      archived: sql<number>`count(*) filter (where ${cases.status} = 'archived')`.mapWith(Number),
      complex: sql<number>`count(*) filter (where ${cases.complexity} = 'complex')`.mapWith(Number),
    })
    .from(cases);
  return {
    active: row?.active ?? 0,
    referred: row?.referred ?? 0,
    archived: row?.archived ?? 0,
    complex: row?.complex ?? 0,
    total: row?.total ?? 0,
  };
}

/** Up to `limit` messages of a case after position `afterSeq`, oldest first (read from the case's index). */
export async function listCaseMessagesAfter(db: DbOrTx, caseId: string, afterSeq: number | null, limit: number) {
  return db
    .select({
      id: caseMessages.id,
      seq: caseMessages.seq,
      content: caseMessages.content,
      isUser: caseMessages.isUser,
      createdAt: caseMessages.createdAt,
      aiProvider: caseMessages.aiProvider,
      aiModel: caseMessages.aiModel,
      attachments: caseMessages.attachments,
    })
    .from(caseMessages)
    .where(and(eq(caseMessages.caseId, caseId), afterSeq === null ? undefined : gt(caseMessages.seq, afterSeq)))
    .orderBy(asc(caseMessages.seq))
    .limit(limit);
}

export async function findAttorney(db: DbOrTx, attorneyId: string) {
  const [row] = await db
    .select({ id: attorneys.id, name: attorneys.name, isActive: attorneys.isActive })
    .from(attorneys)
    .where(eq(attorneys.id, attorneyId))
    .limit(1);
  return row ?? null;
}

/**
 * Change a case and record it in the audit log, together. The case is locked while `decide` looks
 * at it, so the old values in the audit row are the ones the change replaced. `decide` answers
 * null when nothing changes: then nothing is written. Null when there is no such case.
 */
export async function changeCaseWithAudit(
  db: Db,
  caseId: string,
  decide: (old: CaseRow) => {
    set: CaseChange;
    audit: AuditInsert;
    /** The case now has an attorney: its pending referrals are assigned too (to this directory entry, if any). */
    assignReferrals?: { attorneyId: string | null };
  } | null,
): Promise<{ old: CaseRow; row: CaseRow; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(cases).where(eq(cases.id, caseId)).for("update").limit(1);
    if (!old) return null;
    const decision = decide(old);
    if (!decision) return { old, row: old, changed: false };
    const [row] = await tx
      .update(cases)
      .set({ ...decision.set, updatedAt: sql`now()` })
      .where(eq(cases.id, caseId))
      .returning();
    if (!row) throw new Error("case update returned nothing");
    await tx.insert(auditLogs).values(decision.audit);
    if (decision.assignReferrals) {
      await tx
        .update(attorneyReferrals)
        .set({ status: "assigned", attorneyId: decision.assignReferrals.attorneyId, updatedAt: sql`now()` })
        .where(and(eq(attorneyReferrals.caseId, caseId), eq(attorneyReferrals.status, "pending")));
    }
    return { old, row, changed: true };
  });
}
