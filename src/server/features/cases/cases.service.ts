import { ERROR_CODES } from "@shared/api-error";
import { CASES_PAGE_SIZE } from "@shared/chat";
import { NEW_CASE } from "@shared/constants";
import { CASE_TEXT } from "@shared/messages";
import type { CaseDetail, CaseSummary, Page } from "@shared/schemas/cases";
import { encodeListCursor, type ListCursor } from "@shared/schemas/text";
import type { SessionUser } from "@shared/session";
import type { Db } from "../../db/client";
import type { RunPrepared } from "../../db/prepared";
import { ApiError, conflict, notFound } from "../../lib/errors";
import type { MemberCache } from "../../lib/member-cache";
import type { Actor, LogService } from "../logs/logs.service";
import type { ReferralMails } from "../mail/account-mails";
import type { SettingsService } from "../settings/settings.service";
import { replyingChangesAt, toCaseDetail, toCaseSummary } from "./cases.mappers";
import {
  type CaseRow,
  findNewestUntouchedCase,
  findOwnedCase,
  insertCase,
  listCasesPage,
  listUsualCasesPage,
  referCase,
  updateCaseStatus,
} from "./cases.queries";

/** A member's first page of cases as kept: its rows, and the answer made from them while it holds. */
export interface KeptCasesPage {
  readonly rows: Awaited<ReturnType<typeof listUsualCasesPage>>;
  answer?: { responseTimeout: number; until: number; json: string };
}

/** Up to `limit` of the rows (one more was read: whether a next page follows) as the list's page. */
function pageOf(
  rows: Array<{ row: CaseRow; cursorTs: string }>,
  limit: number,
  responseTimeout: number,
): Page<CaseSummary> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toCaseSummary(r.row, responseTimeout)),
    nextCursor: rows.length > limit && last ? encodeListCursor({ ts: last.cursorTs, id: last.row.id }) : null,
  };
}

/** How long a kept first page may go unread before it is read again (it is dropped on any change). */
const FIRST_PAGE_KEPT_MS = 60 * 60_000;

/**
 * Cases: create, list (keyset pages, counters on the row), open, archive, restore, refer.
 * `firstPages`, when given, keeps the first page of each member's list (the page every visit to
 * the dashboard reads), forgotten by the database's announcement of any change to their cases.
 */
export function createCasesService(
  db: Db,
  run: RunPrepared,
  settings: SettingsService,
  logs: LogService,
  options: {
    firstPages?: MemberCache<KeptCasesPage> | null;
    /** The mails of a referral request (to the member and the administrators). */
    referralMails?: ReferralMails;
    publicUrl?: string;
  } = {},
) {
  const notFoundCase = () => notFound(CASE_TEXT.notFound);
  const firstPages = options.firstPages ?? null;

  /** The member's first page from memory, read and kept when it is not there. */
  async function keptFirstPage(userId: string, cache: MemberCache<KeptCasesPage>): Promise<KeptCasesPage> {
    const kept = cache.get(userId);
    if (kept) return kept;
    const generation = cache.generation();
    const page: KeptCasesPage = { rows: await listUsualCasesPage(run, userId, null) };
    cache.set(userId, { userId, expiresAt: new Date(Date.now() + FIRST_PAGE_KEPT_MS), value: page }, generation);
    return page;
  }

  type ListQuery = { cursor?: ListCursor | undefined; limit?: number | undefined; q?: string | undefined };

  /** A page of the member's cases; `q` keeps those whose title or description contains it. */
  async function list(user: SessionUser, query: ListQuery): Promise<Page<CaseSummary>> {
    const { ai } = await settings.get();
    const limit = query.limit ?? CASES_PAGE_SIZE;
    const usual = limit === CASES_PAGE_SIZE && !query.q;
    const rows = !usual
      ? await listCasesPage(db, user.id, query.cursor ?? null, limit + 1, query.q || undefined)
      : query.cursor || !firstPages
        ? await listUsualCasesPage(run, user.id, query.cursor ?? null)
        : (await keptFirstPage(user.id, firstPages)).rows;
    return pageOf(rows, limit, ai.responseTimeout);
  }

  return {
    list,

    /**
     * `list`'s answer as JSON text. The first page, when kept, is written once and sent again
     * until a case in it stops counting as replying (or the response timeout changes): mapping
     * and writing twenty cases were most of what was left of the request.
     */
    async listJson(user: SessionUser, query: ListQuery): Promise<string> {
      if (!firstPages || query.cursor || query.q || (query.limit ?? CASES_PAGE_SIZE) !== CASES_PAGE_SIZE) {
        return JSON.stringify(await list(user, query));
      }
      const kept = await keptFirstPage(user.id, firstPages);
      const { responseTimeout } = (await settings.get()).ai;
      const now = Date.now();
      const answer = kept.answer;
      if (answer && answer.responseTimeout === responseTimeout && now < answer.until) return answer.json;
      const json = JSON.stringify(pageOf(kept.rows, CASES_PAGE_SIZE, responseTimeout));
      const until = replyingChangesAt(
        kept.rows.map((r) => r.row),
        responseTimeout,
        now,
      );
      kept.answer = { responseTimeout, until, json };
      return json;
    },

    /**
     * A new case; or, for New Chat (no title, no description), the member's newest case that is
     * still untouched, so that clicking New Chat again does not pile up empty cases. `created`
     * says which.
     */
    async create(
      user: SessionUser,
      input: { title?: string | undefined; description?: string | undefined },
      actor: Actor,
    ): Promise<{ detail: CaseDetail; created: boolean }> {
      const { ai } = await settings.get();
      if (input.title === undefined && input.description === undefined) {
        const untouched = await findNewestUntouchedCase(db, user.id, NEW_CASE);
        if (untouched) return { detail: toCaseDetail(untouched, user.plan, ai), created: false };
      }
      const row = await insertCase(db, {
        userId: user.id,
        title: input.title ?? NEW_CASE.title,
        description: input.description ?? NEW_CASE.description,
      });
      await logs.app({ ...actor, category: "case", message: "Case created", metadata: { caseId: row.id } });
      return { detail: toCaseDetail(row, user.plan, ai), created: true };
    },

    async get(user: SessionUser, caseId: string): Promise<CaseDetail> {
      const row = await findOwnedCase(db, caseId, user.id);
      if (!row) throw notFoundCase();
      const { ai } = await settings.get();
      return toCaseDetail(row, user.plan, ai);
    },

    async archive(user: SessionUser, caseId: string, actor: Actor): Promise<CaseSummary> {
      const row = await updateCaseStatus(db, caseId, user.id, "archived", ["active", "referred"]);
      if (!row) {
        if (!(await findOwnedCase(db, caseId, user.id))) throw notFoundCase();
        throw conflict(CASE_TEXT.alreadyArchived);
      }
      await logs.app({ ...actor, category: "case", message: "Case archived", metadata: { caseId } });
      return toCaseSummary(row, (await settings.get()).ai.responseTimeout);
    },

    async restore(user: SessionUser, caseId: string, actor: Actor): Promise<CaseSummary> {
      const row = await updateCaseStatus(db, caseId, user.id, "active", ["archived"]);
      if (!row) {
        if (!(await findOwnedCase(db, caseId, user.id))) throw notFoundCase();
        throw conflict(CASE_TEXT.notArchived);
      }
      await logs.app({ ...actor, category: "case", message: "Case restored", metadata: { caseId } });
      return toCaseSummary(row, (await settings.get()).ai.responseTimeout);
    },

    /** Spec section 4 'Referral': the case becomes referred and a pending referral is recorded, together. */
    async refer(user: SessionUser, caseId: string, actor: Actor) {
      const result = await referCase(db, caseId, user.id);
      if (!result) {
        const existing = await findOwnedCase(db, caseId, user.id);
        if (!existing) throw notFoundCase();
        throw new ApiError(
          409,
          ERROR_CODES.conflict,
          existing.status === "referred"
            ? "This case has already been referred to an attorney."
            : "Archived cases cannot be referred. Restore the case first.",
        );
      }
      await logs.app({
        ...actor,
        category: "case",
        message: "Attorney referral requested",
        metadata: { caseId, referralId: result.referral?.id },
      });
      await options.referralMails?.requested(user, {
        kind: "case",
        title: result.row.title,
        link: `${options.publicUrl ?? ""}/dashboard/case/${caseId}`,
      });
      return {
        case: toCaseSummary(result.row, (await settings.get()).ai.responseTimeout),
        referral: { id: result.referral?.id ?? "", status: result.referral?.status ?? "pending" },
        message: CASE_TEXT.referralSuccess,
      };
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
