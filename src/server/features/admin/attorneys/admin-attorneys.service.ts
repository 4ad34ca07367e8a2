import { ADMIN_PAGE_SIZE } from "@shared/schemas/admin";
import {
  type AdminAttorney,
  type AdminReferral,
  ATTORNEY_TEXT,
  type AttorneyAvailability,
  type AttorneyList,
  type AttorneyListQuery,
  type AttorneyRemoval,
  type CreateAttorney,
  type ReferralAssignment,
  type ReferralList,
  type ReferralListQuery,
  type UpdateAttorney,
} from "@shared/schemas/admin-attorneys";
import type { Db } from "../../../db/client";
import { conflict, notFound } from "../../../lib/errors";
import { describeFault, type Logger } from "../../../lib/logger";
import { type Actor, changedValues, type LogService } from "../../logs/logs.service";
import type { MemberNotifier } from "../../mail/notify-member";
import { attorneyAssignedMail } from "../../mail/templates";
import {
  type AttorneyRow,
  assignReferral,
  findAttorney,
  findAttorneyByEmail,
  findReferral,
  insertAttorney,
  listAttorneys,
  listReferrals,
  type NewAttorney,
  type ReferralDetailRow,
  removeAttorney,
  updateAttorney,
} from "./admin-attorneys.queries";

const AVAILABILITY = new Set<string>(["available", "busy", "unavailable"]);

export function toAdminAttorney(row: AttorneyRow): AdminAttorney {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    firm: row.firm,
    specialties: row.specialties ?? [],
    location: row.location,
    rating: row.rating,
    experience: row.experience,
    hourlyRate: row.hourlyRate,
    bio: row.bio,
    isActive: row.isActive,
    caseTypes: row.caseTypes ?? [],
    availability: (AVAILABILITY.has(row.availability) ? row.availability : "unavailable") as AttorneyAvailability,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an audit row records of an attorney (everything a person entered). */
function auditValues(row: AttorneyRow): Record<string, unknown> {
  const { createdAt: _created, updatedAt: _updated, ...values } = toAdminAttorney(row);
  return values;
}

function memberName(row: ReferralDetailRow): string {
  const profileName = [row.firstName, row.lastName].filter(Boolean).join(" ").trim();
  return profileName || row.memberName || row.memberEmail;
}

export function toAdminReferral(row: ReferralDetailRow): AdminReferral {
  const r = row.referral;
  return {
    id: r.id,
    status: r.status,
    kind: r.documentId ? "document" : "case",
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    priority: Boolean(row.priority),
    feeCents: r.feeCents,
    member: { id: r.userId, name: memberName(row), email: row.memberEmail },
    case:
      r.caseId && row.caseTitle !== null
        ? {
            id: r.caseId,
            title: row.caseTitle,
            category: row.caseCategory,
            status: row.caseStatus ?? "active",
            assignedAttorney: row.caseAttorney,
          }
        : null,
    document: r.documentId && row.documentTitle !== null ? { id: r.documentId, title: row.documentTitle } : null,
    attorney:
      r.attorneyId && row.attorneyName !== null
        ? { id: r.attorneyId, name: row.attorneyName, firm: row.attorneyFirm }
        : null,
  };
}

/**
 * The attorneys directory (list, search, add, edit, delete or deactivate) and the referral queue
 * (members' referral and review requests; assigning an attorney refers the case to them and tells
 * the member by mail when the settings and their preferences allow). Every change is audited.
 */
export function createAdminAttorneysService(deps: {
  db: Db;
  logs: LogService;
  notifier: MemberNotifier;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, logs, notifier, publicUrl, logger } = deps;

  async function refuseDuplicateEmail(email: string, exceptId?: string) {
    if (await findAttorneyByEmail(db, email, exceptId)) throw conflict(ATTORNEY_TEXT.duplicateEmail);
  }

  /** Tell the member who will contact them; false when the settings or their preferences say no mail. */
  async function assignmentMail(referral: AdminReferral, attorney: AttorneyRow): Promise<boolean> {
    try {
      return await notifier.notifyMember(referral.member.id, "caseUpdate", (member, { general }, unsubscribeUrl) =>
        attorneyAssignedMail(general, {
          firstName: member.firstName,
          attorney: attorney.firm ? `${attorney.name} of ${attorney.firm}` : attorney.name,
          about: referral.document
            ? `the review of your document "${referral.document.title}"`
            : referral.case
              ? `your case "${referral.case.title}"`
              : "your referral",
          link: referral.case ? `${publicUrl}/dashboard/case/${referral.case.id}` : `${publicUrl}/dashboard/create`,
          unsubscribeUrl,
        }),
      );
    } catch (error) {
      logger.warn({ fault: describeFault(error), referralId: referral.id }, "referral assignment mail not sent");
      return false;
    }
  }

  return {
    async list(query: AttorneyListQuery): Promise<AttorneyList> {
      const { rows, total } = await listAttorneys(db, query);
      return { attorneys: rows.map(toAdminAttorney), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    async create(input: CreateAttorney, actor: Actor): Promise<AdminAttorney> {
      await refuseDuplicateEmail(input.email);
      const values: NewAttorney = { ...input };
      const row = await insertAttorney(db, values, (created) =>
        logs.auditRow({
          ...actor,
          action: "attorney.create",
          tableName: "attorneys",
          recordId: created.id,
          newValues: auditValues(created),
        }),
      );
      return toAdminAttorney(row);
    },

    async update(id: string, changes: UpdateAttorney, actor: Actor): Promise<AdminAttorney> {
      if (changes.email) await refuseDuplicateEmail(changes.email, id);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const row = await updateAttorney(db, id, defined as Partial<NewAttorney>, (before, after) =>
        logs.auditRow({
          ...actor,
          action: "attorney.update",
          tableName: "attorneys",
          recordId: id,
          ...changedValues(auditValues(before), auditValues(after)),
        }),
      );
      if (!row) throw notFound(ATTORNEY_TEXT.notFound);
      return toAdminAttorney(row);
    },

    /** Delete; or, when referrals name the attorney, deactivate (the referral history keeps them). */
    async remove(id: string, actor: Actor): Promise<AttorneyRemoval> {
      const result = await removeAttorney(db, id, ({ before, after, referrals }) =>
        after
          ? logs.auditRow({
              ...actor,
              action: "attorney.deactivate",
              tableName: "attorneys",
              recordId: id,
              oldValues: { isActive: before.isActive },
              newValues: { isActive: after.isActive, reason: "deleted while referrals name this attorney", referrals },
            })
          : logs.auditRow({
              ...actor,
              action: "attorney.delete",
              tableName: "attorneys",
              recordId: id,
              oldValues: auditValues(before),
            }),
      );
      if (!result) throw notFound(ATTORNEY_TEXT.notFound);
      return result.after
        ? { outcome: "deactivated", id, attorney: toAdminAttorney(result.after), referrals: result.referrals }
        : { outcome: "deleted", id };
    },

    async referrals(query: ReferralListQuery): Promise<ReferralList> {
      const { rows, total, pending } = await listReferrals(db, query);
      return {
        referrals: rows.map(toAdminReferral),
        total,
        pending,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * Give a referral an attorney of the directory (active, and not unavailable): the referral is
     * assigned, its case referred with the attorney's name; audited, logged, and the member told by
     * mail when allowed. Assigning again (another attorney) is allowed while it is assigned.
     */
    async assign(referralId: string, attorneyId: string, actor: Actor): Promise<ReferralAssignment> {
      const existing = await findReferral(db, referralId);
      if (!existing) throw notFound(ATTORNEY_TEXT.referralNotFound);
      const attorney = await findAttorney(db, attorneyId);
      if (!attorney) throw notFound(ATTORNEY_TEXT.notFound);
      if (!attorney.isActive) throw conflict("This attorney is inactive. Activate them first, or choose another.");
      if (attorney.availability === "unavailable") {
        throw conflict("This attorney is not taking referrals now. Please choose another.");
      }
      const assigned = await assignReferral(db, { referralId, attorney }, ({ before, caseBefore }) => ({
        audit: logs.auditRow({
          ...actor,
          action: "referral.assign",
          tableName: "attorney_referrals",
          recordId: referralId,
          oldValues: {
            status: before.status,
            attorneyId: before.attorneyId,
            ...(caseBefore
              ? { caseId: before.caseId, caseStatus: caseBefore.status, assignedAttorney: caseBefore.assignedAttorney }
              : {}),
          },
          newValues: {
            status: "assigned",
            attorneyId: attorney.id,
            ...(caseBefore ? { caseId: before.caseId, caseStatus: "referred", assignedAttorney: attorney.name } : {}),
          },
        }),
        app: logs.appRow({
          ...actor,
          category: "case",
          message: "Attorney assigned to referral",
          metadata: {
            referralId,
            attorneyId: attorney.id,
            memberId: before.userId,
            ...(before.caseId ? { caseId: before.caseId } : {}),
            ...(before.documentId ? { documentId: before.documentId } : {}),
          },
        }),
      }));
      if (!assigned) {
        throw conflict(`This referral is ${existing.referral.status} and can no longer be assigned.`);
      }
      const updated = await findReferral(db, referralId);
      if (!updated) throw notFound(ATTORNEY_TEXT.referralNotFound);
      const referral = toAdminReferral(updated);
      return { referral, mailed: await assignmentMail(referral, attorney) };
    },
  };
}

export type AdminAttorneysService = ReturnType<typeof createAdminAttorneysService>;
