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

/** Cases: create, list (keyset pages, counters on the row), open, archive, restore, refer. */
export function createCasesService(db: Db, run: RunPrepared, settings: SettingsService, logs: LogService) {
  const notFoundCase = () => notFound(CASE_TEXT.notFound);

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
          ? await listUsualCasesPage(run, user.id, query.cursor ?? null)
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
