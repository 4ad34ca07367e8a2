import { desc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export async function insertOutboxMail(db: DbOrTx, mail: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export function listOutboxMail(db: DbOrTx, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
