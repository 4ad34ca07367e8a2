import { asc, count } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { aiModels } from "../../db/schema";

export type AiModelRow = typeof aiModels.$inferSelect;
export type NewAiModel = typeof aiModels.$inferInsert;

export function listModels(db: DbOrTx) {
  return db.select().from(aiModels).orderBy(asc(aiModels.priority), asc(aiModels.createdAt));
}

export async function countModels(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aiModels);
  return row?.n ?? 0;
}

export async function insertModels(db: DbOrTx, rows: NewAiModel[]): Promise<void> {
  if (rows.length) await db.insert(aiModels).values(rows);
}
