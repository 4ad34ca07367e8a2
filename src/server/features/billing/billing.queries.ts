import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { subscriptions } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export async function upsertSubscription(db: DbOrTx, row: NewSubscription): Promise<void> {
  const { userId: _userId, ...rest } = row;
  await db
    .insert(subscriptions)
    .values(row)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...rest, updatedAt: new Date() } });
}
