import { ERROR_CODES } from "@shared/api-error";
import { MAX_UPLOADS_IN_FLIGHT } from "@shared/uploads";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/factories/test-app";
import { tinyPng, upload } from "../../../../tests/factories/uploads";
import { documents, usageCounters } from "../../db/schema";
import { READ_UPLOAD_JOB } from "./file-reading";

/**
 * A member's files being received or read are bounded (MAX_UPLOADS_IN_FLIGHT) however many are
 * sent at once: the place is taken with the file's row, under the member's lock, so uploads
 * racing each other (on PostgreSQL too, with DATABASE_URL) never pass it. The reading is stopped
 * here, so every file accepted stays in flight while the test looks.
 */
const t = setupTestApp();

describe("uploads sent at once", () => {
  it(`never has more than ${MAX_UPLOADS_IN_FLIGHT} of a member's files in flight, of 25 sent at once`, async () => {
    await t.services.jobs.stopWorking(READ_UPLOAD_JOB);
    const { client, id } = await t.member({ premium: true });
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => upload(client, `p${i}.png`, tinyPng())));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_UPLOADS_IN_FLIGHT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - MAX_UPLOADS_IN_FLIGHT);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.rateLimited);
    }
    const inFlight = await t.services.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, id), inArray(documents.status, ["uploading", "reading"])));
    expect(inFlight).toHaveLength(MAX_UPLOADS_IN_FLIGHT);
    // A refused file leaves nothing behind: no row (above), and no count of the month's uploads.
    const [counter] = await t.services.db.select().from(usageCounters).where(eq(usageCounters.userId, id));
    expect(counter?.count ?? 0).toBe(MAX_UPLOADS_IN_FLIGHT);
  });
});
