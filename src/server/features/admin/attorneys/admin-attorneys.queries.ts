import { ADMIN_PAGE_SIZE } from "@shared/schemas/admin";
import type { AttorneyListQuery, ReferralListQuery } from "@shared/schemas/admin-attorneys";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { planInForce } from "../../../db/entitlement";
import { containsPattern } from "../../../db/like";
import {
  appLogs,
  attorneyReferrals,
  attorneys,
  auditLogs,
  cases,
  documents,
  subscriptions,
  user,
  userProfiles,
} from "../../../db/schema";

export type AttorneyRow = typeof attorneys.$inferSelect;
export type NewAttorney = Omit<typeof attorneys.$inferInsert, "id" | "createdAt" | "updatedAt">;
type AuditInsert = typeof auditLogs.$inferInsert;
type AppLogInsert = typeof appLogs.$inferInsert;

// ---------------------------------------------------------------- directory

/** Whether one of a jsonb list's texts contains `pattern` (an ILIKE pattern). */
function listContains(column: typeof attorneys.specialties | typeof attorneys.caseTypes, pattern: string): SQL {
  return sql`exists (select 1 from jsonb_array_elements_text(${column}) as item(value) where item.value ilike ${pattern})`;
}

/**
 * Whether a specialty or case type and `category` name the same field: one contains the other,
 * case-insensitively ('Housing' matches 'Housing & Tenancy' and the other way round). `position`
 * compares plain text, so no character of either is read as a wildcard.
 */
function matchesCategory(category: string): SQL {
  const needle = category.toLowerCase();
  return sql`exists (
    select 1 from jsonb_array_elements_text(${attorneys.specialties} || ${attorneys.caseTypes}) as item(value)
    where item.value <> '' and (position(${needle} in lower(item.value)) > 0 or position(lower(item.value) in ${needle}) > 0)
  )`;
}

/** One page of the directory, searched and filtered in SQL, with the number of matching rows. */
export async function listAttorneys(db: DbOrTx, query: AttorneyListQuery) {
  const where: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      or(
        ilike(attorneys.name, pattern),
        ilike(attorneys.firm, pattern),
        ilike(attorneys.location, pattern),
        listContains(attorneys.specialties, pattern),
      ),
    );
  }
  if (query.active !== undefined) where.push(eq(attorneys.isActive, query.active));
  if (query.availability) where.push(eq(attorneys.availability, query.availability));
  if (query.specialty) where.push(matchesCategory(query.specialty));
  const condition = and(...where);
  const order =
    query.sort === "name"
      ? [asc(sql`lower(${attorneys.name})`), asc(attorneys.id)]
      : [desc(attorneys.createdAt), desc(attorneys.id)];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(attorneys)
      .where(condition)
      .orderBy(...order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(attorneys).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findAttorney(db: DbOrTx, id: string): Promise<AttorneyRow | null> {
  const [row] = await db.select().from(attorneys).where(eq(attorneys.id, id)).limit(1);
  return row ?? null;
}

/** Another attorney with this e-mail address (case-insensitive), if any. */
export async function findAttorneyByEmail(db: DbOrTx, email: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ id: attorneys.id })
    .from(attorneys)
    .where(
      and(
        sql`lower(${attorneys.email}) = ${email.toLowerCase()}`,
        exceptId ? sql`${attorneys.id} <> ${exceptId}::uuid` : undefined,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Add an attorney and its audit row, together. */
export async function insertAttorney(
  db: Db,
  values: NewAttorney,
  audit: (row: AttorneyRow) => AuditInsert,
): Promise<AttorneyRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(attorneys).values(values).returning();
    if (!row) throw new Error("attorney insert returned nothing");
    await tx.insert(auditLogs).values(audit(row));
    return row;
  });
}

/**
 * Change an attorney and write its audit row (built from the row before and after), together.
 * Null when there is no such attorney. The row is locked while it changes, so the audit's old
 * values are the ones replaced.
 */
export async function updateAttorney(
  db: Db,
  id: string,
  changes: Partial<NewAttorney>,
  audit: (before: AttorneyRow, after: AttorneyRow) => AuditInsert,
): Promise<AttorneyRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(attorneys).where(eq(attorneys.id, id)).for("update");
    if (!before) return null;
    const [after] = await tx
      .update(attorneys)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(attorneys.id, id))
      .returning();
    if (!after) return null;
    await tx.insert(auditLogs).values(audit(before, after));
    return after;
  });
}

/**
 * Delete an attorney no referral names; one that referrals name is deactivated instead (their
 * `attorney_id` would otherwise be emptied, losing whom members were sent to). The audit row is
 * written with the change. Null when there is no such attorney.
 */
export async function removeAttorney(
  db: Db,
  id: string,
  audit: (result: { before: AttorneyRow; after: AttorneyRow | null; referrals: number }) => AuditInsert,
): Promise<{ before: AttorneyRow; after: AttorneyRow | null; referrals: number } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(attorneys).where(eq(attorneys.id, id)).for("update");
    if (!before) return null;
    const [named] = await tx
      .select({ total: count() })
      .from(attorneyReferrals)
      .where(eq(attorneyReferrals.attorneyId, id));
    const referrals = named?.total ?? 0;
    let after: AttorneyRow | null = null;
    if (referrals === 0) {
      await tx.delete(attorneys).where(eq(attorneys.id, id));
    } else {
      [after = null] = await tx
        .update(attorneys)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(eq(attorneys.id, id))
        .returning();
    }
    const result = { before, after, referrals };
    await tx.insert(auditLogs).values(audit(result));
    return result;
  });
}

// ---------------------------------------------------------------- referrals

/**
 * A Premium member's referral is a priority referral: the member's subscription grants Premium
 * now (active or trialing and not past a cancelled period's end, or past due within the grace
 * period), as `entitledPlan` decides it.
 */
const isPriority = sql<boolean>`exists (
  select 1 from ${subscriptions}
  where ${subscriptions.userId} = ${attorneyReferrals.userId} and ${planInForce("premium")}
)`;

const referralColumns = {
  referral: attorneyReferrals,
  priority: isPriority,
  memberEmail: user.email,
  memberName: user.name,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
  caseTitle: cases.title,
  caseCategory: cases.category,
  caseStatus: cases.status,
  caseAttorney: cases.assignedAttorney,
  documentTitle: documents.title,
  attorneyName: attorneys.name,
  attorneyFirm: attorneys.firm,
};

function referralsWithDetails(db: DbOrTx) {
  return db
    .select(referralColumns)
    .from(attorneyReferrals)
    .innerJoin(user, eq(user.id, attorneyReferrals.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, attorneyReferrals.userId))
    .leftJoin(cases, eq(cases.id, attorneyReferrals.caseId))
    .leftJoin(documents, eq(documents.id, attorneyReferrals.documentId))
    .leftJoin(attorneys, eq(attorneys.id, attorneyReferrals.attorneyId));
}

export type ReferralDetailRow = NonNullable<Awaited<ReturnType<typeof findReferral>>>;

/**
 * One page of referrals: pending ones first, Premium members' first among them and then the
 * longest waiting; then the others, newest first. With the number of matching and of pending ones.
 */
export async function listReferrals(db: DbOrTx, query: ReferralListQuery) {
  const where = query.status ? eq(attorneyReferrals.status, query.status) : undefined;
  const pending = sql`${attorneyReferrals.status} = 'pending'`;
  const [rows, totals] = await Promise.all([
    referralsWithDetails(db)
      .where(where)
      .orderBy(
        desc(pending),
        desc(sql`(${pending} and ${isPriority})`),
        asc(sql`case when ${pending} then ${attorneyReferrals.createdAt} end`),
        desc(attorneyReferrals.createdAt),
        desc(attorneyReferrals.id),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({
        total: query.status
          ? sql<number>`count(*) filter (where ${attorneyReferrals.status} = ${query.status})`.mapWith(Number)
          : count(),
        pending: sql<number>`count(*) filter (where ${pending})`.mapWith(Number),
      })
      .from(attorneyReferrals),
  ]);
  return { rows, total: totals[0]?.total ?? 0, pending: totals[0]?.pending ?? 0 };
}

export async function findReferral(db: DbOrTx, id: string) {
  const [row] = await referralsWithDetails(db).where(eq(attorneyReferrals.id, id)).limit(1);
  return row ?? null;
}

/**
 * Give a referral its attorney: the referral becomes assigned, its case (if any) referred with the
 * attorney's name; the audit row and the application log row are written with the change. Only a
 * pending or assigned referral changes (null otherwise, or when it does not exist); the referral
 * row is locked so that two administrators assigning at once are recorded one after the other.
 */
export async function assignReferral(
  db: Db,
  input: { referralId: string; attorney: Pick<AttorneyRow, "id" | "name"> },
  logRows: (change: {
    before: typeof attorneyReferrals.$inferSelect;
    caseBefore: { status: string; assignedAttorney: string | null } | null;
  }) => { audit: AuditInsert; app: AppLogInsert },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(attorneyReferrals)
      .where(eq(attorneyReferrals.id, input.referralId))
      .for("update");
    if (!before || !["pending", "assigned"].includes(before.status)) return false;
    await tx
      .update(attorneyReferrals)
      .set({ attorneyId: input.attorney.id, status: "assigned", updatedAt: sql`now()` })
      .where(eq(attorneyReferrals.id, input.referralId));
    let caseBefore: { status: string; assignedAttorney: string | null } | null = null;
    if (before.caseId) {
      const [found] = await tx
        .select({ status: cases.status, assignedAttorney: cases.assignedAttorney })
        .from(cases)
        .where(eq(cases.id, before.caseId))
        .for("update");
      if (found) {
        caseBefore = found;
        await tx
          .update(cases)
          .set({ status: "referred", assignedAttorney: input.attorney.name, updatedAt: sql`now()` })
          .where(eq(cases.id, before.caseId));
      }
    }
    const rows = logRows({ before, caseBefore });
    await tx.insert(auditLogs).values(rows.audit);
    await tx.insert(appLogs).values(rows.app);
    return true;
  });
}
