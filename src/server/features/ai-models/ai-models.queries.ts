import { and, asc, count, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { aiModels, auditLogs, comparisonVotes } from "../../db/schema";
import { lockForTransaction } from "../../db/transaction-lock";

export type AiModelRow = typeof aiModels.$inferSelect;
export type NewAiModel = typeof aiModels.$inferInsert;
type NewAuditRow = typeof auditLogs.$inferInsert;

/**
 * Every configuration, in the order the answer chain tries them: lowest priority number first,
 * then the oldest (then by name, for configurations added together).
 */
export function listModels(db: DbOrTx) {
  return db
    .select()
    .from(aiModels)
    .orderBy(asc(aiModels.priority), asc(aiModels.createdAt), asc(aiModels.name), asc(aiModels.id));
}

export async function countModels(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aiModels);
  return row?.n ?? 0;
}

/** What adding configurations waits for: the count that bounds them is the one the insert sees. */
const MODELS_LOCK = "lawguide.ai_models.count";

/** Add `rows` when there are no configurations at all (a new database), once whoever else starts too. */
export async function seedModels(db: Db, rows: NewAiModel[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, MODELS_LOCK);
    if ((await countModels(tx)) === 0 && rows.length) await tx.insert(aiModels).values(rows);
  });
}

/**
 * Add one configuration and its audit row together, unless `max` are kept already (then null):
 * under the count's lock, so requests at once never keep more than `max`.
 */
export async function insertModelWithAudit(
  db: Db,
  row: NewAiModel,
  max: number,
  audit: (saved: AiModelRow) => NewAuditRow,
): Promise<AiModelRow | null> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, MODELS_LOCK);
    if ((await countModels(tx)) >= max) return null;
    const [saved] = await tx.insert(aiModels).values(row).returning();
    if (!saved) throw new Error("ai model insert returned nothing");
    await tx.insert(auditLogs).values(audit(saved));
    return saved;
  });
}

export type ModelChange = { kind: "update"; patch: Partial<NewAiModel> } | { kind: "delete" };

export type ModelChangeOutcome =
  | { outcome: "missing" }
  | { outcome: "refused"; reason: string }
  | { outcome: "saved"; before: AiModelRow; after: AiModelRow | null };

/**
 * Change or delete one configuration with every configuration locked, so `refusal` judges the
 * set as it will be (two administrators cannot each remove one of the last two models of a plan).
 * The change and its audit row commit together.
 */
export async function saveModelChange(
  db: Db,
  id: string,
  change: ModelChange,
  hooks: {
    /** Why the configurations as they would be after the change are not allowed, or null. */
    refusal(after: AiModelRow[]): string | null;
    audit(before: AiModelRow, after: AiModelRow | null): NewAuditRow;
  },
): Promise<ModelChangeOutcome> {
  return db.transaction(async (tx) => {
    const rows = await listModels(tx).for("update");
    const before = rows.find((r) => r.id === id);
    if (!before) return { outcome: "missing" as const };
    const planned =
      change.kind === "delete"
        ? rows.filter((r) => r.id !== id)
        : rows.map((r) => (r.id === id ? ({ ...r, ...change.patch } as AiModelRow) : r));
    const reason = hooks.refusal(planned);
    if (reason) return { outcome: "refused" as const, reason };
    let after: AiModelRow | null = null;
    if (change.kind === "delete") {
      await tx.delete(aiModels).where(eq(aiModels.id, id));
    } else {
      const [saved] = await tx
        .update(aiModels)
        .set({ ...change.patch, updatedAt: sql`now()` })
        .where(eq(aiModels.id, id))
        .returning();
      after = saved ?? null;
    }
    await tx.insert(auditLogs).values(hooks.audit(before, after));
    return { outcome: "saved" as const, before, after };
  });
}

/**
 * Which provider and model members kept in comparisons since `since`: count and share of all
 * choices in the period, most chosen first (at most `limit` rows; `total` counts every choice).
 */
export async function comparisonLeaderboard(db: DbOrTx, since: Date, limit: number) {
  const choices = sql<number>`count(*)`;
  return db
    .select({
      provider: sql<string>`${comparisonVotes.chosenProvider}`,
      model: sql<string>`coalesce(${comparisonVotes.chosenModel}, '')`,
      count: sql<number>`${choices}::int`,
      share: sql<number>`(${choices}::float8 / sum(${choices}) over ())::float8`,
      total: sql<number>`(sum(${choices}) over ())::int`,
    })
    .from(comparisonVotes)
    .where(and(gte(comparisonVotes.chosenAt, since), isNotNull(comparisonVotes.chosenProvider)))
    .groupBy(comparisonVotes.chosenProvider, comparisonVotes.chosenModel)
    .orderBy(desc(choices), asc(comparisonVotes.chosenProvider), asc(comparisonVotes.chosenModel))
    .limit(limit);
}
