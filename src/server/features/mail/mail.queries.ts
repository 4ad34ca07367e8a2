import { desc, eq, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { mailOutbox, mailSends, usedUnsubscribeLinks, userProfiles } from "../../db/schema";

export async function insertOutboxMail(db: DbOrTx, mail: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export function listOutboxMail(db: DbOrTx, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** Whether the mail of this job was already handed on (a try after a crash must not send it again). */
export async function mailAlreadySent(db: DbOrTx, jobId: string): Promise<boolean> {
  const rows = await db.select({ jobId: mailSends.jobId }).from(mailSends).where(eq(mailSends.jobId, jobId));
  return rows.length > 0;
}

export async function recordMailSent(db: DbOrTx, jobId: string): Promise<void> {
  await db.insert(mailSends).values({ jobId }).onConflictDoNothing();
}

/** Records of sends older than any job that could still be tried again (jobs are kept 30 days). */
export function forgetOldMailSends(db: DbOrTx, before: Date) {
  return db.delete(mailSends).where(lt(mailSends.sentAt, before));
}

/** Keep a mail in the outbox and record it as sent, together (a try run again finds it sent). */
export async function keepInOutbox(db: Db, mail: typeof mailOutbox.$inferInsert, jobId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await insertOutboxMail(tx, mail);
    await recordMailSent(tx, jobId);
  });
}

/** Whether this unsubscribe link was already followed. */
export async function unsubscribeLinkUsed(db: DbOrTx, nonce: string): Promise<boolean> {
  const rows = await db
    .select({ nonce: usedUnsubscribeLinks.nonce })
    .from(usedUnsubscribeLinks)
    .where(eq(usedUnsubscribeLinks.nonce, nonce));
  return rows.length > 0;
}

/**
 * Follow an unsubscribe link: the link is spent and the member's notification and marketing
 * e-mails go off, together. "invalid" when the member no longer exists, "used" when spent before.
 */
export function spendUnsubscribeLink(
  db: Db,
  link: { userId: string; nonce: string; expiresAt: Date },
): Promise<"unsubscribed" | "used" | "invalid"> {
  return db.transaction(async (tx) => {
    const member = await tx
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.id, link.userId))
      .for("update");
    if (member.length === 0) return "invalid";
    const spent = await tx
      .insert(usedUnsubscribeLinks)
      .values(link)
      .onConflictDoNothing()
      .returning({ nonce: usedUnsubscribeLinks.nonce });
    if (spent.length === 0) return "used";
    await tx
      .update(userProfiles)
      .set({
        preferences: sql`${userProfiles.preferences} || '{"emailNotifications": false, "marketingEmails": false}'::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(userProfiles.id, link.userId));
    return "unsubscribed";
  });
}

/** Used links past their expiry can never be presented again. */
export function forgetExpiredUnsubscribeLinks(db: DbOrTx) {
  return db.delete(usedUnsubscribeLinks).where(lt(usedUnsubscribeLinks.expiresAt, new Date()));
}
