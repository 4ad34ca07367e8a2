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
import type { SettingsService } from "../settings/settings.service";
import { toCaseDetail, toCaseSummary } from "./cases.mappers";
import {
  findOwnedCase,
  insertCase,
  listCasesPage,
  listUsualCasesPage,
  referCase,
  updateCaseStatus,
} from "./cases.queries";

/** The first page of a member's cases list as read from the database. */
export type CasesFirstPage = Awaited<ReturnType<typeof listUsualCasesPage>>;

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
  options: { firstPages?: MemberCache<CasesFirstPage> | null } = {},
) {
  const notFoundCase = () => notFound(CASE_TEXT.notFound);
  const firstPages = options.firstPages ?? null;

  /** The usual page after `cursor`, or the first one from memory when it is kept. */
  async function usualPage(userId: string, cursor: ListCursor | null): Promise<CasesFirstPage> {
    if (cursor || !firstPages) return listUsualCasesPage(run, userId, cursor);
    const kept = firstPages.get(userId);
    if (kept) return kept;
    const generation = firstPages.generation();
    const page = await listUsualCasesPage(run, userId, null);
    firstPages.set(userId, { userId, expiresAt: new Date(Date.now() + FIRST_PAGE_KEPT_MS), value: page }, generation);
    return page;
  }

  return {
    async create(
      user: SessionUser,
      input: { title?: string | undefined; description?: string | undefined },
      actor: Actor,
    ) {
      const row = await insertCase(db, {
        userId: user.id,
        title: input.title ?? NEW_CASE.title,
        description: input.description ?? NEW_CASE.description,
      });
      await logs.app({ ...actor, category: "case", message: "Case created", metadata: { caseId: row.id } });
      const { ai } = await settings.get();
      return toCaseDetail(row, user.plan, ai);
    },

    /** A page of the member's cases; `q` keeps those whose title or description contains it. */
    async list(
      user: SessionUser,
      query: { cursor?: ListCursor | undefined; limit?: number | undefined; q?: string | undefined },
    ): Promise<Page<CaseSummary>> {
      const { ai } = await settings.get();
      const limit = query.limit ?? CASES_PAGE_SIZE;
      const rows =
        limit === CASES_PAGE_SIZE && !query.q
          ? await usualPage(user.id, query.cursor ?? null)
          : await listCasesPage(db, user.id, query.cursor ?? null, limit + 1, query.q || undefined);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => toCaseSummary(r.row, ai.responseTimeout)),
        nextCursor: rows.length > limit && last ? encodeListCursor({ ts: last.cursorTs, id: last.row.id }) : null,
      };
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
      return {
        case: toCaseSummary(result.row, (await settings.get()).ai.responseTimeout),
        referral: { id: result.referral?.id ?? "", status: result.referral?.status ?? "pending" },
        message: CASE_TEXT.referralSuccess,
      };
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
