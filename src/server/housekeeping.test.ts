import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { UPLOAD_TEXT } from "@shared/uploads";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storedUpload } from "../../tests/factories/members";
import { setupTestApp } from "../../tests/factories/test-app";
import { documents, loginAttempts, mailSends, rateCounters, usedUnsubscribeLinks } from "./db/schema";
import { HOUSEKEEPING_QUEUE, houseKeepOnce, scheduleHousekeeping } from "./housekeeping";
import { createJobQueue, JOBS_SCHEMA } from "./lib/jobs";
import { createLogger } from "./lib/logger";

const t = setupTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

function jobsOf() {
  return {
    forgetStaleLoginAttempts: () => t.services.accounts.lockout.forgetStale(),
    forgetOldRateWindows: () => t.services.usage.forgetOldWindows(),
    remindEndingTrials: () => t.services.billing.remindEndingTrials(),
    forgetAbandonedUploads: () => t.services.uploads.forgetAbandoned(),
    markStalledReadings: () => t.services.fileReading.markStalled(),
    forgetOldMailRecords: () => t.services.mailer.forgetOldRecords(),
  };
}

describe("housekeeping", () => {
  it("forgets sign-in rows that can no longer lock anyone, and keeps the rest", async () => {
    const db = t.services.db;
    await db.insert(loginAttempts).values([
      // Gone: an old failure, no lock, no recent success.
      { email: "a@example.com", client: "1.1.1.1", failedCount: 2, lastFailedAt: ago(2 * DAY) },
      // Kept: a lock still in force.
      {
        email: "b@example.com",
        client: "2.2.2.2",
        failedCount: 5,
        lastFailedAt: ago(2 * DAY),
        lockedUntil: new Date(Date.now() + HOUR),
      },
      // Kept: a failure within the day (it still counts toward a lock).
      { email: "c@example.com", client: "3.3.3.3", failedCount: 3, lastFailedAt: ago(HOUR) },
      // Kept: an address the owner signed in from last week (it stays known for 30 days).
      { email: "d@example.com", client: "4.4.4.4", failedCount: 0, lastSuccessAt: ago(7 * DAY) },
      // Gone: an address last used by the owner 40 days ago.
      { email: "e@example.com", client: "5.5.5.5", failedCount: 0, lastSuccessAt: ago(40 * DAY) },
    ]);
    await db.insert(rateCounters).values([
      { key: "signup:old", windowStart: ago(2 * DAY), count: 3 },
      { key: "signup:now", windowStart: ago(HOUR), count: 3 },
    ]);

    await houseKeepOnce(jobsOf(), t.services.logger);

    const left = (await db.select().from(loginAttempts)).map((r) => r.email).sort();
    expect(left).toEqual(["b@example.com", "c@example.com", "d@example.com"]);
    expect((await db.select().from(rateCounters)).map((r) => r.key)).toEqual(["signup:now"]);
  });

  it("forgets mail send records older than any job, and unsubscribe links past their expiry", async () => {
    const { id } = await t.member();
    const [oldSend, newSend] = [randomUUID(), randomUUID()];
    await t.services.db.insert(mailSends).values([
      { jobId: oldSend, sentAt: ago(40 * DAY) },
      { jobId: newSend, sentAt: ago(DAY) },
    ]);
    await t.services.db.insert(usedUnsubscribeLinks).values([
      { nonce: "expired", userId: id, expiresAt: ago(HOUR) },
      { nonce: "current", userId: id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    await houseKeepOnce(jobsOf(), t.services.logger);
    expect((await t.services.db.select().from(mailSends)).map((r) => r.jobId)).not.toContain(oldSend);
    expect((await t.services.db.select().from(mailSends)).map((r) => r.jobId)).toContain(newSend);
    expect((await t.services.db.select().from(usedUnsubscribeLinks)).map((r) => r.nonce)).toEqual(["current"]);
  });

  it("says a file is unreadable when every try to read it was lost with its process", async () => {
    const { id } = await t.member();
    const stalled = await storedUpload(t, { userId: id, fileName: "lost.pdf", bytes: new Uint8Array([1]) });
    const fresh = await storedUpload(t, { userId: id, fileName: "fresh.pdf", bytes: new Uint8Array([1]) });
    await t.services.db
      .update(documents)
      .set({ status: "reading", createdAt: ago(2 * HOUR) })
      .where(eq(documents.id, stalled));
    await t.services.db.update(documents).set({ status: "reading" }).where(eq(documents.id, fresh));
    await houseKeepOnce(jobsOf(), t.services.logger);
    const rows = await t.services.db.select().from(documents).where(eq(documents.userId, id));
    expect(rows.find((r) => r.id === stalled)).toMatchObject({
      status: "unreadable",
      statusMessage: UPLOAD_TEXT.unreadable,
    });
    expect(rows.find((r) => r.id === fresh)?.status).toBe("reading");
  });

  it("runs as a job of the queue: hourly on a schedule, and once at start", async () => {
    const queue = createJobQueue(t.services.database, t.services.logger, { pollingIntervalSeconds: 0.5 });
    let runs = 0;
    const now = scheduleHousekeeping(
      queue,
      { ...jobsOf(), remindEndingTrials: async () => (runs += 1) },
      t.services.logger,
    );
    await queue.start();
    try {
      await now();
      const until = Date.now() + 10_000;
      while (runs === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(runs).toBe(1);
      const schedules = await t.services.database.query(
        `select name, cron, timezone from ${JOBS_SCHEMA}.schedule where name = $1`,
        [HOUSEKEEPING_QUEUE],
      );
      expect(schedules.rows).toEqual([{ name: HOUSEKEEPING_QUEUE, cron: "7 * * * *", timezone: "UTC" }]);
    } finally {
      await queue.stop(1_000);
    }
  });

  it("logs a failing job and still runs the others", async () => {
    await t.services.db.insert(rateCounters).values({ key: "old", windowStart: ago(2 * DAY), count: 1 });
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    await houseKeepOnce(
      {
        forgetStaleLoginAttempts: () => Promise.reject(new Error("connection lost")),
        forgetOldRateWindows: () => t.services.usage.forgetOldWindows(),
        remindEndingTrials: () => Promise.resolve(0),
        forgetAbandonedUploads: () => Promise.resolve(0),
        markStalledReadings: () => Promise.resolve(0),
        forgetOldMailRecords: () => Promise.resolve(),
      },
      logger,
    );
    expect(lines.join("")).toContain("housekeeping job failed");
    expect(lines.join("")).toContain("forgetStaleLoginAttempts");
    expect(await t.services.db.select().from(rateCounters)).toEqual([]);
  });
});
