import { asc, count, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { testimonials } from "../../db/schema";
import { lockForTransaction } from "../../db/transaction-lock";

/**
 * The carousel's order: the administrators' order (`sort_order`), then the oldest first, then the
 * id, so that rows of older data sharing a `sort_order` still come in one order everywhere (the
 * landing page and the administrators' list agree on every position).
 */
export const CAROUSEL_ORDER = [asc(testimonials.sortOrder), asc(testimonials.createdAt), asc(testimonials.id)];

export function listActiveTestimonials(db: DbOrTx) {
  return db
    .select({
      id: testimonials.id,
      quote: testimonials.quote,
      author: testimonials.author,
      context: testimonials.context,
      isExample: testimonials.isExample,
    })
    .from(testimonials)
    .where(eq(testimonials.isActive, true))
    .orderBy(...CAROUSEL_ORDER);
}

/** What a change to the carousel's order, its count or the seed waits for (lockForTransaction). */
export const TESTIMONIALS_LOCK = "lawguide.testimonials.order";

/** Add `rows` when there are no testimonials at all (a new database), once whoever else starts too. */
export async function seedTestimonials(db: Db, rows: Array<typeof testimonials.$inferInsert>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, TESTIMONIALS_LOCK);
    const [row] = await tx.select({ n: count() }).from(testimonials);
    if ((row?.n ?? 0) === 0 && rows.length) await tx.insert(testimonials).values(rows);
  });
}
