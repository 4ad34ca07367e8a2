import type { Readable } from "node:stream";
import { ERROR_CODES } from "@shared/api-error";
import { PLANS } from "@shared/plans";
import type { Page } from "@shared/schemas/cases";
import { encodeListCursor, type ListCursor } from "@shared/schemas/text";
import {
  type ChatAttachment,
  type UploadAllowance,
  type UploadCreated,
  type UploadDetail,
  type UploadStatus,
  type UploadSummary,
  uploadFieldsSchema,
} from "@shared/schemas/uploads";
import type { SessionUser } from "@shared/session";
import {
  MAX_UPLOADS_IN_FLIGHT,
  sanitizeFileName,
  UPLOAD_MIME_TYPES,
  UPLOAD_TEXT,
  type UploadKind,
  uploadLimitBytes,
  uploadPeriod,
  uploadsPerMonth,
} from "@shared/uploads";
import type { DocumentPassage } from "../../ai/document-analysis";
import type { Db } from "../../db/client";
import { invalidInput, notFound, planLimit, tooManyRequests } from "../../lib/errors";
import type { SettingsService } from "../settings/settings.service";
import { SNIFF_BYTES, sniffKind, wordDocumentScanner } from "./file-kind";
import type { FileReading } from "./file-reading";
import type { FileStorage } from "./file-storage";
import {
  type FilePart,
  FileTooLargeError,
  receiveMultipart,
  tooLargeError,
  UploadInterruptedError,
  wrongTypeError,
} from "./receive-multipart";
import {
  attachUploads,
  caseTitleOf,
  deleteAbandonedUploads,
  deleteUpload,
  findOwnedUpload,
  findOwnedUploads,
  insertUploadInFlight,
  listUploadsPage,
  markReceived,
  type PassageHit,
  passagesOf,
  releaseUpload,
  reserveUpload,
  searchCasePassages,
  type UploadRow,
  updateUpload,
  uploadsInFlight,
  uploadsUsed,
} from "./uploads.queries";

/** A member's uploaded file as other features receive it from this service. */
export type UploadFile = UploadRow;

/** A file's text once it has been read: its passages, or why it has none. */
export type ReadFile = { ready: true; passages: DocumentPassage[] } | { ready: false; why: string };

/** Checks the case a file is brought into before a byte of it is stored; throws to refuse it. */
export type AuthorizeCase = (caseId: string) => Promise<unknown>;

const UPLOADS_PAGE_SIZE = 20;
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** 429: the member already has MAX_UPLOADS_IN_FLIGHT files being received or read. */
const tooManyReading = () =>
  tooManyRequests(ERROR_CODES.rateLimited, UPLOAD_TEXT.tooManyReading(MAX_UPLOADS_IN_FLIGHT), 10);

/** How long a file being read is waited for when its text is needed. */
const READING_WAIT_MS = 120_000;
/** Passages of a case's files given with a question. */
const QUESTION_PASSAGES = 4;

function summary(row: UploadRow, caseTitle: string | null): UploadSummary {
  const kind = (row.fileKind ?? "pdf") as UploadKind;
  return {
    id: row.id,
    fileName: row.fileName ?? row.title,
    kind,
    mimeType: row.mimeType ?? UPLOAD_MIME_TYPES[kind],
    sizeBytes: row.sizeBytes ?? 0,
    status: row.status as UploadStatus,
    statusMessage: row.statusMessage,
    caseId: row.caseId,
    caseTitle: row.caseId ? caseTitle : null,
    sentAt: row.attachedAt?.toISOString() ?? null,
    pageCount: row.pageCount,
    createdAt: row.createdAt.toISOString(),
    analysedAt: row.analysedAt?.toISOString() ?? null,
  };
}

const detail = (row: UploadRow, caseTitle: string | null): UploadDetail => ({
  ...summary(row, caseTitle),
  analysis: row.analysis,
});

export const toAttachment = (row: UploadRow): ChatAttachment => ({
  id: row.id,
  fileName: row.fileName ?? row.title,
  mimeType: row.mimeType ?? "application/octet-stream",
  sizeBytes: row.sizeBytes ?? 0,
});

const toPassage = (hit: PassageHit): DocumentPassage => ({
  document: hit.fileName,
  location: hit.location,
  text: hit.content,
});

/** The bytes of a file part, the first `SNIFF_BYTES` read ahead to tell its kind. */
async function readAhead(file: FilePart): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const rest = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const pieces: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await rest.next();
    if (next.done) break;
    pieces.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(pieces, length), rest };
}

/**
 * Members' files: received as they stream in (size checked while reading, kind from the bytes,
 * the monthly allowance counted in the database before a byte is read), kept in the file storage,
 * read in the background, and their passages searched when an analysis or a question needs them.
 * A file may be filed under a case; what a case is, and who may use it, is the caller's to check.
 */
export function createUploadsService(deps: {
  db: Db;
  storage: FileStorage;
  reading: Pick<FileReading, "queue" | "settled">;
  settings: SettingsService;
}) {
  const { db, storage, reading, settings } = deps;

  async function allowance(user: SessionUser): Promise<UploadAllowance> {
    const period = uploadPeriod(new Date());
    return { used: await uploadsUsed(db, user.id, period), limit: uploadsPerMonth(user.plan), period };
  }

  async function owned(user: SessionUser, id: string): Promise<UploadRow> {
    const row = await findOwnedUpload(db, id, user.id);
    if (!row || row.status === "uploading") throw notFound(UPLOAD_TEXT.notFound);
    return row;
  }

  /** Store one file part: its kind told from its first bytes, then every byte into the storage. */
  async function store(
    user: SessionUser,
    file: FilePart,
    rawName: string,
    caseId: string | null,
    period: string,
    created: { row: UploadRow | null },
  ): Promise<UploadRow> {
    const { head, rest } = await readAhead(file);
    const sniffed = await sniffKind(head);
    if (!sniffed) throw wrongTypeError();
    const kind: UploadKind = sniffed === "cfb" ? "doc" : sniffed;
    const scanner = sniffed === "cfb" ? wordDocumentScanner() : null;
    const fileName = sanitizeFileName(rawName);
    created.row = await insertUploadInFlight(
      db,
      {
        userId: user.id,
        caseId,
        title: fileName,
        fileName,
        fileKind: kind,
        mimeType: UPLOAD_MIME_TYPES[kind],
        status: "uploading",
        usagePeriod: period,
      },
      MAX_UPLOADS_IN_FLIGHT,
    );
    if (!created.row) throw tooManyReading();
    const id = created.row.id;
    async function* bytes() {
      scanner?.push(head);
      yield head;
      for (;;) {
        const next = await rest.next();
        if (next.done) return;
        if (file.truncated) throw new FileTooLargeError();
        scanner?.push(next.value);
        yield next.value;
      }
    }
    const size = await storage.write(id, bytes());
    if (file.truncated) throw new FileTooLargeError();
    if (scanner && !scanner.found) throw wrongTypeError();
    const row = await markReceived(db, id, size, (tx) => reading.queue(id, tx));
    if (!row) throw new UploadInterruptedError();
    return row;
  }

  return {
    allowance,

    /**
     * Receive one file (multipart/form-data, the file in a part named `file`, an optional
     * `caseId` field before it, which `authorizeCase` checks before a byte of the file is stored).
     * Refused: 413 too large (before a byte is read when the request says so), 415 not an accepted
     * kind, 402 over the monthly allowance, 404 unknown case (or whatever `authorizeCase` throws).
     * A refused or interrupted upload leaves no row, no bytes and no count behind.
     */
    async receive(
      user: SessionUser,
      request: { contentType: string | undefined; contentLength: string | undefined; body: Readable },
      authorizeCase: AuthorizeCase,
    ): Promise<UploadCreated> {
      const { general } = await settings.get();
      const maxMb = general.maxFileUploadSize;
      const maxBytes = uploadLimitBytes(maxMb);
      const contentType = request.contentType ?? "";
      if (!/^multipart\/form-data\s*;/i.test(contentType)) throw invalidInput(UPLOAD_TEXT.noFile);
      if (request.contentLength !== undefined) {
        const length = Number(request.contentLength);
        if (!Number.isSafeInteger(length) || length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLargeError(maxMb);
      }
      // Refused at once when ten are in flight; the place itself is taken with the file's row.
      if ((await uploadsInFlight(db, user.id, MAX_UPLOADS_IN_FLIGHT)) >= MAX_UPLOADS_IN_FLIGHT) throw tooManyReading();
      const limit = uploadsPerMonth(user.plan);
      const period = uploadPeriod(new Date());
      if (!(await reserveUpload(db, { userId: user.id, period, limit }))) {
        throw planLimit(UPLOAD_TEXT.allowanceReached(limit ?? 0, PLANS[user.plan].name));
      }
      const created: { row: UploadRow | null } = { row: null };
      try {
        const { result } = await receiveMultipart({
          contentType,
          body: request.body,
          maxFileBytes: maxBytes,
          onFile: async (file, rawName, fields) => {
            const parsed = uploadFieldsSchema.safeParse({ caseId: fields.caseId?.trim() || undefined });
            if (!parsed.success) throw notFound(parsed.error.issues[0]?.message);
            const caseId = parsed.data.caseId ?? null;
            if (caseId) await authorizeCase(caseId);
            return store(user, file, rawName, caseId, period, created);
          },
        });
        return {
          upload: summary(result, await caseTitleOf(db, result.caseId)),
          allowance: await allowance(user),
        };
      } catch (error) {
        if (created.row) await deleteUpload(db, created.row.id, user.id).catch(() => {});
        await releaseUpload(db, user.id, period).catch(() => {});
        if (error instanceof FileTooLargeError) throw tooLargeError(maxMb);
        if (error instanceof UploadInterruptedError) throw invalidInput(UPLOAD_TEXT.interrupted);
        throw error;
      }
    },

    /**
     * A page of the member's files; with `inCase`, one case's files, and with `unsent` too, those
     * waiting in its message box (received, not sent yet).
     */
    async list(
      user: SessionUser,
      cursor: ListCursor | null,
      filter: { inCase: string | null; unsent: boolean } = { inCase: null, unsent: false },
    ): Promise<Page<UploadSummary>> {
      const rows = await listUploadsPage(db, user.id, cursor, UPLOADS_PAGE_SIZE + 1, filter);
      const page = rows.slice(0, UPLOADS_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => summary(r.row, r.caseTitle)),
        nextCursor:
          rows.length > UPLOADS_PAGE_SIZE && last ? encodeListCursor({ ts: last.cursorTs, id: last.row.id }) : null,
      };
    },

    async get(user: SessionUser, id: string): Promise<UploadDetail> {
      const row = await owned(user, id);
      return detail(row, await caseTitleOf(db, row.caseId));
    },

    /** The file's bytes for download, streamed from the storage. */
    async download(user: SessionUser, id: string) {
      const row = await owned(user, id);
      return { upload: summary(row, null), bytes: storage.read(row.id) };
    },

    /**
     * Remove a file with its bytes and text. The month's allowance counts files received, whatever
     * became of them: a removed file is not given back (it was stored and read all the same).
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      const row = await deleteUpload(db, id, user.id);
      if (!row || row.status === "uploading") throw notFound(UPLOAD_TEXT.notFound);
    },

    /**
     * The member's file's passages (at most `limit`) once it has been read, waiting for its reading
     * to end (2 minutes at most); or why it has none (still being read, or no readable text).
     */
    async whenRead(user: SessionUser, id: string, options: { limit: number; signal?: AbortSignal }): Promise<ReadFile> {
      const status = await reading.settled(id, READING_WAIT_MS, options.signal);
      // Read again as it is now, and only if it is the member's (a file removed meanwhile has no text).
      const fresh = await findOwnedUpload(db, id, user.id);
      if (status !== "ready" || !fresh) {
        const why = status === "reading" ? UPLOAD_TEXT.stillReading : (fresh?.statusMessage ?? UPLOAD_TEXT.unreadable);
        return { ready: false, why };
      }
      return { ready: true, passages: (await passagesOf(db, id, options.limit)).map(toPassage) };
    },

    /** Keep a file's analysis with it (shown again without analysing it again). */
    async keepAnalysis(user: SessionUser, id: string, analysis: string): Promise<UploadDetail> {
      const row = await owned(user, id);
      const updated = await updateUpload(db, row.id, { analysis, analysedAt: new Date() });
      return detail(updated ?? row, await caseTitleOf(db, row.caseId));
    },

    /** The member's files for a message (404 for any id that is not theirs). */
    async forMessage(user: SessionUser, ids: string[]): Promise<UploadRow[]> {
      const unique = [...new Set(ids)];
      const rows = await findOwnedUploads(db, unique, user.id);
      if (rows.length !== unique.length) throw notFound(UPLOAD_TEXT.notFound);
      return unique.map((id) => rows.find((r) => r.id === id) as UploadRow);
    },

    attach: (user: SessionUser, ids: string[], caseId: string) => attachUploads(db, ids, user.id, caseId),

    /** The passages of a case's files that best answer a question (none when it has no files). */
    async passagesFor(user: SessionUser, caseId: string, question: string): Promise<DocumentPassage[]> {
      if (!question.trim()) return [];
      const hits = await searchCasePassages(db, { caseId, userId: user.id, question, limit: QUESTION_PASSAGES });
      return hits.map(toPassage);
    },

    /** Uploads whose process stopped before the file arrived whole, an hour on: rows and bytes. */
    forgetAbandoned: () => deleteAbandonedUploads(db, new Date(Date.now() - 3_600_000)),

    toAttachment,
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
