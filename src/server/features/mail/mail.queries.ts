import { desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailOutbox, mailSends } from "../../db/schema";

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
