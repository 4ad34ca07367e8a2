import { eq, max, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../../db/client";
import { auditLogs, testimonials } from "../../../db/schema";
import { lockForTransaction } from "../../../db/transaction-lock";
import { CAROUSEL_ORDER, TESTIMONIALS_LOCK } from "../../landing/landing.queries";

export type TestimonialRow = typeof testimonials.$inferSelect;
export type NewTestimonial = Pick<
  typeof testimonials.$inferInsert,
  "quote" | "author" | "context" | "isExample" | "isActive"
>;
type AuditInsert = typeof auditLogs.$inferInsert;

/** A testimonial and its place in the carousel (from 1). */
export interface PlacedTestimonial {
  row: TestimonialRow;
  position: number;
}

/**
 * What changes the carousel's order (adding, moving, deleting) waits for, until the end of its
 * transaction: so the count that bounds the list is the one the insert sees, and two moves never
 * renumber from the same order. A transaction-scoped advisory lock, on PostgreSQL and PGlite alike;
 * reading the list and editing the words do not take it.
 */
function lockOrder(tx: Tx): Promise<void> {
  return lockForTransaction(tx, TESTIMONIALS_LOCK);
}

/** Every testimonial, shown or not, in the carousel's order. */
export function listAllTestimonials(db: DbOrTx): Promise<TestimonialRow[]> {
  return db
    .select()
    .from(testimonials)
    .orderBy(...CAROUSEL_ORDER);
}

/** Where a testimonial is in the carousel (from 1), or null when there is no such testimonial. */
async function positionOf(db: DbOrTx, id: string): Promise<number | null> {
  const ids = await db
    .select({ id: testimonials.id })
    .from(testimonials)
    .orderBy(...CAROUSEL_ORDER);
  const index = ids.findIndex((row) => row.id === id);
  return index < 0 ? null : index + 1;
}

/**
 * Add a testimonial last in the order, with its audit row, together; null when `limit`
 * testimonials already exist. The order's lock is held from the count to the commit, so requests
 * at once never keep more than `limit`.
 */
export async function insertTestimonial(
  db: Db,
  values: NewTestimonial,
  limit: number,
  audit: (created: PlacedTestimonial) => AuditInsert,
): Promise<PlacedTestimonial | null> {
  return db.transaction(async (tx) => {
    await lockOrder(tx);
    const [existing] = await tx
      .select({ total: sql<number>`count(*)::int`, last: max(testimonials.sortOrder) })
      .from(testimonials);
    const total = existing?.total ?? 0;
    if (total >= limit) return null;
    const [row] = await tx
      .insert(testimonials)
      .values({ ...values, sortOrder: (existing?.last ?? -1) + 1 })
      .returning();
    if (!row) throw new Error("testimonial insert returned nothing");
    const created = { row, position: total + 1 };
    await tx.insert(auditLogs).values(audit(created));
    return created;
  });
}

/**
 * Change a testimonial's words or flags and write its audit row (built from the row before and
 * after), together. Null when there is no such testimonial. The row is locked while it changes,
 * so the audit's old values are the ones replaced.
 */
export async function updateTestimonial(
  db: Db,
  id: string,
  changes: Partial<NewTestimonial>,
  audit: (before: TestimonialRow, after: TestimonialRow) => AuditInsert,
): Promise<PlacedTestimonial | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for("update");
    if (!before) return null;
    const [after] = await tx
      .update(testimonials)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(testimonials.id, id))
      .returning();
    if (!after) return null;
    await tx.insert(auditLogs).values(audit(before, after));
    return { row: after, position: (await positionOf(tx, id)) ?? 0 };
  });
}

/** Delete a testimonial and write its audit row, together. Null when there is no such testimonial. */
export async function deleteTestimonial(
  db: Db,
  id: string,
  audit: (removed: PlacedTestimonial) => AuditInsert,
): Promise<PlacedTestimonial | null> {
  return db.transaction(async (tx) => {
    await lockOrder(tx);
    const position = await positionOf(tx, id);
    if (position === null) return null;
    const [row] = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning();
    if (!row) return null;
    const removed = { row, position };
    await tx.insert(auditLogs).values(audit(removed));
    return removed;
  });
}

export type MoveOutcome =
  | { outcome: "missing" }
  /** At the edge already (first up, last down): nothing changed. */
  | { outcome: "unchanged"; position: number }
  | { outcome: "moved"; from: number; to: number };

/**
 * Swap a testimonial with its neighbour (one place earlier or later) and number the whole order
 * 0..n-1 again, so duplicate or missing `sort_order` values of older data are healed; the audit
 * row is written with the change. All under the order's lock, so two moves at once are made one
 * after the other, each from the order the one before left.
 */
export async function moveTestimonial(
  db: Db,
  id: string,
  direction: "up" | "down",
  audit: (move: { from: number; to: number }) => AuditInsert,
): Promise<MoveOutcome> {
  return db.transaction(async (tx) => {
    await lockOrder(tx);
    const rows = await tx
      .select({ id: testimonials.id, sortOrder: testimonials.sortOrder })
      .from(testimonials)
      .orderBy(...CAROUSEL_ORDER);
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) return { outcome: "missing" as const };
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return { outcome: "unchanged" as const, position: index + 1 };
    const order = rows.map((row) => row.id);
    [order[index], order[target]] = [order[target] as string, order[index] as string];
    const current = new Map(rows.map((row) => [row.id, row.sortOrder]));
    const renumbered = order.flatMap((rowId, i) => (current.get(rowId) === i ? [] : [{ id: rowId, sortOrder: i }]));
    if (renumbered.length) {
      const cases = renumbered.map((row) => sql`when ${row.id}::uuid then ${row.sortOrder}::integer`);
      const ids = renumbered.map((row) => sql`${row.id}::uuid`);
      await tx.execute(
        sql`update ${testimonials} set "sort_order" = case "id" ${sql.join(cases, sql` `)} end
            where "id" in (${sql.join(ids, sql`, `)})`,
      );
    }
    const move = { from: index + 1, to: target + 1 };
    await tx.insert(auditLogs).values(audit(move));
    return { outcome: "moved" as const, ...move };
  });
}
