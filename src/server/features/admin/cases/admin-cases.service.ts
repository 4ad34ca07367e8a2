import type { CaseStatus } from "@shared/constants";
import { CASE_TEXT } from "@shared/messages";
import { ADMIN_PAGE_SIZE } from "@shared/schemas/admin";
import {
  ADMIN_CASE_MESSAGES_PAGE_SIZE,
  ADMIN_CASES_TEXT,
  type AdminCase,
  type AdminCaseList,
  type AdminCaseMessagePage,
  type AdminCaseStats,
  type AdminCaseUpdate,
} from "@shared/schemas/admin-cases";
import type { Db } from "../../../db/client";
import { invalidInput, notFound } from "../../../lib/errors";
import { describeFault, type Logger } from "../../../lib/logger";
import type { Actor, LogService } from "../../logs/logs.service";
import type { MemberNotifier } from "../../mail/notify-member";
import { attorneyAssignedMail, caseStatusMail } from "../../mail/templates";
import {
  type AdminCaseFilter,
  type AdminCaseRecord,
  type CaseChange,
  type CaseRow,
  caseExists,
  changeCaseWithAudit,
  countCaseStats,
  findAdminCase,
  findAttorney,
  listAdminCases,
  listCaseMessagesAfter,
} from "./admin-cases.queries";

const CASE_NOT_FOUND = CASE_TEXT.notFound;

function toAdminCase(row: AdminCaseRecord): AdminCase {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    complexity: row.complexity,
    estimatedValue: row.estimatedValue,
    status: row.status,
    assignedAttorney: row.assignedAttorney,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
  };
}

const CHANGEABLE = ["status", "complexity", "estimatedValue", "assignedAttorney"] as const;

/** The fields of `set` whose value differs from the case's, with their old and new values. */
function differences(old: CaseRow, set: CaseChange) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of CHANGEABLE) {
    if (!(key in set)) continue;
    const next = set[key] ?? null;
    if (next === (old[key] ?? null)) continue;
    oldValues[key] = old[key] ?? null;
    newValues[key] = next;
  }
  return Object.keys(newValues).length > 0 ? { oldValues, newValues } : null;
}

/**
 * Every member's cases for administrators (spec section 2 'Cases', section 4 'Case status'):
 * the searched and filtered list, the tiles, a case and its messages, and the changes an
 * administrator makes (status, complexity, estimated value, assigned attorney), each audited.
 * Assigning an attorney refers the case and tells its member by mail when the settings and the
 * member's preferences allow.
 */
export function createAdminCasesService(deps: {
  db: Db;
  logs: LogService;
  notifier: MemberNotifier;
  logger: Logger;
  publicUrl: string;
}) {
  const { db, logs, notifier, logger, publicUrl } = deps;

  async function read(caseId: string): Promise<AdminCase> {
    const row = await findAdminCase(db, caseId);
    if (!row) throw notFound(CASE_NOT_FOUND);
    return toAdminCase(row);
  }

  /** Mail the member that an attorney now has their case, when the settings and their preferences allow. */
  async function attorneyMail(caseRow: CaseRow, attorney: string) {
    try {
      await notifier.notifyMember(caseRow.userId, "caseUpdate", (member, { general }, unsubscribeUrl) =>
        attorneyAssignedMail(general, {
          firstName: member.firstName,
          attorney,
          about: `your case "${caseRow.title}"`,
          link: `${publicUrl}/dashboard/case/${caseRow.id}`,
          unsubscribeUrl,
        }),
      );
    } catch (error) {
      logger.warn({ fault: describeFault(error), caseId: caseRow.id }, "attorney assignment mail not sent");
    }
  }

  /** Mail the member that an administrator changed their case's status, when allowed. */
  async function statusMail(caseRow: CaseRow) {
    try {
      await notifier.notifyMember(caseRow.userId, "caseUpdate", (member, { general }, unsubscribeUrl) =>
        caseStatusMail(general, {
          firstName: member.firstName,
          caseTitle: caseRow.title,
          status: CASE_STATUS_WORDS[caseRow.status as CaseStatus] ?? caseRow.status,
          link: `${publicUrl}/dashboard/case/${caseRow.id}`,
          unsubscribeUrl,
        }),
      );
    } catch (error) {
      logger.warn({ fault: describeFault(error), caseId: caseRow.id }, "case status mail not sent");
    }
  }

  return {
    async list(query: AdminCaseFilter & { page: number }): Promise<AdminCaseList> {
      const { rows, total } = await listAdminCases(
        db,
        { q: query.q || undefined, status: query.status, complexity: query.complexity },
        { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE },
      );
      return { cases: rows.map(toAdminCase), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    stats: (): Promise<AdminCaseStats> => countCaseStats(db),

    get: read,

    /** A page of the case's messages, oldest first, after `cursor` (the last page's `nextCursor`). */
    async messages(caseId: string, cursor: number | undefined): Promise<AdminCaseMessagePage> {
      if (!(await caseExists(db, caseId))) throw notFound(CASE_NOT_FOUND);
      const rows = await listCaseMessagesAfter(db, caseId, cursor ?? null, ADMIN_CASE_MESSAGES_PAGE_SIZE + 1);
      const page = rows.slice(0, ADMIN_CASE_MESSAGES_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        messages: page.map((m) => ({
          id: m.id,
          content: m.content,
          isUser: m.isUser,
          createdAt: m.createdAt.toISOString(),
          aiProvider: m.aiProvider,
          aiModel: m.aiModel,
          attachments: m.attachments,
        })),
        nextCursor: rows.length > ADMIN_CASE_MESSAGES_PAGE_SIZE && last ? String(last.seq) : null,
      };
    },

    /**
     * Change a case. An attorney of the directory (`attorneyId`, whose name the case takes) refers
     * the case (spec section 4 'Case status'), unless the same request sets the status itself;
     * `assignedAttorney: null` removes the assignment and leaves the status alone.
     */
    async update(caseId: string, body: AdminCaseUpdate, actor: Actor): Promise<AdminCase> {
      let attorney: string | null | undefined = body.assignedAttorney === undefined ? undefined : null;
      if (body.attorneyId) {
        const found = await findAttorney(db, body.attorneyId);
        if (!found)
          throw invalidInput(ADMIN_CASES_TEXT.attorneyNotFound, { attorneyId: ADMIN_CASES_TEXT.attorneyNotFound });
        if (!found.isActive) {
          throw invalidInput(ADMIN_CASES_TEXT.attorneyInactive, { attorneyId: ADMIN_CASES_TEXT.attorneyInactive });
        }
        attorney = found.name;
      }
      const set: CaseChange = {};
      if (body.status !== undefined) set.status = body.status;
      if (body.complexity !== undefined) set.complexity = body.complexity;
      if (body.estimatedValue !== undefined) set.estimatedValue = body.estimatedValue;
      if (attorney !== undefined) {
        set.assignedAttorney = attorney;
        if (attorney && body.status === undefined) set.status = "referred";
      }
      const result = await changeCaseWithAudit(db, caseId, (old) => {
        const diff = differences(old, set);
        if (!diff) return null;
        return {
          set,
          audit: logs.auditRow({
            ...actor,
            action: "case.update",
            tableName: "cases",
            recordId: caseId,
            oldValues: diff.oldValues,
            newValues: body.attorneyId ? { ...diff.newValues, attorneyId: body.attorneyId } : diff.newValues,
          }),
          ...(attorney ? { assignReferrals: { attorneyId: body.attorneyId ?? null } } : {}),
        };
      });
      if (!result) throw notFound(CASE_NOT_FOUND);
      const assigned = result.row.assignedAttorney;
      if (result.changed && assigned && assigned !== result.old.assignedAttorney) {
        await attorneyMail(result.row, assigned);
      } else if (result.changed && result.row.status !== result.old.status) {
        await statusMail(result.row);
      }
      return read(caseId);
    },

    /** The row's Toggle Status: active becomes archived, any other status active (spec section 4). */
    async toggleStatus(caseId: string, actor: Actor): Promise<AdminCase> {
      const result = await changeCaseWithAudit(db, caseId, (old) => {
        const status = old.status === "active" ? "archived" : "active";
        return {
          set: { status },
          audit: logs.auditRow({
            ...actor,
            action: "case.toggle_status",
            tableName: "cases",
            recordId: caseId,
            oldValues: { status: old.status },
            newValues: { status },
          }),
        };
      });
      if (!result) throw notFound(CASE_NOT_FOUND);
      await statusMail(result.row);
      return read(caseId);
    },
  };
}

/** A status as a member reads it in a mail. */
const CASE_STATUS_WORDS: Record<CaseStatus, string> = {
  active: "active",
  referred: "referred to an attorney",
  archived: "archived",
};

export type AdminCasesService = ReturnType<typeof createAdminCasesService>;
