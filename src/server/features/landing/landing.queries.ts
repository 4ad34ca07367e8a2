import { asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { testimonials } from "../../db/schema";

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
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.createdAt));
}

export async function countTestimonials(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testimonials);
  return row?.n ?? 0;
}

export async function insertTestimonials(db: DbOrTx, rows: Array<typeof testimonials.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(testimonials).values(rows);
}
