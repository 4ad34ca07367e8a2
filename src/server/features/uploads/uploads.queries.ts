import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { cases, documentPassages, documents, fileChunks, usageCounters } from "../../db/schema";
import { lockForTransaction } from "../../db/transaction-lock";

export type UploadRow = typeof documents.$inferSelect;

const UPLOADS_METRIC = "uploads";
const isUpload = eq(documents.type, "upload");

// ---------------------------------------------------------------- the monthly allowance

/**
 * Count one upload in `period` unless the member already has `limit` there (null: unlimited).
 * One statement, so two uploads at once cannot both take the last place. False when refused.
 */
export async function reserveUpload(
  db: DbOrTx,
  input: { userId: string; period: string; limit: number | null },
): Promise<boolean> {
  if (input.limit !== null && input.limit <= 0) return false;
  const rows = await db
    .insert(usageCounters)
    .values({ userId: input.userId, metric: UPLOADS_METRIC, period: input.period, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.metric, usageCounters.period],
      set: { count: sql`${usageCounters.count} + 1` },
      ...(input.limit === null ? {} : { setWhere: sql`${usageCounters.count} < ${input.limit}::int` }),
    })
    .returning({ count: usageCounters.count });
  return rows.length > 0;
}

/** Give a counted upload back (refused, interrupted, or removed before it was ever used). */
export async function releaseUpload(db: DbOrTx, userId: string, period: string): Promise<void> {
  await db
    .update(usageCounters)
    .set({ count: sql`greatest(${usageCounters.count} - 1, 0)` })
    .where(
      and(eq(usageCounters.userId, userId), eq(usageCounters.metric, UPLOADS_METRIC), eq(usageCounters.period, period)),
    );
}

/** The member's files still being received or read, counted up to `atMost`. */
export async function uploadsInFlight(db: DbOrTx, userId: string, atMost: number): Promise<number> {
  const inFlight = db
    .select({ id: documents.id })
    .from(documents)
    .where(and(isUpload, eq(documents.userId, userId), inArray(documents.status, ["uploading", "reading"])))
    .limit(atMost)
    .as("in_flight");
  const [row] = await db.select({ n: count() }).from(inFlight);
  return row?.n ?? 0;
}

export async function uploadsUsed(db: DbOrTx, userId: string, period: string): Promise<number> {
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(
      and(eq(usageCounters.userId, userId), eq(usageCounters.metric, UPLOADS_METRIC), eq(usageCounters.period, period)),
    );
  return row?.count ?? 0;
}

// ---------------------------------------------------------------- files

/**
 * Add a member's file being received, unless `maxInFlight` of theirs are already being received or
 * read (null then). The count and the insert hold the member's lock together, so uploads sent at
 * once, to any process, never pass the bound.
 */
export async function insertUploadInFlight(
  db: Db,
  row: Omit<typeof documents.$inferInsert, "type"> & { userId: string },
  maxInFlight: number,
): Promise<UploadRow | null> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, `uploads-in-flight:${row.userId}`);
    if ((await uploadsInFlight(tx, row.userId, maxInFlight)) >= maxInFlight) return null;
    const [created] = await tx
      .insert(documents)
      .values({ ...row, type: "upload" })
      .returning();
    if (!created) throw new Error("upload insert returned nothing");
    return created;
  });
}

export async function updateUpload(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof documents.$inferInsert>,
): Promise<UploadRow | null> {
  const [row] = await db
    .update(documents)
    .set(changes)
    .where(and(eq(documents.id, id), isUpload))
    .returning();
  return row ?? null;
}

/** A member's upload, whatever its state (null for anyone else's). */
export async function findOwnedUpload(db: DbOrTx, id: string, userId: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId), isUpload))
    .limit(1);
  return row ?? null;
}

/** Several of a member's uploads that have arrived whole (any other id is simply not returned). */
export async function findOwnedUploads(db: DbOrTx, ids: string[], userId: string): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(
      and(inArray(documents.id, ids), eq(documents.userId, userId), isUpload, sql`${documents.status} <> 'uploading'`),
    );
}

/**
 * A member's uploads with the title of their case, newest first (keyset pages); with `inCase`,
 * only that case's files, and with `unsent` too, only those not sent in a message yet.
 */
export function listUploadsPage(
  db: DbOrTx,
  userId: string,
  cursor: { ts: string; id: string } | null,
  limit: number,
  filter: { inCase: string | null; unsent: boolean } = { inCase: null, unsent: false },
) {
  return db
    .select({ row: documents, caseTitle: cases.title, cursorTs: sql<string>`${documents.createdAt}::text` })
    .from(documents)
    .leftJoin(cases, eq(cases.id, documents.caseId))
    .where(
      and(
        eq(documents.userId, userId),
        isUpload,
        sql`${documents.status} <> 'uploading'`,
        filter.inCase ? eq(documents.caseId, filter.inCase) : undefined,
        filter.inCase && filter.unsent ? isNull(documents.attachedAt) : undefined,
        cursor
          ? sql`(${documents.createdAt}, ${documents.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}

/** The title of a member's case, for the files filed under it. */
export async function caseTitleOf(db: DbOrTx, caseId: string | null): Promise<string | null> {
  if (!caseId) return null;
  const [row] = await db.select({ title: cases.title }).from(cases).where(eq(cases.id, caseId)).limit(1);
  return row?.title ?? null;
}

/** Remove an upload with its bytes and passages (they cascade). */
export async function deleteUpload(db: DbOrTx, id: string, userId: string): Promise<UploadRow | null> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId), isUpload))
    .returning();
  return row ?? null;
}

/** Bring uploads into a case (the first time they are sent there, they count as used). */
export async function attachUploads(db: DbOrTx, ids: string[], userId: string, caseId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(documents)
    .set({ caseId, attachedAt: sql`coalesce(${documents.attachedAt}, now())` })
    .where(and(inArray(documents.id, ids), eq(documents.userId, userId), isUpload));
}

/** Uploads that never arrived whole (their process stopped mid-upload), older than `before`. */
export async function deleteAbandonedUploads(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(documents)
    .where(and(isUpload, eq(documents.status, "uploading"), lt(documents.createdAt, before)))
    .returning({ id: documents.id });
  return rows.length;
}

// ---------------------------------------------------------------- bytes

// Bytes travel as base64 text that PostgreSQL decodes and encodes itself: the drivers' own bytea
// conversion (hex, a byte at a time in JavaScript) is several times slower on the embedded engine
// (decision 012; `npm run bench -- uploads`).

export async function insertChunk(db: DbOrTx, documentId: string, seq: number, data: Buffer): Promise<void> {
  await db
    .insert(fileChunks)
    .values({ documentId, seq, data: sql`decode(${data.toString("base64")}::text, 'base64')` });
}

export async function readChunk(db: DbOrTx, documentId: string, seq: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: sql<string>`encode(${fileChunks.data}, 'base64')` })
    .from(fileChunks)
    .where(and(eq(fileChunks.documentId, documentId), eq(fileChunks.seq, seq)));
  return row ? Buffer.from(row.data, "base64") : null;
}

export async function deleteChunks(db: DbOrTx, documentId: string): Promise<void> {
  await db.delete(fileChunks).where(eq(fileChunks.documentId, documentId));
}

export async function countChunkBytes(db: DbOrTx, documentId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(octet_length(${fileChunks.data})), 0)::text` })
    .from(fileChunks)
    .where(eq(fileChunks.documentId, documentId));
  return Number(row?.bytes ?? 0);
}

// ---------------------------------------------------------------- reading (text extraction)

/** A file waiting to be read (null once read, unreadable or removed). */
export async function findUploadToRead(db: DbOrTx, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(isUpload, eq(documents.id, id), eq(documents.status, "reading")));
  return row ?? null;
}

/**
 * A received file is whole: its size kept and its status `reading`, and `andThen` (its reading
 * job queued) in the same transaction, so a file being read always has a job. Null when the row
 * is gone (the upload was interrupted and removed).
 */
export async function markReceived(
  db: Db,
  id: string,
  sizeBytes: number,
  andThen: (tx: Tx) => Promise<unknown>,
): Promise<UploadRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(documents)
      .set({ status: "reading", sizeBytes })
      .where(eq(documents.id, id))
      .returning();
    if (!row) return null;
    await andThen(tx);
    return row;
  });
}

/** Files still `reading` that arrived before `before`: marked unreadable with `message`; their ids. */
export async function markStalledReadings(db: DbOrTx, before: Date, message: string): Promise<string[]> {
  const rows = await db
    .update(documents)
    .set({ status: "unreadable", statusMessage: message })
    .where(and(isUpload, eq(documents.status, "reading"), lt(documents.createdAt, before)))
    .returning({ id: documents.id });
  return rows.map((row) => row.id);
}

/** Store what was read: the passages, the text, and the file as ready, in one transaction. */
export async function storeReading(
  db: DbOrTx,
  documentId: string,
  result: { passages: Array<{ location: string; text: string }>; pageCount: number | null; text: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(documentPassages).where(eq(documentPassages.documentId, documentId));
    for (let i = 0; i < result.passages.length; i += 200) {
      await tx.insert(documentPassages).values(
        result.passages.slice(i, i + 200).map((p, j) => ({
          documentId,
          ord: i + j,
          location: p.location,
          content: p.text,
        })),
      );
    }
    await tx
      .update(documents)
      .set({
        status: "ready",
        statusMessage: null,
        extractedText: result.text,
        pageCount: result.pageCount,
      })
      .where(eq(documents.id, documentId));
  });
}

export async function markUnreadable(db: DbOrTx, documentId: string, message: string): Promise<void> {
  await db.update(documents).set({ status: "unreadable", statusMessage: message }).where(eq(documents.id, documentId));
}

export async function uploadStatus(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ status: documents.status }).from(documents).where(eq(documents.id, id));
  return row?.status ?? null;
}

export interface PassageHit {
  documentId: string;
  fileName: string;
  location: string;
  content: string;
}

/** Passages with the name of their file. */
const selectPassages = (db: DbOrTx) =>
  db
    .select({
      documentId: documentPassages.documentId,
      fileName: sql<string>`coalesce(${documents.fileName}, ${documents.title})`,
      location: documentPassages.location,
      content: documentPassages.content,
    })
    .from(documentPassages)
    .innerJoin(documents, eq(documents.id, documentPassages.documentId));

/** Every passage of one file, in order (analysis). */
export async function passagesOf(db: DbOrTx, documentId: string, limit: number): Promise<PassageHit[]> {
  return selectPassages(db)
    .where(eq(documentPassages.documentId, documentId))
    .orderBy(asc(documentPassages.ord))
    .limit(limit);
}

/**
 * The passages of a case's files that best match a question (PostgreSQL full-text search): any of
 * the question's words may match, the passages holding more of them, closer together, first.
 */
export async function searchCasePassages(
  db: DbOrTx,
  input: { caseId: string; userId: string; question: string; limit: number },
): Promise<PassageHit[]> {
  const query = sql`replace(plainto_tsquery('english', ${input.question})::text, '&', '|')::tsquery`;
  return selectPassages(db)
    .where(
      and(
        eq(documents.caseId, input.caseId),
        eq(documents.userId, input.userId),
        isUpload,
        sql`${documentPassages.search} @@ ${query}`,
      ),
    )
    .orderBy(sql`ts_rank_cd(${documentPassages.search}, ${query}) desc`, asc(documentPassages.ord))
    .limit(input.limit);
}
