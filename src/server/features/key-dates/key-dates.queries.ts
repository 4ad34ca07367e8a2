import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { caseMessages, cases, keyDateReminders, keyDates, userProfiles } from "../../db/schema";

export type KeyDateRow = typeof keyDates.$inferSelect;
export type ReminderRow = typeof keyDateReminders.$inferSelect;

export async function listCaseKeyDates(db: DbOrTx, caseId: string, userId: string): Promise<KeyDateRow[]> {
  return db
    .select()
    .from(keyDates)
    .where(and(eq(keyDates.caseId, caseId), eq(keyDates.userId, userId)))
    .orderBy(asc(keyDates.eventDate), asc(keyDates.createdAt));
}

/** The member's key dates in cases that are not archived, with their case's title. */
export async function listMemberKeyDates(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ keyDate: keyDates, caseTitle: cases.title })
    .from(keyDates)
    .innerJoin(cases, eq(cases.id, keyDates.caseId))
    .where(and(eq(keyDates.userId, userId), sql`${cases.status} <> 'archived'`))
    .orderBy(desc(keyDates.eventDate))
    .limit(limit);
}

/**
 * Add a key date unless its case already has `max` of them: counted and inserted under the case's
 * row lock, so dates added at once never pass the bound. Null when refused.
 */
export async function insertKeyDate(
  db: Db,
  row: typeof keyDates.$inferInsert,
  max: number,
  andThen: (tx: Tx, created: KeyDateRow) => Promise<void>,
): Promise<KeyDateRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, row.caseId)).for("update");
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(keyDates)
      .where(eq(keyDates.caseId, row.caseId));
    if ((counted?.n ?? 0) >= max) return null;
    const [created] = await tx.insert(keyDates).values(row).returning();
    if (!created) throw new Error("key date insert returned nothing");
    await andThen(tx, created);
    return created;
  });
}

/** Remove a member's key date (its reminders go with it); its reminders' job ids, or null when there was none. */
export async function deleteKeyDate(db: Db, id: string, caseId: string, userId: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const jobs = await tx
      .select({ jobId: keyDateReminders.jobId })
      .from(keyDateReminders)
      .where(and(eq(keyDateReminders.keyDateId, id), isNull(keyDateReminders.sentAt)));
    const deleted = await tx
      .delete(keyDates)
      .where(and(eq(keyDates.id, id), eq(keyDates.caseId, caseId), eq(keyDates.userId, userId)))
      .returning({ id: keyDates.id });
    if (deleted.length === 0) return null;
    return jobs.map((j) => j.jobId).filter((j): j is string => j !== null);
  });
}

export async function insertReminders(
  tx: DbOrTx,
  rows: Array<typeof keyDateReminders.$inferInsert>,
): Promise<ReminderRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(keyDateReminders).values(rows).onConflictDoNothing().returning();
}

export async function setReminderJob(db: DbOrTx, id: string, jobId: string): Promise<void> {
  await db.update(keyDateReminders).set({ jobId }).where(eq(keyDateReminders.id, id));
}

/** A reminder with everything its mail needs, when it is still to be sent. */
export async function findReminderToSend(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ reminder: keyDateReminders, keyDate: keyDates, caseTitle: cases.title, caseStatus: cases.status })
    .from(keyDateReminders)
    .innerJoin(keyDates, eq(keyDates.id, keyDateReminders.keyDateId))
    .innerJoin(cases, eq(cases.id, keyDates.caseId))
    .where(and(eq(keyDateReminders.id, id), isNull(keyDateReminders.sentAt)));
  return row ?? null;
}

/**
 * Mark a reminder sent, once: `andThen` (queueing its mail) runs in the same transaction only when
 * this call marked it, so a reminder run twice (its job tried again, two processes) sends one mail.
 */
export async function markReminderSent(db: Db, id: string, andThen: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(keyDateReminders)
      .set({ sentAt: sql`now()` })
      .where(and(eq(keyDateReminders.id, id), isNull(keyDateReminders.sentAt)))
      .returning({ id: keyDateReminders.id });
    if (marked.length === 0) return false;
    await andThen(tx);
    return true;
  });
}

/** The unsent reminders' job ids of a member's key dates (all of them, or one case's). */
export async function unsentReminderJobs(db: DbOrTx, userId: string, caseId?: string): Promise<string[]> {
  const rows = await db
    .select({ jobId: keyDateReminders.jobId })
    .from(keyDateReminders)
    .innerJoin(keyDates, eq(keyDates.id, keyDateReminders.keyDateId))
    .where(
      and(
        eq(keyDates.userId, userId),
        isNull(keyDateReminders.sentAt),
        ...(caseId ? [eq(keyDates.caseId, caseId)] : []),
      ),
    );
  return rows.map((r) => r.jobId).filter((j): j is string => j !== null);
}

// ---------------------------------------------------------------- the member's calendar settings

export async function findCalendarSettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      timeZone: userProfiles.timeZone,
      keyDateReminders: userProfiles.keyDateReminders,
      calendarFeedHash: userProfiles.calendarFeedHash,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row ?? null;
}

export async function updateCalendarSettings(
  db: DbOrTx,
  userId: string,
  changes: Partial<Pick<typeof userProfiles.$inferInsert, "timeZone" | "keyDateReminders" | "calendarFeedHash">>,
): Promise<void> {
  await db
    .update(userProfiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}

/** The member whose private calendar feed token hashes to `hash`. */
export async function findFeedOwner(db: DbOrTx, hash: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.calendarFeedHash, hash));
  return row?.id ?? null;
}

/** The words the member wrote in a case (newest first, bounded), to find the state it names. */
export async function memberWords(db: DbOrTx, caseId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ content: caseMessages.content })
    .from(caseMessages)
    .where(and(eq(caseMessages.caseId, caseId), eq(caseMessages.isUser, true)))
    .orderBy(desc(caseMessages.seq))
    .limit(limit);
  return rows.map((r) => r.content);
}

export async function caseTitles(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: cases.id, title: cases.title }).from(cases).where(inArray(cases.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

type KeyDateOfferData = NonNullable<(typeof caseMessages.$inferSelect)["keyDateOffer"]>;

/**
 * Answer an open offer of a key date (a message of kind key_date_offer): its status becomes
 * `status` in one conditional statement, so two answers at once take it once. The offer as it was,
 * or null when there is no such open offer (missing, or answered already: `answered` says which).
 */
export async function claimKeyDateOffer(
  db: DbOrTx,
  input: { caseId: string; messageId: string; status: "added" | "declined" },
): Promise<{ offer: KeyDateOfferData | null; answered: boolean }> {
  const claimed = await db
    .update(caseMessages)
    .set({ keyDateOffer: sql`jsonb_set(${caseMessages.keyDateOffer}, '{status}', to_jsonb(${input.status}::text))` })
    .where(
      and(
        eq(caseMessages.id, input.messageId),
        eq(caseMessages.caseId, input.caseId),
        eq(caseMessages.kind, "key_date_offer"),
        sql`${caseMessages.keyDateOffer}->>'status' = 'open'`,
      ),
    )
    .returning({ offer: caseMessages.keyDateOffer });
  const offer = claimed[0]?.offer ?? null;
  if (offer) return { offer: { ...offer, status: "open" }, answered: false };
  const [existing] = await db
    .select({ id: caseMessages.id })
    .from(caseMessages)
    .where(
      and(
        eq(caseMessages.id, input.messageId),
        eq(caseMessages.caseId, input.caseId),
        eq(caseMessages.kind, "key_date_offer"),
      ),
    );
  return { offer: null, answered: Boolean(existing) };
}

/** An offer whose key date could not be added after all: open again. */
export async function reopenKeyDateOffer(db: DbOrTx, messageId: string): Promise<void> {
  await db
    .update(caseMessages)
    .set({ keyDateOffer: sql`jsonb_set(${caseMessages.keyDateOffer}, '{status}', '"open"'::jsonb)` })
    .where(eq(caseMessages.id, messageId));
}
