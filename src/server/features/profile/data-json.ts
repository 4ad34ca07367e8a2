import { setImmediate } from "node:timers/promises";
import type { Db } from "../../db/client";
import type { ArchiveFile } from "./export-archive";
import {
  type ExportCursor,
  exportAccountRows,
  exportCasesPage,
  exportComparisonsPage,
  exportDocumentsPage,
  exportExtractedText,
  exportMessagesPage,
  exportReferralsPage,
} from "./profile-export.queries";

/**
 * `data.json` of the data export, written a piece at a time: the member's records in the order
 * of the old single-document export, each list read in keyset pages, so one page of rows (and one
 * document's extracted text) is held at a time. Uploaded files are not inlined: each upload names
 * the path of its bytes in the archive (`file.path`).
 */

/** Rows per statement: a page stays within a few megabytes at the longest texts the app accepts. */
export const EXPORT_PAGES = { cases: 200, messages: 100, documents: 50, referrals: 500, comparisons: 500 } as const;

const ABOUT =
  "All the data LawGuide holds about your account. Legal information, not legal advice. Questions: see the Privacy Policy. The files you uploaded are in the files folder of this archive, each named in documents[].file.path.";

const pad = (level: number) => "  ".repeat(level);

/**
 * A turn of the event loop between statements: the embedded engine answers without waiting for
 * I/O, so a long export would otherwise keep every other request waiting until it ends.
 */
const letOthersIn = () => setImmediate();

/** A value as indented JSON, starting at `level` (strings escape their own line breaks, so every one is structure). */
function json(value: unknown, level: number): string {
  const text = JSON.stringify(value ?? null, null, 2) ?? "null";
  return level === 0 ? text : text.replaceAll("\n", `\n${pad(level)}`);
}

/** `{` and the fields, without the closing brace (more fields may follow). */
function objectStart(fields: Record<string, unknown>, level: number): string {
  const lines = Object.entries(fields).map(
    ([key, value]) => `\n${pad(level + 1)}${JSON.stringify(key)}: ${json(value, level + 1)}`,
  );
  return `{${lines.join(",")}`;
}

/** A JSON array written as its items come. */
async function* list<T>(
  items: AsyncIterable<T>,
  level: number,
  render: (item: T, level: number) => string | AsyncIterable<string>,
): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const item of items) {
    yield `${first ? "" : ","}\n${pad(level + 1)}`;
    first = false;
    const out = render(item, level + 1);
    if (typeof out === "string") yield out;
    else yield* out;
  }
  yield first ? "]" : `\n${pad(level)}]`;
}

/** Every row of a keyset-paged list, a page at a time. */
async function* pages<T extends { id: string; cursorTs: string }>(
  read: (cursor: ExportCursor | null, limit: number) => Promise<T[]>,
  limit: number,
  signal: AbortSignal,
): AsyncGenerator<T> {
  let cursor: ExportCursor | null = null;
  while (!signal.aborted) {
    const rows = await read(cursor, limit);
    yield* rows;
    await letOthersIn();
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    cursor = { ts: last.cursorTs, id: last.id };
  }
}

async function* messagesOf(db: Db, caseId: string, signal: AbortSignal) {
  let afterSeq: number | null = null;
  while (!signal.aborted) {
    const rows = await exportMessagesPage(db, caseId, afterSeq, EXPORT_PAGES.messages);
    for (const { seq: _seq, ...message } of rows) yield message;
    await letOthersIn();
    const last = rows.at(-1);
    if (rows.length < EXPORT_PAGES.messages || !last) return;
    afterSeq = last.seq;
  }
}

export async function* dataJson(
  db: Db,
  userId: string,
  addFile: (file: ArchiveFile) => string,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const rows = await exportAccountRows(db, userId);
  const { profile, subscription } = rows;
  yield objectStart(
    {
      exportedAt: new Date().toISOString(),
      about: ABOUT,
      account: rows.account,
      profile: profile
        ? {
            firstName: profile.firstName,
            lastName: profile.lastName,
            phone: profile.phone,
            address: profile.address,
            profession: profile.profession,
            lastSignInAt: profile.lastSignInAt,
            termsAcceptedAt: profile.termsAcceptedAt,
            createdAt: profile.createdAt,
            updatedAt: profile.updatedAt,
          }
        : null,
      preferences: profile?.preferences ?? null,
    },
    0,
  );

  yield `,\n${pad(1)}"cases": `;
  yield* list(
    pages((cursor, limit) => exportCasesPage(db, userId, cursor, limit), EXPORT_PAGES.cases, signal),
    1,
    async function* (c, level) {
      yield objectStart(
        {
          id: c.id,
          title: c.title,
          description: c.description,
          status: c.status,
          category: c.category,
          complexity: c.complexity,
          estimatedValue: c.estimatedValue,
          assignedAttorney: c.assignedAttorney,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
        },
        level,
      );
      yield `,\n${pad(level + 1)}"messages": `;
      yield* list(messagesOf(db, c.id, signal), level + 1, json);
      yield `\n${pad(level)}}`;
    },
  );

  yield `,\n${pad(1)}"documents": `;
  yield* list(
    pages((cursor, limit) => exportDocumentsPage(db, userId, cursor, limit), EXPORT_PAGES.documents, signal),
    1,
    async function* (d, level) {
      const extractedText = d.hasExtractedText ? await exportExtractedText(db, d.id, userId) : null;
      const upload = d.type === "upload";
      // A file still arriving has no whole bytes to give.
      const file = upload ? (d.status === "uploading" ? null : { path: addFile(d) }) : undefined;
      yield json(
        {
          id: d.id,
          caseId: d.caseId,
          type: d.type,
          templateId: d.templateId,
          title: d.title,
          fileName: d.fileName,
          mimeType: d.mimeType,
          sizeBytes: d.sizeBytes,
          status: d.status,
          content: d.content,
          extractedText,
          analysis: d.analysis,
          createdAt: d.createdAt,
          ...(upload ? { file } : {}),
        },
        level,
      );
    },
  );

  yield `,\n${pad(1)}"documentDrafts": ${json(
    rows.drafts.map((d) => ({ templateId: d.templateId, answers: d.answers, step: d.step, updatedAt: d.updatedAt })),
    1,
  )}`;

  yield `,\n${pad(1)}"referrals": `;
  yield* list(
    pages((cursor, limit) => exportReferralsPage(db, userId, cursor, limit), EXPORT_PAGES.referrals, signal),
    1,
    ({ cursorTs: _ts, ...r }, level) => json(r, level),
  );

  yield `,\n${pad(1)}"comparisons": `;
  yield* list(
    pages((cursor, limit) => exportComparisonsPage(db, userId, cursor, limit), EXPORT_PAGES.comparisons, signal),
    1,
    ({ cursorTs: _ts, ...c }, level) => json(c, level),
  );

  const subscriptionFields = subscription
    ? {
        plan: subscription.plan,
        status: subscription.status,
        source: subscription.source,
        priceId: subscription.priceId,
        currentPeriodStart: subscription.currentPeriodStart,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        paymentMethodBrand: subscription.paymentMethodBrand,
        paymentMethodLast4: subscription.paymentMethodLast4,
      }
    : null;
  yield `,\n${pad(1)}"subscription": ${json(subscriptionFields, 1)}`;
  yield `,\n${pad(1)}"templatesBought": ${json(rows.templatesBought, 1)}`;
  yield `,\n${pad(1)}"signInHistory": ${json(rows.signIns, 1)}`;
  yield "\n}\n";
}
