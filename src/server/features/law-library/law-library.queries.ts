import type { LawFact } from "@shared/law";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { auditLogs, lawFacts } from "../../db/schema";

export type LawFactRow = typeof lawFacts.$inferSelect;

export async function listLawFacts(db: DbOrTx): Promise<LawFactRow[]> {
  return db.select().from(lawFacts).orderBy(lawFacts.state, lawFacts.topic);
}

export async function findLawFact(db: DbOrTx, state: string, topic: string): Promise<LawFactRow | null> {
  const [row] = await db
    .select()
    .from(lawFacts)
    .where(and(eq(lawFacts.state, state), eq(lawFacts.topic, topic)));
  return row ?? null;
}

/** New facts of a release (a new database, or topics the release adds). */
export async function insertReleasedFacts(db: DbOrTx, facts: readonly LawFact[], version: string): Promise<void> {
  for (let i = 0; i < facts.length; i += 100) {
    const rows = facts.slice(i, i + 100).map((fact) => ({
      state: fact.state,
      topic: fact.topic,
      fact,
      released: fact,
      releaseVersion: version,
    }));
    await db.insert(lawFacts).values(rows).onConflictDoNothing();
  }
}

/** A fact nobody edited, taken from a newer release. */
export async function takeRelease(db: DbOrTx, fact: LawFact, version: string): Promise<void> {
  await db
    .update(lawFacts)
    .set({
      fact,
      released: fact,
      releaseVersion: version,
      pendingRelease: null,
      pendingVersion: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(lawFacts.state, fact.state), eq(lawFacts.topic, fact.topic), sql`${lawFacts.editedAt} is null`));
}

/** A newer release's fact for one an administrator edited: kept aside for their decision. */
export async function holdRelease(db: DbOrTx, fact: LawFact, version: string): Promise<void> {
  await db
    .update(lawFacts)
    .set({ pendingRelease: fact, pendingVersion: version, updatedAt: sql`now()` })
    .where(and(eq(lawFacts.state, fact.state), eq(lawFacts.topic, fact.topic)));
}

/**
 * An administrator's change to a fact: `decide` is given the row as it is now (locked until the
 * transaction ends, so two changes at once are made one after the other) and returns the change
 * with its audit row, or null to change nothing. Null when there is no such fact.
 */
export async function changeLawFact(
  db: Db,
  key: { state: string; topic: string },
  decide: (
    row: LawFactRow,
  ) => { changes: Partial<typeof lawFacts.$inferInsert>; audit: typeof auditLogs.$inferInsert } | null,
): Promise<LawFactRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lawFacts)
      .where(and(eq(lawFacts.state, key.state), eq(lawFacts.topic, key.topic)))
      .for("update");
    if (!row) return null;
    const decided = decide(row);
    if (!decided) return row;
    const [changed] = await tx
      .update(lawFacts)
      .set({ ...decided.changes, updatedAt: sql`now()` })
      .where(and(eq(lawFacts.state, key.state), eq(lawFacts.topic, key.topic)))
      .returning();
    await tx.insert(auditLogs).values(decided.audit);
    return changed ?? row;
  });
}

/** Tests: every fact back as released (faster than emptying and seeding the table again). */
export async function resetLawFacts(db: DbOrTx): Promise<void> {
  await db
    .update(lawFacts)
    .set({
      fact: sql`${lawFacts.released}`,
      editedAt: null,
      editedBy: null,
      pendingRelease: null,
      pendingVersion: null,
    })
    .where(sql`${lawFacts.editedAt} is not null or ${lawFacts.pendingRelease} is not null`);
}
