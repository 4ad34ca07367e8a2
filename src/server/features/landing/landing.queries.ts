import { asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { testimonials } from "../../db/schema";

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

export async function countTestimonials(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testimonials);
  return row?.n ?? 0;
}

export async function insertTestimonials(db: DbOrTx, rows: Array<typeof testimonials.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(testimonials).values(rows);
}
